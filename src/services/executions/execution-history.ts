/** Reads of execution history that see the writer's queued rows at once (read-your-writes). */
import type {
  AccessibleExecutionFilter,
  ExecutionFilter,
  ExecutionRepository,
  ExecutionRow,
} from '../../store/repositories/executions.js';
import type { HistoryWriter } from './history-writer.js';

export class ExecutionHistory {
  constructor(
    private readonly repository: ExecutionRepository,
    private readonly writer: HistoryWriter,
  ) {}

  async find(id: string, options: { fresh?: boolean } = {}): Promise<ExecutionRow | undefined> {
    if (!options.fresh) {
      const queued = this.writer.peek(id);
      if (queued) return queued;
    }
    return this.repository.findById(id);
  }

  async list(filter: ExecutionFilter) {
    await this.writer.flush();
    return this.repository.list(filter);
  }

  /** Runs across every workflow the filter's user may see. */
  async listAccessible(filter: AccessibleExecutionFilter) {
    await this.writer.flush();
    return this.repository.listAccessible(filter);
  }
}
