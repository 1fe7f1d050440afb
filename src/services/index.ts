/**
 * Builds the application services from their dependencies: repositories over the database, the
 * shared store and the configuration. Plain parameters, no container; each area's factory lives
 * beside its services and this file only orders them.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import { nodeRegistry } from '../nodes/registry.js';
import type { Database } from '../store/database.js';
import { createFolderRepository } from '../store/repositories/folders.js';
import { createRefreshTokenRepository } from '../store/repositories/refresh-tokens.js';
import { createUserRepository } from '../store/repositories/users.js';
import { createWorkflowRepository } from '../store/repositories/workflows.js';
import { createAccessServices } from './access/access-services.js';
import { createAccessTokenIssuer } from './auth/access-tokens.js';
import { createAuthService } from './auth/auth-service.js';
import { createSessionRevocations } from './auth/session-revocations.js';
import { createCredentialServices } from './credentials/index.js';
import { createExecutionServices } from './executions/index.js';
import { createFolderServices } from './folders/index.js';
import { createDeletionCleanupJob } from './jobs/deletion-cleanup.js';
import { AuthLimiter } from './limits/auth-limiter.js';
import type { SharedStore } from './shared-store/shared-store.js';
import { createTokenServices } from './tokens/index.js';
import { TurnEnd } from './turn-end.js';
import { WorkflowCache } from './workflows/workflow-cache.js';
import { createWorkflowService } from './workflows/workflow-service.js';

export interface ServiceDeps {
  config: Config;
  database: Database;
  store: SharedStore;
  logger: Pick<FastifyBaseLogger, 'error' | 'warn' | 'info'>;
}

export function createServices({ config, database, store, logger }: ServiceDeps) {
  const { db } = database;
  const knownNodeTypes = new Set(nodeRegistry.keys());
  const turnEnd = new TurnEnd((error) => logger.error({ err: error }, 'end-of-turn task failed'));

  // Accounts and sessions.
  const users = createUserRepository(db);
  const issuer = createAccessTokenIssuer(config.secretKey, config.accessTokenTtlSeconds);
  const auth = createAuthService({
    users,
    refreshTokens: createRefreshTokenRepository(db),
    issuer,
    revocations: createSessionRevocations(store),
    refreshTtlSeconds: config.refreshTokenTtlSeconds,
    accessTtlSeconds: config.accessTokenTtlSeconds,
  });

  // Workflows, who may see them (canAccessWorkflow, workflowSharing, teams, teamRepository).
  const workflowRepository = createWorkflowRepository(db);
  const workflowCache = new WorkflowCache({ load: (id) => workflowRepository.findById(id), store });
  const findWorkflow = (id: string) => workflowCache.get(id);
  const access = createAccessServices({ db, users, workflows: workflowRepository });

  // Credentials and global variables (credentials, credentialSharing, credentialScope, globalVariables...).
  const credentials = createCredentialServices({
    db,
    encryptionKey: config.encryptionKey,
    users,
    teams: access.teamRepository,
    logger: { warn: (fields, message) => logger.warn(fields, message) },
  });

  // Runs: execution service, history, live channels, cancel signals, response cache.
  const executions = createExecutionServices({
    db,
    databaseKind: database.kind,
    bulk: database.bulk,
    store,
    logger,
    turnEnd,
    registry: nodeRegistry,
    findWorkflow,
    resources: {
      credentialScope: (userId) => credentials.credentialScope.credentialScopeFor(userId),
      loadCredential: (userId, id) => credentials.credentialScope.loadCredentialForUse(userId, id),
      secretValues: (userId) => credentials.credentialScope.secretValuesFor(userId),
      globalScope: (userId) => credentials.globalVariables.globalScopeFor(userId),
      setGlobal: async (userId, name, value) => {
        await credentials.globalVariables.setGlobalFor(userId, name, value);
      },
    },
  });

  const onWorkflowChanged = async (id: string) => {
    await workflowCache.changed(id);
    await executions.responseCache.invalidateWorkflow(id);
  };
  const folderRepository = createFolderRepository(db);
  const workflows = createWorkflowService({
    workflows: workflowRepository,
    knownNodeTypes,
    onChanged: onWorkflowChanged,
    ownsFolder: folderRepository.isOwnedBy,
  });

  return {
    turnEnd,
    users,
    issuer,
    auth,
    authLimiter: new AuthLimiter(store),
    workflowRepository,
    workflows,
    findWorkflow,
    workflowCache,
    ...access,
    ...credentials,
    ...executions,
    // folders, folderTransfer, deletionSchedule
    ...createFolderServices({
      db,
      folders: folderRepository,
      workflows: workflowRepository,
      knownNodeTypes,
      onWorkflowChanged,
    }),
    /** Not started here: buildApp starts it when asked (main.ts does; tests drive it by hand). */
    deletionCleanup: createDeletionCleanupJob({
      db,
      timeZone: config.timezone,
      onDeleted: onWorkflowChanged,
      logger: {
        info: (fields, message) => logger.info(fields, message),
        error: (fields, message) => logger.error(fields, message),
      },
    }),
    // Execution tokens and execute authentication go through the same access rule as every route.
    ...createTokenServices({
      database,
      secretKey: config.secretKey,
      findWorkflow,
      canAccess: access.canAccessWorkflow,
    }),
  };
}

export type Services = ReturnType<typeof createServices>;
