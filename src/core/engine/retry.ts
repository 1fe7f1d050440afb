/** Per-node retry policy: `retryEnabled`, `retryMaxAttempts` (total tries), `retryWaitSeconds`. */
import type { WorkflowNode } from '../workflow/index.js';
import { sleep } from './abort.js';
import { isRetriable } from './errors.js';

export const DEFAULT_MAX_ATTEMPTS = 3;
export const DEFAULT_RETRY_WAIT_SECONDS = 1;

export interface RetryPolicy {
  maxAttempts: number;
  waitMs: number;
}

export function retryPolicyOf(node: WorkflowNode): RetryPolicy {
  if (node.data.retryEnabled !== true) return { maxAttempts: 1, waitMs: 0 };
  return {
    maxAttempts: Math.max(1, node.data.retryMaxAttempts ?? DEFAULT_MAX_ATTEMPTS),
    waitMs: Math.max(0, node.data.retryWaitSeconds ?? DEFAULT_RETRY_WAIT_SECONDS) * 1000,
  };
}

export type Attempted<T> =
  { ok: true; value: T; attempts: number } | { ok: false; error: unknown; attempts: number };

/**
 * Calls `attempt` until it succeeds, fails with a non-retriable error, runs out of attempts or the
 * signal aborts. `onRetry(next)` is called before each retry's wait.
 */
export async function withRetry<T>(
  policy: RetryPolicy,
  signal: AbortSignal,
  attempt: (n: number) => Promise<T>,
  onRetry: (next: number) => void,
): Promise<Attempted<T>> {
  for (let n = 1; ; n++) {
    try {
      return { ok: true, value: await attempt(n), attempts: n };
    } catch (error) {
      if (n >= policy.maxAttempts || signal.aborted || !isRetriable(error))
        return { ok: false, error, attempts: n };
      onRetry(n + 1);
      try {
        await sleep(policy.waitMs, signal);
      } catch {
        return { ok: false, error, attempts: n };
      }
    }
  }
}
