/**
 * The execute response cache (spec 4.1 rule 7), in the shared store so every worker sees it.
 * Entries live under a per-workflow prefix, so changing a workflow can drop all of its entries.
 */
import { createHash } from 'node:crypto';
import type { SharedStore } from '../shared-store/shared-store.js';
import { canonicalJson } from './canonical-json.js';

/** SHA-256 (hex) of the canonical JSON of workflow id, body and query. */
export function cacheKey(workflowId: string, body: unknown, query: unknown): string {
  return createHash('sha256').update(canonicalJson({ workflowId, body, query })).digest('hex');
}

/** Cached values round-trip through JSON, so `T` must be a JSON-compatible object type. */
export class ResponseCache<T = unknown> {
  constructor(private readonly store: SharedStore) {}

  async get(workflowId: string, key: string): Promise<T | null> {
    const stored = await this.store.get(entryKey(workflowId, key));
    return stored === null ? null : (JSON.parse(stored) as T);
  }

  /** Stores `value` for `ttlSeconds` (> 0; the caller skips caching when the setting is 0 or null). */
  async put(workflowId: string, key: string, value: T, ttlSeconds: number): Promise<void> {
    if (!Number.isFinite(ttlSeconds) || ttlSeconds <= 0) {
      throw new RangeError(`cache ttl must be a positive number of seconds, got ${ttlSeconds}`);
    }
    await this.store.set(entryKey(workflowId, key), JSON.stringify(value), ttlSeconds * 1000);
  }

  /** Drops every cached response of the workflow; returns how many. */
  async invalidateWorkflow(workflowId: string): Promise<number> {
    return this.store.delPrefix(workflowPrefix(workflowId));
  }
}

function workflowPrefix(workflowId: string): string {
  return `cache:${encodeURIComponent(workflowId)}:`;
}

function entryKey(workflowId: string, key: string): string {
  return workflowPrefix(workflowId) + key;
}
