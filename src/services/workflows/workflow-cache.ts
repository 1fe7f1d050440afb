/**
 * Workflow rows for the execute hot path, kept in memory so a run does not read the database first.
 * A change drops the row here and, through the shared store, on every other worker; entries also
 * expire after a short time, so a missed message costs at most that long. Callers asking for a row
 * being loaded share that load, and a reload that finds the row unchanged keeps the cached object,
 * so the plans and parameter templates kept per row object survive the expiry.
 */
import type { WorkflowRow } from '../../store/repositories/workflows.js';
import type { SharedStore, Unsubscribe } from '../shared-store/shared-store.js';

const CHANNEL = 'workflow-changed';

export interface WorkflowCacheOptions {
  load(id: string): Promise<WorkflowRow | undefined>;
  store: SharedStore;
  ttlMs?: number;
  maxEntries?: number;
}

export class WorkflowCache {
  private entries = new Map<string, { row: WorkflowRow; expiresAt: number }>();
  private generation = new Map<string, number>();
  private loading = new Map<string, Promise<WorkflowRow | undefined>>();
  private unsubscribe: Unsubscribe | undefined;
  private readonly ttlMs: number;
  private readonly maxEntries: number;

  constructor(private readonly options: WorkflowCacheOptions) {
    this.ttlMs = options.ttlMs ?? 5_000;
    this.maxEntries = options.maxEntries ?? 5_000;
  }

  async start(): Promise<void> {
    this.unsubscribe = await this.options.store.subscribe(CHANNEL, (id) => this.drop(id));
  }

  async stop(): Promise<void> {
    await this.unsubscribe?.();
  }

  get(id: string): Promise<WorkflowRow | undefined> {
    const entry = this.entries.get(id);
    if (entry && entry.expiresAt > Date.now()) return Promise.resolve(entry.row);
    return this.loading.get(id) ?? this.load(id, entry?.row);
  }

  /** The row if it is cached and has not expired, without loading it. */
  peek(id: string): WorkflowRow | undefined {
    const entry = this.entries.get(id);
    return entry && entry.expiresAt > Date.now() ? entry.row : undefined;
  }

  private load(id: string, previous: WorkflowRow | undefined): Promise<WorkflowRow | undefined> {
    const generation = this.generation.get(id) ?? 0;
    const loading = Promise.resolve(id)
      .then(this.options.load)
      .then((loaded) => {
        const row = loaded && previous && sameRow(loaded, previous) ? previous : loaded;
        // A change that landed while we were loading wins: do not cache what may be the old version.
        if (row && (this.generation.get(id) ?? 0) === generation) {
          this.entries.delete(id);
          if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
          this.entries.set(id, { row, expiresAt: Date.now() + this.ttlMs });
        }
        return row;
      })
      .finally(() => {
        if (this.loading.get(id) === loading) this.loading.delete(id);
      });
    this.loading.set(id, loading);
    return loading;
  }

  /** After a save or delete: forget it here and tell the other workers. */
  async changed(id: string): Promise<void> {
    this.drop(id);
    await this.options.store.publish(CHANNEL, id);
  }

  private drop(id: string): void {
    this.entries.delete(id);
    this.loading.delete(id);
    this.generation.set(id, (this.generation.get(id) ?? 0) + 1);
    if (this.generation.size > this.maxEntries * 2) this.generation.clear();
  }
}

/** Rows are plain data from the database: equal JSON, equal row. */
function sameRow(a: WorkflowRow, b: WorkflowRow): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
