-- History documents become text (the database no longer parses them), and workflow_id loses its
-- foreign key, whose check locked the workflow row once per history row written. The insert keeps
-- only rows whose workflow exists, and the trigger below deletes a workflow's runs with it.
ALTER TABLE "executions" DROP CONSTRAINT "executions_workflow_id_workflows_id_fk";--> statement-breakpoint
ALTER TABLE "executions" ALTER COLUMN "node_results" DROP DEFAULT, ALTER COLUMN "events" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "executions" ALTER COLUMN "inputs" SET DATA TYPE text, ALTER COLUMN "outputs" SET DATA TYPE text, ALTER COLUMN "node_results" SET DATA TYPE text, ALTER COLUMN "events" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "executions" ALTER COLUMN "node_results" SET DEFAULT '{}', ALTER COLUMN "events" SET DEFAULT '[]';--> statement-breakpoint
CREATE FUNCTION "executions_delete_with_workflows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "executions" USING "deleted_workflows" WHERE "executions"."workflow_id" = "deleted_workflows"."id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "workflows_delete_executions" AFTER DELETE ON "workflows" REFERENCING OLD TABLE AS "deleted_workflows"
  FOR EACH STATEMENT EXECUTE FUNCTION "executions_delete_with_workflows"();
