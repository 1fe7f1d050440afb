CREATE TABLE "executions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workflow_id" uuid NOT NULL,
	"status" text NOT NULL,
	"trigger_source" text,
	"test_run" boolean DEFAULT false NOT NULL,
	"user_id" uuid,
	"inputs" jsonb,
	"outputs" jsonb,
	"node_results" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"events" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"execution_time_ms" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"family_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"password_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workflows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"nodes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"edges" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"owner_id" uuid NOT NULL,
	"folder_id" uuid,
	"auth_type" text DEFAULT 'anonymous' NOT NULL,
	"allow_anonymous" boolean DEFAULT true NOT NULL,
	"auth_header_key" text,
	"auth_header_value" text,
	"http_method" text,
	"webhook_body_mode" text DEFAULT 'defined' NOT NULL,
	"cache_ttl_seconds" integer,
	"rate_limit_requests" integer,
	"rate_limit_window_seconds" integer,
	"sse_enabled" boolean DEFAULT false NOT NULL,
	"sse_node_config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"mcp_enabled" boolean DEFAULT false NOT NULL,
	"portal_enabled" boolean DEFAULT false NOT NULL,
	"portal_slug" text,
	"portal_stream_enabled" boolean DEFAULT false NOT NULL,
	"portal_file_upload_enabled" boolean DEFAULT false NOT NULL,
	"portal_file_config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"scheduled_for_deletion" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "executions" ADD CONSTRAINT "executions_workflow_id_workflows_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."workflows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflows" ADD CONSTRAINT "workflows_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "executions_workflow_started_idx" ON "executions" USING btree ("workflow_id","started_at");--> statement-breakpoint
CREATE INDEX "executions_status_idx" ON "executions" USING btree ("workflow_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "refresh_tokens_hash_unique" ON "refresh_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_idx" ON "refresh_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "workflows_owner_idx" ON "workflows" USING btree ("owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "workflows_portal_slug_unique" ON "workflows" USING btree ("portal_slug");