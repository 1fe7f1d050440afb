ALTER TABLE "executions" ALTER COLUMN "inputs" SET DATA TYPE json, ALTER COLUMN "outputs" SET DATA TYPE json, ALTER COLUMN "node_results" SET DATA TYPE json, ALTER COLUMN "node_results" SET DEFAULT '{}'::json, ALTER COLUMN "events" SET DATA TYPE json, ALTER COLUMN "events" SET DEFAULT '[]'::json;--> statement-breakpoint
-- lz4 compresses history rows far more cheaply than the default pglz. PGlite, and PostgreSQL built
-- without lz4 (or older than 14), keep pglz.
DO $$
BEGIN
  EXECUTE 'ALTER TABLE "executions" ALTER COLUMN "inputs" SET COMPRESSION lz4, ALTER COLUMN "outputs" SET COMPRESSION lz4, ALTER COLUMN "node_results" SET COMPRESSION lz4, ALTER COLUMN "events" SET COMPRESSION lz4';
EXCEPTION WHEN feature_not_supported OR syntax_error THEN
  NULL;
END $$;
