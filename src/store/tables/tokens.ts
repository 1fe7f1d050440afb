/** Execution tokens (spec 2.4): the row's id is the JWT's jti; revocation is a timestamp. */
import { index, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { createdAt, id } from './columns.js';
import { workflows } from './workflows.js';

export const executionTokens = pgTable(
  'execution_tokens',
  {
    id: id(),
    workflowId: uuid('workflow_id')
      .notNull()
      .references(() => workflows.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('execution_tokens_workflow_user_idx').on(t.workflowId, t.userId)],
);
