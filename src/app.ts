/**
 * buildApp(deps) assembles the Fastify instance without listening; main.ts listens, tests inject.
 */
import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from './config.js';
import { authPlugin } from './http/plugins/auth.js';
import { bodyDepthPlugin } from './http/plugins/body-depth.js';
import { errorsPlugin, frameworkErrors } from './http/plugins/errors.js';
import { openapiPlugin } from './http/plugins/openapi.js';
import { replyBatchingPlugin } from './http/plugins/reply-batching.js';
import { DEFAULT_WEB_DIR, webDirExists, webPlugin } from './http/plugins/web.js';
import { authRoutes } from './http/routes/auth.js';
import { credentialRoutes } from './http/routes/credentials.js';
import { executeRoutes } from './http/routes/execute.js';
import { executionTokenRoutes } from './http/routes/execution-tokens.js';
import { executionRoutes } from './http/routes/executions.js';
import { expressionRoutes } from './http/routes/expressions.js';
import { folderRoutes } from './http/routes/folders/index.js';
import { globalVariableRoutes } from './http/routes/global-variables.js';
import { healthRoutes } from './http/routes/health.js';
import { nodeTypeRoutes } from './http/routes/node-types.js';
import { credentialTypeRoutes } from './http/routes/credential-types.js';
import { teamRoutes } from './http/routes/teams.js';
import { workflowShareRoutes } from './http/routes/workflow-shares.js';
import { workflowRoutes } from './http/routes/workflows.js';
import { validatorCompiler } from './http/validation.js';
import { nodeDefinitions } from './nodes/registry.js';
import { CREDENTIAL_TYPES } from './services/credentials/credential-types.js';
import { createServices } from './services/index.js';
import type { SharedStore } from './services/shared-store/shared-store.js';
import type { Database } from './store/database.js';

export interface AppDeps {
  config: Config;
  database: Database;
  store: SharedStore;
  logger?: FastifyServerOptions['logger'];
  /** The built web app served at `/` (default web/dist); null serves none. */
  webDir?: string | null;
  /**
   * Start the scheduled jobs (the daily deletion cleanup). main.ts does; tests leave it off and
   * drive the jobs with a fake clock.
   */
  startJobs?: boolean;
}

/** How long shutdown waits for runs still going in the background. */
const DRAIN_RUNS_MS = 30_000;
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: deps.logger ?? { level: config.logLevel },
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    requestIdHeader: false,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    return503OnClosing: true,
    frameworkErrors,
    routerOptions: { maxParamLength: 256 },
  });
  app.setValidatorCompiler(validatorCompiler);
  // Hooks that need no I/O take `done`: an async hook costs every request a promise and a tick.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  const services = createServices({ ...deps, logger: app.log });
  await app.register(errorsPlugin);
  await app.register(replyBatchingPlugin, { turnEnd: services.turnEnd });
  await app.register(bodyDepthPlugin);
  await app.register(cookie);
  await app.register(openapiPlugin);
  await app.register(authPlugin, { auth: services.auth });

  await app.register(healthRoutes, { database: deps.database, store: deps.store });
  await app.register(authRoutes, {
    auth: services.auth,
    limiter: services.authLimiter,
    allowRegister: config.allowRegister,
    secureCookies: config.publicUrl.startsWith('https://'),
  });
  await app.register(workflowRoutes, { workflows: services.workflows });
  await app.register(workflowShareRoutes, { sharing: services.workflowSharing });
  await app.register(teamRoutes, { teams: services.teams });
  await app.register(credentialRoutes, {
    credentials: services.credentials,
    sharing: services.credentialSharing,
  });
  await app.register(globalVariableRoutes, {
    variables: services.globalVariables,
    sharing: services.globalVariableSharing,
  });
  const workflowAccess = { findWorkflow: services.findWorkflow, canAccess: services.canAccessWorkflow };
  await app.register(executeRoutes, {
    executions: services.executions,
    findWorkflow: services.findWorkflow,
    peekWorkflow: (id) => services.workflowCache.peek(id),
    authenticate: services.authenticateExecute,
  });
  await app.register(executionTokenRoutes, { executionTokens: services.executionTokens });
  await app.register(executionRoutes, {
    executions: services.executions,
    history: services.executionHistory,
    channels: services.channels,
    ...workflowAccess,
  });
  await app.register(expressionRoutes, { executions: services.executionRepository, ...workflowAccess });
  await app.register(folderRoutes, {
    folders: services.folders,
    transfer: services.folderTransfer,
    deletion: services.deletionSchedule,
  });

  await app.register(nodeTypeRoutes, { definitions: nodeDefinitions });
  await app.register(credentialTypeRoutes, { types: CREDENTIAL_TYPES });
  const webDir = deps.webDir === undefined ? DEFAULT_WEB_DIR : deps.webDir;
  if (webDir && webDirExists(webDir)) await app.register(webPlugin, { root: webDir });

  await services.cancels.start();
  await services.workflowCache.start();
  if (deps.startJobs) services.deletionCleanup.start();
  app.addHook('onClose', async () => {
    await services.deletionCleanup.stop();
    await services.executions.drain(DRAIN_RUNS_MS);
    await services.cancels.stop();
    await services.workflowCache.stop();
    await services.historyWriter.close();
  });
  return app;
}
