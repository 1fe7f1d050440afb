/** Drizzle schema: the one description of every table; migrations are generated from it. */
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const id = () =>
  uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`);
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_email_unique').on(t.email)],
);

/** One row per issued refresh token; a login starts a family, every refresh adds a row to it. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_unique').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
  ],
);

export const workflows = pgTable(
  'workflows',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    nodes: jsonb('nodes').notNull().default([]),
    edges: jsonb('edges').notNull().default([]),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    folderId: uuid('folder_id'),
    authType: text('auth_type').notNull().default('anonymous'),
    allowAnonymous: boolean('allow_anonymous').notNull().default(true),
    authHeaderKey: text('auth_header_key'),
    authHeaderValue: text('auth_header_value'),
    /** Null for rows created before the setting existed: they read as POST. */
    httpMethod: text('http_method'),
    webhookBodyMode: text('webhook_body_mode').notNull().default('defined'),
    cacheTtlSeconds: integer('cache_ttl_seconds'),
    rateLimitRequests: integer('rate_limit_requests'),
    rateLimitWindowSeconds: integer('rate_limit_window_seconds'),
    sseEnabled: boolean('sse_enabled').notNull().default(false),
    sseNodeConfig: jsonb('sse_node_config').notNull().default({}),
    mcpEnabled: boolean('mcp_enabled').notNull().default(false),
    portalEnabled: boolean('portal_enabled').notNull().default(false),
    portalSlug: text('portal_slug'),
    portalStreamEnabled: boolean('portal_stream_enabled').notNull().default(false),
    portalFileUploadEnabled: boolean('portal_file_upload_enabled').notNull().default(false),
    portalFileConfig: jsonb('portal_file_config').notNull().default({}),
    scheduledForDeletion: timestamp('scheduled_for_deletion', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('workflows_owner_idx').on(t.ownerId),
    uniqueIndex('workflows_portal_slug_unique').on(t.portalSlug),
  ],
);

export const executions = pgTable(
  'executions',
  {
    id: uuid('id').primaryKey(),
    workflowId: uuid('workflow_id')
      .notNull()
      .references(() => workflows.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    triggerSource: text('trigger_source'),
    testRun: boolean('test_run').notNull().default(false),
    userId: uuid('user_id'),
    inputs: jsonb('inputs'),
    outputs: jsonb('outputs'),
    nodeResults: jsonb('node_results').notNull().default({}),
    events: jsonb('events').notNull().default([]),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    executionTimeMs: integer('execution_time_ms').notNull().default(0),
  },
  (t) => [
    index('executions_workflow_started_idx').on(t.workflowId, t.startedAt),
    index('executions_status_idx').on(t.workflowId, t.status),
  ],
);
