/** One row per run (design 8). */
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

import { workflows } from './workflows.js';

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
