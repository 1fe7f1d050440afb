import { and, count, desc, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { BulkCopy, BulkTransaction } from '../bulk-copy.js';
import type { Db } from '../database.js';
import { executions, workflows } from '../schema.js';
import { EXECUTIONS_COPY_TARGET, executionsCopyData } from './execution-copy.js';
import { isUuid } from './ids.js';
import {
  documentBounds,
  isPreparedExecution,
  prepareExecution,
  SEPARATOR,
  type ExecutionInsert,
  type ExecutionRow,
  type PreparedExecution,
} from './prepared-execution.js';
import { accessibleBy } from './workflows.js';

export {
  isPreparedExecution,
  prepareExecution,
  preparedAsRow,
  type ExecutionInsert,
  type ExecutionRow,
  type PreparedExecution,
} from './prepared-execution.js';

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

const EPOCH = sql.raw("timestamptz '1970-01-01 00:00:00+00'");

/**
 * A column's values as one array literal, `{a,b,NULL}`, when every value can stand in it unquoted
 * (`bare`): the pg client's array encoder quotes and escapes each element. Otherwise the values go
 * through that encoder, so the database reads each as it is, or refuses it, rather than misreading
 * the literal (a `uuid,uuid` user id, a trigger source with a comma).
 */
function arrayLiteral<T>(
  values: readonly (T | null | undefined)[],
  bare: (value: T) => boolean,
): string | SQLWrapper {
  return values.every((value) => value == null || bare(value))
    ? `{${values.map((value) => value ?? 'NULL').join(',')}}`
    : sql.param([...values]);
}

/** Text a literal reads back as itself: no quote, brace, comma, backslash or space, and not NULL. */
const WORD = /^[\w.:-]+$/;
const bareText = (value: string) =>
  typeof value === 'string' && WORD.test(value) && value.toUpperCase() !== 'NULL';
const bareBoolean = (value: boolean) => typeof value === 'boolean';
const bareInteger = (value: number) => Number.isSafeInteger(value);

/**
 * The batch as rows of one unnest call, one parameter per column: arrays for the scalars, and for
 * each document column its documents joined by SEPARATOR, which needs no escaping (a text[]
 * literal would quote and escape every document). A many-row VALUES list costs more to build than
 * the write, and one JSON parameter for the whole batch costs the database a parse of everything.
 */
function unnested(rows: readonly PreparedExecution[]): SQL {
  const scalars = rows.map(({ row }) => row);
  type Row = PreparedExecution['row'];
  const literal = <T>(type: string, bare: (value: T) => boolean, value: (row: Row) => T | null | undefined) =>
    sql`${arrayLiteral(scalars.map(value), bare)}::${sql.raw(type)}[]`;
  const uuids = (value: (row: Row) => string | null | undefined) => literal('uuid', isUuid, value);
  // Times as milliseconds since the epoch (`{1763700000000,NULL}`), not date texts to parse.
  const epochs = (value: (row: Row) => Date | null | undefined) =>
    literal('int8', bareInteger, (row) => value(row)?.getTime());
  const bounds = rows.map(({ documents }) => documentBounds(documents));
  // Each document with the separator after it, the last one's cut off.
  const joined = (index: number) => {
    const column = Buffer.concat(
      rows.map(({ documents }, row) => documents.subarray(bounds[row]![index], bounds[row]![index + 1])),
    );
    return sql`string_to_array(${column.subarray(0, column.length - 1)}, ${SEPARATOR}, '')`;
  };
  return sql`unnest(${uuids((row) => row.id)}, ${uuids((row) => row.workflowId)},
    ${literal('text', bareText, (row) => row.status)}, ${literal('text', bareText, (row) => row.triggerSource)},
    ${literal('boolean', bareBoolean, (row) => row.testRun ?? false)}, ${uuids((row) => row.userId)},
    ${joined(0)}, ${joined(1)}, ${joined(2)}, ${joined(3)}, ${epochs((row) => row.startedAt)},
    ${epochs((row) => row.finishedAt)}, ${literal('integer', bareInteger, (row) => row.executionTimeMs ?? 0)})`;
}

type WritableRow = (ExecutionInsert & { id: string }) | PreparedExecution;

const preparedRows = (rows: readonly WritableRow[]) =>
  rows.map((row) => (isPreparedExecution(row) ? row : prepareExecution(row)));

/**
 * Of the rows, those whose workflow still exists, each of those workflows locked until the
 * transaction ends (key share: a deletion waits, and its trigger then removes these rows too).
 */
async function ofLiveWorkflows(tx: BulkTransaction, rows: PreparedExecution[]): Promise<PreparedExecution[]> {
  const named = [...new Set(rows.map(({ row }) => row.workflowId))];
  const found = await tx.query<{ id: string }>(
    'select id from workflows where id = any($1::uuid[]) for key share',
    [named],
  );
  if (found.length === named.length) return rows;
  const live = new Set(found.map(({ id }) => id));
  return rows.filter(({ row }) => live.has(row.workflowId));
}

/** `bulk`: binary COPY, where the database has it (PostgreSQL); without it every write is the upsert. */
export function createExecutionRepository(db: Db, bulk?: BulkCopy) {
  const repository = {
    /**
     * Inserts rows none of which is stored yet (a run's first row), by binary COPY: the cheapest
     * write the database has. A row whose workflow no longer exists is left out: its history went
     * with it. With COPY, fails as a whole when a row's id is stored already or a row cannot be
     * stored; without it, is the upsert.
     */
    async insertMany(rows: readonly WritableRow[]): Promise<void> {
      if (!bulk) return repository.upsertMany(rows);
      if (rows.length === 0) return;
      const prepared = preparedRows(rows);
      await bulk.transaction(async (tx) => {
        const kept = await ofLiveWorkflows(tx, prepared);
        if (kept.length > 0) await tx.copyBinary(EXECUTIONS_COPY_TARGET, executionsCopyData(kept));
      });
    },

    /**
     * Inserts rows, or replaces them by id (a run's later state replaces its earlier one), in one
     * statement. A row whose workflow no longer exists is left out: its history went with it.
     */
    async upsertMany(rows: readonly WritableRow[]): Promise<void> {
      if (rows.length === 0) return;
      const prepared = preparedRows(rows);
      await db.execute(sql`
        insert into executions (id, workflow_id, status, trigger_source, test_run, user_id, inputs, outputs,
          node_results, events, started_at, finished_at, execution_time_ms)
        select x.id, x.workflow_id, x.status, x.trigger_source, x.test_run, x.user_id, x.inputs, x.outputs,
          x.node_results, x.events, ${EPOCH} + x.started_at * interval '1 millisecond',
          ${EPOCH} + x.finished_at * interval '1 millisecond', x.execution_time_ms
        from ${unnested(prepared)} as x(id, workflow_id, status, trigger_source, test_run, user_id, inputs, outputs,
          node_results, events, started_at, finished_at, execution_time_ms)
        where exists (select from workflows where workflows.id = x.workflow_id)
        on conflict (id) do update set workflow_id = excluded.workflow_id, status = excluded.status,
          trigger_source = excluded.trigger_source, test_run = excluded.test_run, user_id = excluded.user_id,
          inputs = excluded.inputs, outputs = excluded.outputs, node_results = excluded.node_results,
          events = excluded.events, started_at = excluded.started_at, finished_at = excluded.finished_at,
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
  return repository;
}

export type ExecutionRepository = ReturnType<typeof createExecutionRepository>;
