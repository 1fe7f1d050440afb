/**
 * The arithmetic both stores share, so their answers agree to the second: argument checks and the
 * translation of a window's state into a `SlidingWindowResult`.
 */
import type { SlidingWindowResult } from './shared-store.js';

/** What a store knows after applying one hit to a window. */
export interface WindowState {
  allowed: boolean;
  /** Hits in the window after this one was (or was not) recorded. */
  count: number;
  /** Timestamp of the oldest hit in the window; null when it is empty. */
  oldestMs: number | null;
  /** When rejected: timestamp of the hit whose departure frees a slot. */
  blockingMs: number | null;
}

export function assertWindowArgs(limit: number, windowMs: number, nowMs: number | undefined): void {
  if (!Number.isSafeInteger(limit) || limit < 1) {
    throw new RangeError(`sliding window limit must be a positive integer, got ${limit}`);
  }
  if (!Number.isSafeInteger(windowMs) || windowMs < 1) {
    throw new RangeError(`sliding window length must be a positive whole number of ms, got ${windowMs}`);
  }
  if (nowMs !== undefined && (!Number.isSafeInteger(nowMs) || nowMs < 0)) {
    throw new RangeError(`sliding window time must be a non-negative whole number of ms, got ${nowMs}`);
  }
}

/** Index (oldest first) of the hit that must leave before a rejected hit fits. */
export function blockingIndex(count: number, limit: number): number {
  return Math.max(0, count - limit);
}

function secondsUntilLeaves(timestampMs: number, windowMs: number, nowMs: number): number {
  return Math.max(0, Math.ceil((timestampMs + windowMs - nowMs) / 1000));
}

export function toWindowResult(
  state: WindowState,
  limit: number,
  windowMs: number,
  nowMs: number,
): SlidingWindowResult {
  const resetSeconds = state.oldestMs === null ? 0 : secondsUntilLeaves(state.oldestMs, windowMs, nowMs);
  const retryAfterSeconds = state.allowed
    ? 0
    : Math.max(1, secondsUntilLeaves(state.blockingMs ?? nowMs, windowMs, nowMs));
  return {
    allowed: state.allowed,
    limit,
    remaining: Math.max(0, limit - state.count),
    resetSeconds,
    retryAfterSeconds,
  };
}
