import { and, count, desc, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
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

/**
 * NUL and surrogate halves, as JSON.stringify writes them (it escapes only lone ones). Text columns
 * would hold the escapes, but a reader loading the history into jsonb could not, so they are
 * replaced (see jsonbSafe) as they always were.
 */
const REFUSED = /\\u0000|\\ud[89a-f]/i;

/** JSON.stringify writes `\u` only for control characters and lone surrogates: most texts skip the regex. */
const refused = (json: string) => json.includes('\\u') && REFUSED.test(json);

/** The same characters raw, in the text columns. */
const refusedRaw = (text: string | null | undefined) =>
  text != null && (text.includes('\u0000') || !text.isWellFormed());

/** Joins a batch's documents into one parameter; JSON.stringify leaves no control character raw, so none holds it. */
const SEPARATOR = '\x1e';

const EPOCH = sql.raw("timestamptz '1970-01-01 00:00:00+00'");

type DocumentColumn = 'inputs' | 'outputs' | 'nodeResults' | 'events';

/**
 * A row ready for the upsert: its scalar columns, and its documents as JSON in UTF-8 ('' for SQL
 * null), each followed by SEPARATOR: inputs, outputs, node_results, events. Bytes, not strings: a
 * row waits in its batch long enough to outlive a young-generation collection, which copies every
 * string it finds but only the small object of a buffer, whose bytes live outside the heap.
 */
export interface PreparedExecution {
  row: Omit<ExecutionInsert, DocumentColumn> & { id: string };
  documents: Buffer;
}

const DOCUMENT_COUNT = 4;

function documents(row: ExecutionInsert): string[] {
  return [row.inputs, row.outputs, row.nodeResults ?? {}, row.events ?? []].map((value) =>
    value == null ? '' : JSON.stringify(value),
  );
}

const SEPARATOR_BYTE = 0x1e;

function documentBytes(texts: readonly string[]): Buffer {
  // Measured and written piece by piece: joining the texts first would copy them all once more.
  let length = texts.length;
  for (const text of texts) length += Buffer.byteLength(text);
  const bytes = Buffer.allocUnsafe(length);
  let offset = 0;
  for (const text of texts) {
    offset += bytes.write(text, offset);
    bytes[offset++] = SEPARATOR_BYTE;
  }
  return bytes;
}

/**
 * Where each document of a prepared row starts in its bytes, and where the last one ends: found
 * again by the separators (a scan of bytes) rather than kept, which would give every queued row
 * one more object for the young-generation collection to copy.
 */
function documentBounds(bytes: Buffer): number[] {
  const bounds = [0];
  for (let i = 0; i < DOCUMENT_COUNT; i++) bounds.push(bytes.indexOf(SEPARATOR_BYTE, bounds[i]!) + 1);
  return bounds;
}

function scalars(row: ExecutionInsert & { id: string }): PreparedExecution['row'] {
  return {
    id: row.id,
    workflowId: row.workflowId,
    status: row.status,
    triggerSource: row.triggerSource,
    testRun: row.testRun,
    userId: row.userId,
    startedAt: row.startedAt,
    finishedAt: row.finishedAt,
    executionTimeMs: row.executionTimeMs,
  };
}

/**
 * The row as text, with the characters PostgreSQL refuses replaced (see jsonbSafe) if it has any.
 * Throws what JSON.stringify throws (a cycle, a BigInt).
 */
export function prepareExecution(row: ExecutionInsert & { id: string }): PreparedExecution {
  const texts = documents(row);
  if (!refusedRaw(row.status) && !refusedRaw(row.triggerSource) && !texts.some(refused))
    return { row: scalars(row), documents: documentBytes(texts) };
  const cleaned = jsonbSafe(row) as ExecutionInsert & { id: string };
  return { row: scalars(cleaned), documents: documentBytes(documents(cleaned)) };
}

/** A prepared row as a read would return it once written. */
export function preparedAsRow({ row, documents: bytes }: PreparedExecution): ExecutionRow {
  const bounds = documentBounds(bytes);
  const parsed = (index: number) =>
    bounds[index + 1]! - 1 > bounds[index]!
      ? (JSON.parse(bytes.toString('utf8', bounds[index], bounds[index + 1]! - 1)) as unknown)
      : null;
  return {
    id: row.id,
    workflowId: row.workflowId,
    status: row.status,
    triggerSource: row.triggerSource ?? null,
    testRun: row.testRun ?? false,
    userId: row.userId ?? null,
    inputs: parsed(0),
    outputs: parsed(1),
    nodeResults: parsed(2),
    events: parsed(3),
    startedAt: row.startedAt,
    finishedAt: row.finishedAt ?? null,
    executionTimeMs: row.executionTimeMs ?? 0,
  };
}

export const isPreparedExecution = (row: ExecutionInsert | PreparedExecution): row is PreparedExecution =>
  'documents' in row && Buffer.isBuffer(row.documents);

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

export function createExecutionRepository(db: Db) {
  return {
    /**
     * Inserts rows, or replaces them by id (a run's later state replaces its earlier one), in one
     * statement. A row whose workflow no longer exists is left out: its history went with it.
     */
    async upsertMany(
      rows: readonly ((ExecutionInsert & { id: string }) | PreparedExecution)[],
    ): Promise<void> {
      if (rows.length === 0) return;
      const prepared = rows.map((row) => (isPreparedExecution(row) ? row : prepareExecution(row)));
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
}

export type ExecutionRepository = ReturnType<typeof createExecutionRepository>;
