import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../database.js';
import { jsonbSafe } from '../jsonb-safe.js';
import { executions, workflows } from '../schema.js';
import { isUuid } from './ids.js';
import { accessibleBy } from './workflows.js';

export type ExecutionRow = typeof executions.$inferSelect;
export type ExecutionInsert = typeof executions.$inferInsert;

export interface ExecutionFilter {
  workflowId: string;
  status?: string;
  triggerSource?: string;
  limit: number;
  offset: number;
}

/** The history across every workflow a user may see; `workflowId` narrows it to one. */
export interface AccessibleExecutionFilter extends Omit<ExecutionFilter, 'workflowId'> {
  userId: string;
  workflowId?: string;
}

/** A history row with the name of its workflow. */
export type NamedExecutionRow = ExecutionRow & { workflowName: string };

function filters(filter: Omit<ExecutionFilter, 'workflowId'> & { workflowId?: string }): SQL[] {
  const conditions: SQL[] = [];
  if (filter.workflowId) conditions.push(eq(executions.workflowId, filter.workflowId));
  if (filter.status) conditions.push(eq(executions.status, filter.status));
  if (filter.triggerSource) conditions.push(eq(executions.triggerSource, filter.triggerSource));
  return conditions;
}

const newestFirst = [desc(executions.startedAt), desc(executions.id)];

/** Escapes that jsonb refuses: NUL, and surrogate halves (JSON.stringify escapes only lone ones). */
const JSONB_REFUSES = /\\u0000|\\ud[89a-f]/i;

function batchJson(rows: ExecutionInsert[]): string {
  const shaped = rows.map((row) => ({
    id: row.id,
    workflow_id: row.workflowId,
    status: row.status,
    trigger_source: row.triggerSource ?? null,
    test_run: row.testRun ?? false,
    user_id: row.userId ?? null,
    inputs: row.inputs ?? null,
    outputs: row.outputs ?? null,
    node_results: row.nodeResults ?? {},
    events: row.events ?? [],
    started_at: row.startedAt,
    finished_at: row.finishedAt ?? null,
    execution_time_ms: row.executionTimeMs ?? 0,
  }));
  const text = JSON.stringify(shaped);
  return JSONB_REFUSES.test(text) ? JSON.stringify(jsonbSafe(shaped)) : text;
}

export function createExecutionRepository(db: Db) {
  return {
    /**
     * Inserts or replaces rows by id in one statement (a run's later state replaces its earlier one).
     * The batch travels as one JSON parameter: building a many-row VALUES list costs more than the write.
     */
    async upsertMany(rows: ExecutionInsert[]): Promise<void> {
      if (rows.length === 0) return;
      await db.execute(sql`
        insert into executions (id, workflow_id, status, trigger_source, test_run, user_id, inputs, outputs,
          node_results, events, started_at, finished_at, execution_time_ms)
        select id, workflow_id, status, trigger_source, coalesce(test_run, false), user_id, inputs, outputs,
          coalesce(node_results, '{}'::jsonb), coalesce(events, '[]'::jsonb), started_at, finished_at,
          coalesce(execution_time_ms, 0)
        from jsonb_to_recordset(${batchJson(rows)}::jsonb) as x(id uuid, workflow_id uuid, status text,
          trigger_source text, test_run boolean, user_id uuid, inputs jsonb, outputs jsonb, node_results jsonb,
          events jsonb, started_at timestamptz, finished_at timestamptz, execution_time_ms integer)
        on conflict (id) do update set status = excluded.status, outputs = excluded.outputs,
          node_results = excluded.node_results, events = excluded.events, finished_at = excluded.finished_at,
          execution_time_ms = excluded.execution_time_ms`);
    },

    async findById(id: string): Promise<ExecutionRow | undefined> {
      const [row] = await db.select().from(executions).where(eq(executions.id, id)).limit(1);
      return row;
    },

    /** The most recent finished runs of a workflow (newest first), for previews in the editor. */
    async latestFinished(workflowId: string, limit = 5): Promise<ExecutionRow[]> {
      return db
        .select()
        .from(executions)
        .where(and(eq(executions.workflowId, workflowId), sql`${executions.finishedAt} is not null`))
        .orderBy(desc(executions.startedAt))
        .limit(limit);
    },

    async list(filter: ExecutionFilter): Promise<{ items: ExecutionRow[]; total: number }> {
      const where = and(...filters(filter));
      const [items, [totals]] = await Promise.all([
        db
          .select()
          .from(executions)
          .where(where)
          .orderBy(...newestFirst)
          .limit(filter.limit)
          .offset(filter.offset),
        db.select({ total: count() }).from(executions).where(where),
      ]);
      return { items, total: Number(totals?.total ?? 0) };
    },

    /**
     * Runs of every workflow `userId` may see (owned, shared directly or through a team: the same
     * `accessibleBy` condition as the workflow list), newest first, each with its workflow's name.
     */
    async listAccessible(
      filter: AccessibleExecutionFilter,
    ): Promise<{ items: NamedExecutionRow[]; total: number }> {
      if (!isUuid(filter.userId) || (filter.workflowId !== undefined && !isUuid(filter.workflowId)))
        return { items: [], total: 0 };
      const where = and(accessibleBy(filter.userId), ...filters(filter));
      const [rows, [totals]] = await Promise.all([
        db
          .select({ execution: executions, workflowName: workflows.name })
          .from(executions)
          .innerJoin(workflows, eq(workflows.id, executions.workflowId))
          .where(where)
          .orderBy(...newestFirst)
          .limit(filter.limit)
          .offset(filter.offset),
        db
          .select({ total: count() })
          .from(executions)
          .innerJoin(workflows, eq(workflows.id, executions.workflowId))
          .where(where),
      ]);
      return {
        items: rows.map((row) => ({ ...row.execution, workflowName: row.workflowName })),
        total: Number(totals?.total ?? 0),
      };
    },
  };
}

export type ExecutionRepository = ReturnType<typeof createExecutionRepository>;
