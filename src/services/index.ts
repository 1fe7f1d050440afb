/**
 * Builds the application services from their dependencies: repositories over the database, the
 * shared store and the configuration. Plain parameters, no container.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import { nodeRegistry } from '../nodes/registry.js';
import { createExecutionRepository } from '../store/repositories/executions.js';
import { ownerOnlyAccess } from './access/workflow-access.js';
import { CancelSignals } from './executions/cancel-signals.js';
import { ExecutionHistory } from './executions/execution-history.js';
import { ExecutionService, type CachedAnswer } from './executions/execution-service.js';
import { HistoryWriter } from './executions/history-writer.js';
import { RunChannels } from './executions/run-channel.js';
import { ResponseCache } from './limits/response-cache.js';
import { WorkflowRateLimiter } from './limits/workflow-rate-limiter.js';
import type { Database } from '../store/database.js';
import { createRefreshTokenRepository } from '../store/repositories/refresh-tokens.js';
import { createUserRepository } from '../store/repositories/users.js';
import { createWorkflowRepository } from '../store/repositories/workflows.js';
import { createAccessTokenIssuer } from './auth/access-tokens.js';
import { createAuthService } from './auth/auth-service.js';
import { createSessionRevocations } from './auth/session-revocations.js';
import { AuthLimiter } from './limits/auth-limiter.js';
import type { SharedStore } from './shared-store/shared-store.js';
import { WorkflowCache } from './workflows/workflow-cache.js';
import { createWorkflowService } from './workflows/workflow-service.js';

export interface ServiceDeps {
  config: Config;
  database: Database;
  store: SharedStore;
  logger: Pick<FastifyBaseLogger, 'error' | 'warn' | 'info'>;
}

export function createServices({ config, database, store, logger }: ServiceDeps) {
  const users = createUserRepository(database.db);
  const issuer = createAccessTokenIssuer(config.secretKey, config.accessTokenTtlSeconds);
  const auth = createAuthService({
    users,
    refreshTokens: createRefreshTokenRepository(database.db),
    issuer,
    revocations: createSessionRevocations(store),
    refreshTtlSeconds: config.refreshTokenTtlSeconds,
    accessTtlSeconds: config.accessTokenTtlSeconds,
  });
  const workflowRepository = createWorkflowRepository(database.db);
  const workflowCache = new WorkflowCache({ load: (id) => workflowRepository.findById(id), store });
  const findWorkflow = (id: string) => workflowCache.get(id);
  const executionRepository = createExecutionRepository(database.db);
  const historyWriter = new HistoryWriter({
    repository: executionRepository,
    onError: (error, rows) => logger.error({ err: error, rows }, 'execution history write failed'),
  });
  const channels = new RunChannels();
  const cancels = new CancelSignals(store);
  const responseCache = new ResponseCache<CachedAnswer>(store);
  const executions = new ExecutionService({
    registry: nodeRegistry,
    history: historyWriter,
    channels,
    cache: responseCache,
    rateLimiter: new WorkflowRateLimiter(store),
    cancels,
    findWorkflow,
    ports: {
      http: (url, init) => fetch(url, init),
      logger: {
        info: (message, fields) => logger.info(fields ?? {}, message),
        warn: (message, fields) => logger.warn(fields ?? {}, message),
        error: (message, fields) => logger.error(fields ?? {}, message),
      },
    },
  });
  const workflowService = createWorkflowService({
    workflows: workflowRepository,
    knownNodeTypes: new Set(nodeRegistry.keys()),
    onChanged: async (id) => {
      await workflowCache.changed(id);
      await responseCache.invalidateWorkflow(id);
    },
  });
  return {
    users,
    issuer,
    auth,
    authLimiter: new AuthLimiter(store),
    workflowRepository,
    workflows: workflowService,
    findWorkflow,
    workflowCache,
    canAccessWorkflow: ownerOnlyAccess,
    responseCache,
    executionRepository,
    historyWriter,
    executionHistory: new ExecutionHistory(executionRepository, historyWriter),
    channels,
    cancels,
    executions,
  };
}

export type Services = ReturnType<typeof createServices>;
