/**
 * SharedStore kept in this process: what a single worker uses when no REDIS_URL is configured.
 * Expired entries are removed lazily on access and by a periodic sweep whose timer never keeps
 * the process alive; sliding windows drop hits that left the window on every hit.
 */
import { LocalChannels } from './local-channels.js';
import type {
  MessageHandler,
  SharedStore,
  SharedStoreOptions,
  SlidingWindowResult,
  Unsubscribe,
} from './shared-store.js';
import { reportToConsole } from './shared-store.js';
import { assertWindowArgs, blockingIndex, toWindowResult } from './sliding-window.js';

export interface MemoryStoreOptions extends SharedStoreOptions {
  /** Clock for expiry and default window time; tests inject one. Default Date.now. */
  clock?: () => number;
  /** How often expired entries are swept. Default 30 s. */
  sweepIntervalMs?: number;
}

type Entry =
  | { type: 'string'; value: string; expiresAtMs: number | null }
  | { type: 'window'; hits: number[]; expiresAtMs: number | null };

const DEFAULT_SWEEP_INTERVAL_MS = 30_000;

export class MemoryStore implements SharedStore {
  readonly kind = 'memory' as const;
  private readonly entries = new Map<string, Entry>();
  private readonly channels: LocalChannels;
  private readonly clock: () => number;
  private readonly sweepTimer: NodeJS.Timeout;
  private closed = false;

  /** `prefix` is accepted for symmetry with RedisStore; a memory store's state is already private. */
  constructor(options: MemoryStoreOptions = {}) {
    this.clock = options.clock ?? Date.now;
    this.channels = new LocalChannels(options.onError ?? reportToConsole);
    this.sweepTimer = setInterval(
      () => this.sweepExpired(),
      options.sweepIntervalMs ?? DEFAULT_SWEEP_INTERVAL_MS,
    );
    this.sweepTimer.unref();
  }

  async slidingWindowHit(
    key: string,
    limit: number,
    windowMs: number,
    nowMs?: number,
  ): Promise<SlidingWindowResult> {
    assertWindowArgs(limit, windowMs, nowMs);
    const now = nowMs ?? this.clock();
    const existing = this.live(key);
    if (existing && existing.type !== 'window') throw wrongType(key);
    const entry = existing ?? { type: 'window', hits: [], expiresAtMs: null };
    const hits = entry.hits;
    const firstInWindow = hits.findIndex((hitMs) => hitMs > now - windowMs);
    hits.splice(0, firstInWindow === -1 ? hits.length : firstInWindow);
    const allowed = hits.length < limit;
    if (allowed) {
      insertSorted(hits, now);
      entry.expiresAtMs = this.clock() + windowMs;
      this.entries.set(key, entry);
    }
    const state = {
      allowed,
      count: hits.length,
      oldestMs: hits[0] ?? null,
      blockingMs: allowed ? null : (hits[blockingIndex(hits.length, limit)] ?? null),
    };
    return toWindowResult(state, limit, windowMs, now);
  }

  async get(key: string): Promise<string | null> {
    const entry = this.live(key);
    if (entry && entry.type !== 'string') throw wrongType(key);
    return entry?.value ?? null;
  }

  async set(key: string, value: string, ttlMs?: number): Promise<void> {
    const expiresAtMs = ttlMs === undefined ? null : this.clock() + Math.max(1, Math.ceil(ttlMs));
    this.entries.set(key, { type: 'string', value, expiresAtMs });
  }

  async ttlMs(key: string): Promise<number | null> {
    const entry = this.live(key);
    if (!entry || entry.expiresAtMs === null) return null;
    return entry.expiresAtMs - this.clock();
  }

  async del(key: string): Promise<boolean> {
    const existed = this.live(key) !== undefined;
    this.entries.delete(key);
    return existed;
  }

  async delPrefix(keyPrefix: string): Promise<number> {
    let deleted = 0;
    for (const key of [...this.entries.keys()]) {
      if (!key.startsWith(keyPrefix)) continue;
      if (this.live(key)) deleted += 1;
      this.entries.delete(key);
    }
    return deleted;
  }

  async publish(channel: string, message: string): Promise<void> {
    this.channels.publish(channel, message);
  }

  async subscribe(channel: string, handler: MessageHandler): Promise<Unsubscribe> {
    return this.channels.subscribe(channel, handler);
  }

  async ping(): Promise<boolean> {
    return !this.closed;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.sweepTimer);
    this.entries.clear();
    this.channels.clear();
  }

  /** Removes every expired entry; returns how many. Runs on a timer, callable directly. */
  sweepExpired(): number {
    const now = this.clock();
    let removed = 0;
    for (const [key, entry] of this.entries) {
      if (entry.expiresAtMs !== null && entry.expiresAtMs <= now) {
        this.entries.delete(key);
        removed += 1;
      }
    }
    return removed;
  }

  /** Entries held, expired or not (for leak checks). */
  get size(): number {
    return this.entries.size;
  }

  private live(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry?.expiresAtMs != null && entry.expiresAtMs <= this.clock()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }
}

function insertSorted(sorted: number[], value: number): void {
  let index = sorted.length;
  while (index > 0 && (sorted[index - 1] ?? 0) > value) index -= 1;
  sorted.splice(index, 0, value);
}

function wrongType(key: string): TypeError {
  return new TypeError(`shared store key "${key}" holds a different kind of value`);
}
