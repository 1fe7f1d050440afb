/**
 * History rows made ready to write: their documents turned into JSON once, as UTF-8 bytes, with the
 * characters PostgreSQL refuses replaced. Both ways of writing (COPY for new rows, the upsert for
 * replaced ones) take rows in this form, and a queued row reads back from it.
 */
import { jsonbSafe } from '../jsonb-safe.js';
import type { executions } from '../schema.js';

export type ExecutionRow = typeof executions.$inferSelect;
export type ExecutionInsert = typeof executions.$inferInsert;

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

/** Ends each document of a prepared row; JSON.stringify leaves no control character raw, so none holds it. */
export const SEPARATOR = '\x1e';

type DocumentColumn = 'inputs' | 'outputs' | 'nodeResults' | 'events';

/**
 * A row ready to write: its scalar columns, and its documents as JSON in UTF-8 ('' for SQL
 * null), each followed by SEPARATOR: inputs, outputs, node_results, events. Bytes, not strings: a
 * row waits in its batch long enough to outlive a young-generation collection, which copies every
 * string it finds but only the small object of a buffer, whose bytes live outside the heap.
 */
export interface PreparedExecution {
  row: Omit<ExecutionInsert, DocumentColumn> & { id: string };
  documents: Buffer;
}

export const DOCUMENT_COUNT = 4;

function documents(row: ExecutionInsert): string[] {
  return [row.inputs, row.outputs, row.nodeResults ?? {}, row.events ?? []].map((value) =>
    value == null ? '' : JSON.stringify(value),
  );
}

const SEPARATOR_BYTE = SEPARATOR.charCodeAt(0);

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
export function documentBounds(bytes: Buffer): number[] {
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
