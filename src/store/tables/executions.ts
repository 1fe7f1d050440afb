/**
 * One row per run (design 8). The documents are JSON kept as text (`jsonText`): they are written
 * once per run and read back whole, never queried inside, and parsing them on input (as `jsonb`,
 * and even `json`, does) was most of the database's cost of writing history. For the same reason
 * `workflow_id` has no foreign key, whose per-row check locks the workflow row: the insert keeps
 * only rows whose workflow exists, and a trigger (migration 0003) deletes a workflow's runs with it.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

import { jsonText } from './columns.js';

export const executions = pgTable(
  'executions',
  {
    id: uuid('id').primaryKey(),
    workflowId: uuid('workflow_id').notNull(),
    status: text('status').notNull(),
    triggerSource: text('trigger_source'),
    testRun: boolean('test_run').notNull().default(false),
    userId: uuid('user_id'),
    inputs: jsonText('inputs'),
    outputs: jsonText('outputs'),
    nodeResults: jsonText('node_results')
      .notNull()
      .default(sql`'{}'`),
    events: jsonText('events')
      .notNull()
      .default(sql`'[]'`),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    executionTimeMs: integer('execution_time_ms').notNull().default(0),
  },
  (t) => [
    index('executions_workflow_started_idx').on(t.workflowId, t.startedAt),
    // Most runs succeed, and a list filtered on success reads the started index fast enough; only
    // the other statuses are rare enough to need an index, and success rows skip its upkeep.
    index('executions_unsuccessful_idx')
      .on(t.workflowId, t.status)
      .where(sql`${t.status} <> 'success'`),
  ],
);
