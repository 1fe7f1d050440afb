/** Abortable waiting. */

export function abortError(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  if (reason instanceof Error) return reason;
  const error = new Error(typeof reason === 'string' ? reason : 'The run was cancelled');
  error.name = 'AbortError';
  return error;
}

/** Resolves after `ms`, or rejects with the abort reason as soon as `signal` aborts. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.reject(abortError(signal));
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError(signal));
    };
    const timer = setTimeout(
      () => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      },
      Math.max(0, ms),
    );
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * What the engine reads of a run's cancellation: a flag checked at every node boundary, and an
 * AbortSignal for the APIs that take one (fetch, timers, child runs), made only when asked for:
 * creating an AbortController costs more than running a simple node.
 */
export interface RunCancel {
  readonly aborted: boolean;
  readonly signal: AbortSignal;
}

export class LazyCancel implements RunCancel {
  private controller: AbortController | undefined;
  private abortedWith: { reason: unknown } | undefined;

  get aborted(): boolean {
    return this.abortedWith !== undefined;
  }

  get signal(): AbortSignal {
    if (!this.controller) {
      this.controller = new AbortController();
      if (this.abortedWith) this.controller.abort(this.abortedWith.reason);
    }
    return this.controller.signal;
  }

  abort(reason: unknown): void {
    if (this.abortedWith) return;
    this.abortedWith = { reason };
    this.controller?.abort(reason);
  }
}

/** A run cancelled by an AbortSignal the caller already has. */
export function cancelBy(signal: AbortSignal): RunCancel {
  return {
    get aborted() {
      return signal.aborted;
    },
    signal,
  };
}
