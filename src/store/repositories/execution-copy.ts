/**
 * History rows in PostgreSQL's binary COPY format: a signature, then per row its field count and
 * each field as a length and its bytes (-1 for null), then a trailer. Nothing is quoted, escaped or
 * parsed on either side: the documents go as the UTF-8 bytes they were prepared as, ids as their
 * 16 bytes, times as microseconds since 2000-01-01.
 */
import { DOCUMENT_COUNT, documentBounds, type PreparedExecution } from './prepared-execution.js';

/** The table and the columns the fields fill, in order. */
export const EXECUTIONS_COPY_TARGET =
  'executions (id, workflow_id, status, trigger_source, test_run, user_id, inputs, outputs, ' +
  'node_results, events, started_at, finished_at, execution_time_ms)';

const FIELD_COUNT = 13;
const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
/** Flags and header-extension length after the signature. */
const HEADER_SIZE = SIGNATURE.length + 8;
const UUID_SIZE = 16;
const TIME_SIZE = 8;
const UNIX_TO_POSTGRES_EPOCH_MS = Date.UTC(2000, 0, 1);
const TWO_TO_32 = 2 ** 32;

export function executionsCopyData(rows: readonly PreparedExecution[]): Buffer {
  let size = HEADER_SIZE + 2;
  for (const prepared of rows) size += rowSize(prepared);
  const out = new CopyWriter(Buffer.allocUnsafe(size));
  out.bytes(SIGNATURE, 0, SIGNATURE.length);
  out.int32(0);
  out.int32(0);
  for (const prepared of rows) writeRow(out, prepared);
  out.int16(-1);
  return out.buffer;
}

function rowSize({ row, documents }: PreparedExecution): number {
  const text = (value: string | null | undefined) => (value == null ? 0 : Buffer.byteLength(value));
  const lengths = 2 + FIELD_COUNT * 4; // the field count, and each field's length
  const ids = (row.userId == null ? 2 : 3) * UUID_SIZE;
  const texts = text(row.status) + text(row.triggerSource);
  const testRun = 1;
  const documentBytes = documents.length - DOCUMENT_COUNT; // without their separators
  const times = (row.finishedAt == null ? 1 : 2) * TIME_SIZE;
  const executionTime = 4;
  return lengths + ids + texts + testRun + documentBytes + times + executionTime;
}

function writeRow(out: CopyWriter, { row, documents }: PreparedExecution): void {
  out.int16(FIELD_COUNT);
  out.uuid(row.id);
  out.uuid(row.workflowId);
  out.text(row.status);
  out.text(row.triggerSource);
  out.boolean(row.testRun ?? false);
  out.uuid(row.userId);
  const bounds = documentBounds(documents);
  for (let i = 0; i < DOCUMENT_COUNT; i++) {
    const end = bounds[i + 1]! - 1;
    if (end > bounds[i]!) out.field(documents, bounds[i]!, end);
    else out.null(); // '' is how a prepared row holds SQL null
  }
  out.time(row.startedAt);
  out.time(row.finishedAt);
  out.int32(4);
  out.int32(row.executionTimeMs ?? 0);
}

const HEX = new Int8Array(128).fill(-1);
for (let i = 0; i < 16; i++) {
  HEX['0123456789abcdef'.charCodeAt(i)] = i;
  HEX['0123456789ABCDEF'.charCodeAt(i)] = i;
}
const hexDigit = (code: number) => (code < 128 ? HEX[code]! : -1);
/** Where each byte's two digits start in a UUID's text, and where its dashes are. */
const BYTE_STARTS = [0, 2, 4, 6, 9, 11, 14, 16, 19, 21, 24, 26, 28, 30, 32, 34];
const DASHES = [8, 13, 18, 23];

class CopyWriter {
  private offset = 0;

  constructor(readonly buffer: Buffer) {}

  int16(value: number): void {
    this.offset = this.buffer.writeInt16BE(value, this.offset);
  }

  int32(value: number): void {
    this.offset = this.buffer.writeInt32BE(value, this.offset);
  }

  null(): void {
    this.int32(-1);
  }

  bytes(source: Buffer, start: number, end: number): void {
    this.offset += source.copy(this.buffer, this.offset, start, end);
  }

  field(source: Buffer, start: number, end: number): void {
    this.int32(end - start);
    this.bytes(source, start, end);
  }

  text(value: string | null | undefined): void {
    if (value == null) return this.null();
    const written = this.buffer.write(value, this.offset + 4);
    this.int32(written);
    this.offset += written;
  }

  boolean(value: boolean): void {
    this.int32(1);
    this.buffer[this.offset++] = value ? 1 : 0;
  }

  /** Throws on text that is not a UUID: the database would refuse it too. */
  uuid(value: string | null | undefined): void {
    if (value == null) return this.null();
    const malformed = value.length !== 36 || DASHES.some((at) => value.charCodeAt(at) !== 0x2d);
    if (malformed) throw new TypeError(`not a UUID: ${JSON.stringify(value)}`);
    this.int32(UUID_SIZE);
    for (const at of BYTE_STARTS) {
      const high = hexDigit(value.charCodeAt(at));
      const low = hexDigit(value.charCodeAt(at + 1));
      if (high < 0 || low < 0) throw new TypeError(`not a UUID: ${JSON.stringify(value)}`);
      this.buffer[this.offset++] = (high << 4) | low;
    }
  }

  /** A timestamptz: signed 64-bit microseconds, written as two 32-bit halves (exact below 2^53). */
  time(value: Date | null | undefined): void {
    if (value == null) return this.null();
    const ms = value.getTime();
    if (!Number.isFinite(ms)) throw new RangeError('invalid date');
    const micros = (ms - UNIX_TO_POSTGRES_EPOCH_MS) * 1000;
    const high = Math.floor(micros / TWO_TO_32);
    this.int32(TIME_SIZE);
    this.int32(high);
    this.offset = this.buffer.writeUInt32BE(micros - high * TWO_TO_32, this.offset);
  }
}
