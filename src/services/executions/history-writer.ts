/**
 * Writes execution history off the hot path: rows are queued and flushed in batches (one upsert
 * statement per batch). A later state of the same run replaces its queued earlier state, so a fast
 * run costs one row write. A finished run's row is turned into text soon after it is recorded, as
 * background work (in the app, at the end of the turn, after the replies have gone out): its
 * objects die young, and the flush, which holds up every request while it runs, only joins
 * strings. A running row usually gives way to its final state first, and is prepared at the flush
 * if not. Batches are written one at a time; rows queued while one is being written join the next,
 * so batches grow with the load. A run's first row is inserted by COPY (see insertMany); only a row
 * replacing a state already written (a run that was still running at a flush) needs the upsert.
 * `flush()` drains the queue; `close()` is called on shutdown so nothing queued is lost.
 */
import {
  isPreparedExecution,
  prepareExecution,
  preparedAsRow,
  type ExecutionInsert,
  type ExecutionRepository,
  type ExecutionRow,
  type PreparedExecution,
} from '../../store/repositories/executions.js';

type RunRow = ExecutionInsert & { id: string };
type QueuedRow = RunRow | PreparedExecution;
/** Rows by run id; a run's later state replaces its earlier one. */
type Batch = Map<string, QueuedRow>;

export interface HistoryWriterOptions {
  repository: ExecutionRepository;
  /** Longest a row waits before its batch is written. */
  flushIntervalMs?: number;
  maxBatchSize?: number;
  /** Runs the work put off from record() (rows into text, a full batch's write); by default on the next turn. */
  background?: (task: () => void) => void;
  onError?: (error: unknown, rows: number) => void;
}

export class HistoryWriter {
  private pending: Batch = new Map();
  /**
   * Batches being written, oldest first: still visible to peek() until their write has landed.
   * Kept whole, not merged into one long-lived map whose every entry added and removed would cost
   * it a share of a new table in the old generation.
   */
  private writing: Batch[] = [];
  private timer: NodeJS.Timeout | undefined;
  private inFlight: Promise<void> = Promise.resolve();
  /** The flush waiting for the write under way, if any. */
  private next: Promise<void> | undefined;
  private readonly flushIntervalMs: number;
  private readonly maxBatchSize: number;
  /** Finished rows recorded since the last preparation. */
  private unprepared: RunRow[] = [];
  private flushScheduled = false;
  private readonly background: (task: () => void) => void;
  /**
   * Runs whose running state has been taken to be written: their next row replaces it. Only runs
   * still going at a flush are here, so a fast run costs this set nothing.
   */
  private storedRunning = new Set<string>();

  constructor(private readonly options: HistoryWriterOptions) {
    this.flushIntervalMs = options.flushIntervalMs ?? 20;
    this.maxBatchSize = options.maxBatchSize ?? 200;
    this.background = options.background ?? setImmediate;
  }

  record(row: RunRow): void {
    this.pending.set(row.id, row);
    if (row.status !== 'running' && this.unprepared.push(row) === 1) this.background(this.prepareFinished);
    if (this.pending.size >= this.maxBatchSize) this.flushSoon();
    else this.timer ??= setTimeout(() => void this.flush(), this.flushIntervalMs);
  }

  /**
   * Records the row `make` returns once this turn's replies have gone, if it returns one. A run
   * records its running state this way: a run that finishes within the turn (most do) never builds
   * that row, and one still going has it before a client told of the run (by a reply or a stream
   * frame) can ask for it, since the client's request is read in a later turn.
   */
  recordAfterTurn(make: () => RunRow | undefined): void {
    this.background(() => {
      const row = make();
      if (row) this.record(row);
    });
  }

  /** A full batch is written after the replies of this turn, not in front of them. */
  private flushSoon(): void {
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    this.background(() => {
      this.flushScheduled = false;
      void this.flush();
    });
  }

  /** A queued row not yet written, so readers see their own writes at once. */
  peek(id: string): ExecutionRow | undefined {
    let row = this.pending.get(id);
    for (let i = this.writing.length - 1; !row && i >= 0; i--) row = this.writing[i]!.get(id);
    const ready = row && (isRunRow(row) ? prepared(row) : row);
    // A row JSON cannot hold will never be stored, so it is not shown either.
    return ready && !isRunRow(ready) ? preparedAsRow(ready) : undefined;
  }

  /** Writes everything queued so far (and waits for writes already under way). */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    // One flush waits behind the write under way and takes its batch when that write has landed,
    // so rows queued meanwhile join it.
    this.next ??= this.inFlight.then(() => {
      this.next = undefined;
      return this.write(this.take());
    });
    this.inFlight = this.next;
    return this.next;
  }

  async close(): Promise<void> {
    await this.flush();
  }

  private readonly prepareFinished = (): void => {
    const rows = this.unprepared;
    this.unprepared = [];
    // A row already taken by a flush, or replaced by a later state, is left to that.
    for (const row of rows) if (this.pending.get(row.id) === row) this.pending.set(row.id, prepared(row));
  };

  /** Moves the queue to `writing`, where peek() still sees it. */
  private take(): Batch {
    const batch = this.pending;
    this.pending = new Map();
    for (const [id, row] of batch) if (isRunRow(row)) batch.set(id, prepared(row));
    this.writing.push(batch);
    return batch;
  }

  private async write(batch: Batch): Promise<void> {
    const { repository } = this.options;
    const first: QueuedRow[] = [];
    const replacing: QueuedRow[] = [];
    for (const [id, row] of batch) {
      (this.storedRunning.has(id) ? replacing : first).push(row);
      if (statusOf(row) === 'running') this.storedRunning.add(id);
      else this.storedRunning.delete(id);
    }
    try {
      await this.writeChunks(first, (chunk) => repository.insertMany(chunk));
      await this.writeChunks(replacing, (chunk) => repository.upsertMany(chunk));
    } finally {
      this.writing.splice(this.writing.indexOf(batch), 1);
    }
  }

  private async writeChunks(
    rows: QueuedRow[],
    writeChunk: (chunk: QueuedRow[]) => Promise<void>,
  ): Promise<void> {
    for (let start = 0; start < rows.length; start += this.maxBatchSize) {
      const chunk = rows.slice(start, start + this.maxBatchSize);
      try {
        await writeChunk(chunk);
      } catch {
        // One bad row must not take its batch down with it: retry them one by one, each inserted
        // or replacing whatever is stored under its id.
        for (const row of chunk) {
          await this.options.repository
            .upsertMany([row])
            .catch((error: unknown) => this.options.onError?.(error, 1));
        }
      }
    }
  }
}

const isRunRow = (row: QueuedRow): row is RunRow => !isPreparedExecution(row);

const statusOf = (row: QueuedRow) => (isRunRow(row) ? row.status : row.row.status);

/** A row JSON.stringify refuses stays as it is: its write fails alone and is reported. */
function prepared(row: RunRow): RunRow | PreparedExecution {
  try {
    return prepareExecution(row);
  } catch {
    return row;
  }
}
