/** Workflows: the document and every setting of spec 2.1. */
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
import { createdAt, id, updatedAt } from './columns.js';
import { users } from './accounts.js';
import { folders } from './folders.js';

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
    folderId: uuid('folder_id').references(() => folders.id, { onDelete: 'set null' }),
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
    updatedAt: updatedAt(),
  },
  (t) => [
    index('workflows_owner_idx').on(t.ownerId),
    uniqueIndex('workflows_portal_slug_unique').on(t.portalSlug),
  ],
);
