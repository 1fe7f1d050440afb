/**
 * Cancellation across workers: a cancel request aborts the run when it is in flight in this process,
 * and is otherwise published on the shared store, so the worker that owns the run aborts it there.
 */
import type { LazyCancel } from '../../core/engine/index.js';
import type { SharedStore, Unsubscribe } from '../shared-store/shared-store.js';

const CHANNEL = 'execution-cancel';

export class CancelSignals {
  private unsubscribe: Unsubscribe | undefined;

  /** `live`: the cancellation of a run in flight in this process (RunChannels keeps them). */
  constructor(
    private readonly store: SharedStore,
    private readonly live: (executionId: string) => LazyCancel | undefined,
  ) {}

  async start(): Promise<void> {
    this.unsubscribe = await this.store.subscribe(CHANNEL, (executionId) => this.abortLocal(executionId));
  }

  async stop(): Promise<void> {
    await this.unsubscribe?.();
    this.unsubscribe = undefined;
  }

  async cancel(executionId: string): Promise<void> {
    if (!this.abortLocal(executionId)) await this.store.publish(CHANNEL, executionId);
  }

  private abortLocal(executionId: string): boolean {
    const controller = this.live(executionId);
    if (!controller) return false;
    controller.abort(new Error('Execution cancelled'));
    return true;
  }
}
