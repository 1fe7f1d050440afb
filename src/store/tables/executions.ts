/**
 * One row per run (design 8). The documents are `json`, not `jsonb`: they are written once per run
 * and read back whole, never queried inside, and `jsonb` input (parsing into the binary form) was
 * most of the database's cost of writing history.
 */
import { boolean, index, integer, json, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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
    inputs: json('inputs'),
    outputs: json('outputs'),
    nodeResults: json('node_results').notNull().default({}),
    events: json('events').notNull().default([]),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    executionTimeMs: integer('execution_time_ms').notNull().default(0),
  },
  (t) => [
    index('executions_workflow_started_idx').on(t.workflowId, t.startedAt),
    index('executions_status_idx').on(t.workflowId, t.status),
  ],
);
