/**
 * Cancellation across workers: each run registers its cancellation here; a cancel request aborts
 * it when the run is in this process and is also published on the shared store, so the worker that
 * owns the run aborts it there.
 */
import { LazyCancel } from '../../core/engine/index.js';
import type { SharedStore, Unsubscribe } from '../shared-store/shared-store.js';

const CHANNEL = 'execution-cancel';

export class CancelSignals {
  private controllers = new Map<string, LazyCancel>();
  private unsubscribe: Unsubscribe | undefined;

  constructor(private readonly store: SharedStore) {}

  async start(): Promise<void> {
    this.unsubscribe = await this.store.subscribe(CHANNEL, (executionId) => this.abortLocal(executionId));
  }

  async stop(): Promise<void> {
    await this.unsubscribe?.();
    this.unsubscribe = undefined;
  }

  register(executionId: string): LazyCancel {
    const controller = new LazyCancel();
    this.controllers.set(executionId, controller);
    return controller;
  }

  release(executionId: string): void {
    this.controllers.delete(executionId);
  }

  isLocal(executionId: string): boolean {
    return this.controllers.has(executionId);
  }

  async cancel(executionId: string): Promise<void> {
    if (!this.abortLocal(executionId)) await this.store.publish(CHANNEL, executionId);
  }

  private abortLocal(executionId: string): boolean {
    const controller = this.controllers.get(executionId);
    if (!controller) return false;
    controller.abort(new Error('Execution cancelled'));
    return true;
  }
}
