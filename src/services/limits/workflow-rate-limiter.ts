/**
 * Per-workflow execute limits (spec 8.1): a sliding window per workflow id + client IP, answered
 * as the headers every execute response carries (architecture 10).
 */
import type { SharedStore, SlidingWindowResult } from '../shared-store/shared-store.js';

export interface WorkflowRateLimit {
  requests: number;
  windowSeconds: number;
}

export interface RateLimitDecision {
  allowed: boolean;
  /** X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, and Retry-After when refused. */
  headers: Record<string, string>;
}

/** The workflow's limit, or null when its settings do not enable one (missing or non-positive). */
export function workflowRateLimitOf(settings: {
  rate_limit_requests?: number | null;
  rate_limit_window_seconds?: number | null;
}): WorkflowRateLimit | null {
  const requests = settings.rate_limit_requests ?? 0;
  const windowSeconds = settings.rate_limit_window_seconds ?? 0;
  if (!Number.isSafeInteger(requests) || requests < 1) return null;
  if (!Number.isSafeInteger(windowSeconds) || windowSeconds < 1) return null;
  return { requests, windowSeconds };
}

export class WorkflowRateLimiter {
  constructor(private readonly store: SharedStore) {}

  /** Counts one execute call of `workflowId` from `clientIp`; `nowMs` defaults to the store's clock. */
  async hit(
    workflowId: string,
    clientIp: string,
    rateLimit: WorkflowRateLimit,
    nowMs?: number,
  ): Promise<RateLimitDecision> {
    const key = `rate:${encodeURIComponent(workflowId)}:${clientIp}`;
    const window = await this.store.slidingWindowHit(
      key,
      rateLimit.requests,
      rateLimit.windowSeconds * 1000,
      nowMs,
    );
    return { allowed: window.allowed, headers: rateLimitHeaders(window) };
  }

  /** Forgets every window of a workflow, e.g. after its limit settings changed. */
  async resetWorkflow(workflowId: string): Promise<number> {
    return this.store.delPrefix(`rate:${encodeURIComponent(workflowId)}:`);
  }
}

export function rateLimitHeaders(window: SlidingWindowResult): Record<string, string> {
  const headers: Record<string, string> = {
    'X-RateLimit-Limit': String(window.limit),
    'X-RateLimit-Remaining': String(window.remaining),
    'X-RateLimit-Reset': String(window.resetSeconds),
  };
  if (!window.allowed) headers['Retry-After'] = String(window.retryAfterSeconds);
  return headers;
}
