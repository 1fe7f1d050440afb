-- Success rows, most of all, no longer go into a status index: lists filtered on success read the
-- (workflow_id, started_at) index, and the partial index keeps the rare statuses quick to find.
DROP INDEX "executions_status_idx";--> statement-breakpoint
CREATE INDEX "executions_unsuccessful_idx" ON "executions" USING btree ("workflow_id","status") WHERE "executions"."status" <> 'success';