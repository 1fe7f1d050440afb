/** The run side of the service: execution service, history, live channels, cancels, cache. */
import type { FastifyBaseLogger } from 'fastify';
import type { NodeRegistry } from '../../core/engine/index.js';
import type { BulkCopy } from '../../store/bulk-copy.js';
import type { Database, Db } from '../../store/database.js';
import { createExecutionRepository } from '../../store/repositories/executions.js';
import { ResponseCache } from '../limits/response-cache.js';
import { WorkflowRateLimiter } from '../limits/workflow-rate-limiter.js';
import type { SharedStore } from '../shared-store/shared-store.js';
import type { TurnEnd } from '../turn-end.js';
import { CancelSignals } from './cancel-signals.js';
import { ExecutionHistory } from './execution-history.js';
import { ExecutionService, type CachedAnswer, type WorkflowRow } from './execution-service.js';
import { HistoryWriter } from './history-writer.js';
import { RunChannels } from './run-channel.js';
import type { RunResourceSources } from './run-resources.js';

/**
 * How history is batched on each database. PGlite writes on this thread, so a batch holds up the
 * replies for as long as it takes: keep batches small. PostgreSQL writes in its own process, and
 * fewer, larger batches cost it the same per row but wake it (taking a CPU from the server) a fifth
 * as often.
 */
const HISTORY_BATCHES = {
  pglite: { flushIntervalMs: 20, maxBatchSize: 200 },
  postgres: { flushIntervalMs: 100, maxBatchSize: 1000 },
} as const;

export interface ExecutionServicesDeps {
  db: Db;
  databaseKind: Database['kind'];
  bulk?: BulkCopy;
  store: SharedStore;
  logger: Pick<FastifyBaseLogger, 'error' | 'warn' | 'info'>;
  turnEnd: TurnEnd;
  registry: NodeRegistry;
  findWorkflow(id: string): Promise<WorkflowRow | undefined>;
  resources: RunResourceSources;
}

export function createExecutionServices({
  db,
  databaseKind,
  bulk,
  store,
  logger,
  turnEnd,
  registry,
  findWorkflow,
  resources,
}: ExecutionServicesDeps) {
  const executionRepository = createExecutionRepository(db, bulk);
  const historyWriter = new HistoryWriter({
    repository: executionRepository,
    ...HISTORY_BATCHES[databaseKind],
    background: (task) => turnEnd.afterReplies(task),
    onError: (error, rows) => logger.error({ err: error, rows }, 'execution history write failed'),
  });
  const channels = new RunChannels();
  const cancels = new CancelSignals(store, (executionId) => channels.cancelOf(executionId));
  const responseCache = new ResponseCache<CachedAnswer>(store);
  const executions = new ExecutionService({
    registry,
    history: historyWriter,
    channels,
    cache: responseCache,
    rateLimiter: new WorkflowRateLimiter(store),
    cancels,
    findWorkflow,
    resources,
    ports: {
      http: (url, init) => fetch(url, init),
      logger: {
        info: (message, fields) => logger.info(fields ?? {}, message),
        warn: (message, fields) => logger.warn(fields ?? {}, message),
        error: (message, fields) => logger.error(fields ?? {}, message),
      },
    },
  });
  return {
    executions,
    executionRepository,
    historyWriter,
    executionHistory: new ExecutionHistory(executionRepository, historyWriter),
    channels,
    cancels,
    responseCache,
  };
}
