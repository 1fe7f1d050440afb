/** The execute endpoints (spec 4.1): JSON answer or an SSE stream of node events. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { AppError } from '../../core/errors.js';
import {
  callerWithoutLookup,
  type ExecuteAuthenticator,
  type ExecuteCaller,
  type ExecuteCredentials,
} from '../../services/executions/execute-auth.js';
import type {
  ExecuteCall,
  ExecutionService,
  WorkflowRow,
} from '../../services/executions/execution-service.js';
import { isWrappedBody } from '../../services/executions/request-input.js';
import { Uuid } from '../schemas/common.js';
import { ProblemResponses } from '../schemas/problem.js';
import { openSse } from '../sse.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the execute routes' onRequest hook for the handler; null elsewhere. */
    executeAccess: { workflow: WorkflowRow; caller: ExecuteCaller } | null;
  }
}

export interface ExecuteRoutesOptions {
  executions: ExecutionService;
  findWorkflow(id: string): Promise<WorkflowRow | undefined>;
  /** The workflow if it is at hand (cached) without a load. */
  peekWorkflow(id: string): WorkflowRow | undefined;
  /** Judges the caller by the workflow's auth_type (spec 5.1); throws 401/404 problems. */
  authenticate: ExecuteAuthenticator;
}

const Params = Type.Object({ id: Uuid });
const ExecuteResponse = Type.Object(
  {
    workflow_id: Type.String(),
    execution_id: Type.String(),
    status: Type.String(),
    outputs: Type.Object({}, { additionalProperties: true }),
    execution_time_ms: Type.Integer(),
  },
  {
    additionalProperties: true,
    description: 'Or, when a JSON Output Mapper is the only terminal, its object',
  },
);
const VERBS = ['GET', 'POST', 'PUT', 'DELETE'] as const;

const truthy = (value: unknown) => value === 'true' || value === '1' || value === true;
const BEARER = /^Bearer\s+(\S+)\s*$/i;
/** The params schema's uuid form; other ids are left to the schema to answer. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A session cookie counts on execute only for requests the browser marks as same-site (or non-browser
 * clients, which send no Sec-Fetch-Site): a cross-site link or form must not run a workflow as the
 * victim (SameSite=Lax still sends the cookie on a top-level GET).
 */
function cookieSessionAllowed(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  return site === undefined || site === 'same-origin' || site === 'none';
}

function credentialsOf(request: FastifyRequest): ExecuteCredentials {
  const header = request.headers.authorization;
  const bearer = typeof header === 'string' ? (BEARER.exec(header)?.[1] ?? null) : null;
  // Without a bearer header, whatever token was presented came from the cookie.
  const cookieIgnored = bearer === null && !cookieSessionAllowed(request);
  const sessionUserId = cookieIgnored ? null : (request.user?.userId ?? null);
  return {
    sessionUserId,
    bearer,
    tokenPresented: request.presentedToken !== null && !cookieIgnored,
    headers: request.headers,
  };
}

const notFound = () => new AppError('not_found', { detail: 'Workflow not found' });

export async function executeRoutes(app: FastifyInstance, options: ExecuteRoutesOptions) {
  // A request property, not a WeakMap keyed by the request: one fewer hash table entry per call.
  app.decorateRequest('executeAccess', null);

  /** `cached`: the workflow when it was at hand, so it is not looked up again. */
  async function lookUpAccess(id: string, credentials: ExecuteCredentials, cached: WorkflowRow | undefined) {
    const workflow = cached ?? (await options.findWorkflow(id));
    if (!workflow) throw notFound();
    return { workflow, caller: await options.authenticate(workflow, credentials) };
  }

  /**
   * onRequest, so first of all (spec 5.1): before the body is read, the verb check, the rate limit
   * and the cache. An unauthenticated caller learns nothing else and spends no rate-limit slot.
   * A callback hook: a call of a cached workflow without a session or token (most calls) is judged
   * at once, at the cost of no promise.
   */
  function authenticateCall(request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) {
    const { id } = request.params as { id?: unknown };
    if (typeof id !== 'string' || !UUID.test(id)) return done(); // the params schema answers
    const credentials = credentialsOf(request);
    const workflow = options.peekWorkflow(id);
    if (workflow) {
      let caller: ExecuteCaller | undefined;
      try {
        caller = callerWithoutLookup(workflow, credentials);
      } catch (error) {
        return done(error as Error);
      }
      if (caller) {
        request.executeAccess = { workflow, caller };
        return done();
      }
    }
    lookUpAccess(id, credentials, workflow).then((access) => {
      request.executeAccess = access;
      done();
    }, done);
  }

  function prepare(request: FastifyRequest, reply: FastifyReply): ExecuteCall {
    const state = request.executeAccess;
    if (!state) throw notFound();
    const { workflow, caller } = state;
    const query = request.query as Record<string, unknown>;
    const testRunAsked =
      truthy(query.test_run) || (isWrappedBody(request.body) && truthy(request.body.test_run));
    const configured = workflow.httpMethod ?? 'POST';
    if (request.method !== configured && !testRunAsked) {
      reply.header('Allow', configured);
      throw new AppError('method_not_allowed', { detail: `This workflow is executed with ${configured}` });
    }
    return {
      workflow,
      parts: { method: request.method, body: request.body, query, headers: request.headers },
      clientIp: request.ip,
      caller,
    };
  }

  const schema = (summary: string) => ({
    tags: ['execute'],
    summary,
    params: Params,
    querystring: Type.Object(
      { test_run: Type.Optional(Type.String()), trigger_source: Type.Optional(Type.String()) },
      { additionalProperties: true },
    ),
  });

  app.route({
    method: [...VERBS],
    url: '/api/workflows/:id/execute',
    onRequest: authenticateCall,
    schema: {
      ...schema('Run a workflow and answer with its outputs'),
      response: { 200: ExecuteResponse, ...ProblemResponses },
    },
    handler: async (request, reply) => {
      const call = prepare(request, reply);
      const admitted = options.executions.admit(call);
      // Most calls are admitted without a promise; awaiting a plain value would still cost a tick.
      const admission = admitted instanceof Promise ? await admitted : admitted;
      reply.headers(admission.headers);
      const answer =
        admission.kind === 'answered'
          ? admission.answer
          : await options.executions.launch(call, admission).answer;
      reply.status(answer.httpStatus).type('application/json; charset=utf-8').serializer(JSON.stringify);
      // The body, not the reply: the reply is a thenable that waits for the response to finish,
      // which costs every call an end-of-stream listener on the socket.
      return answer.body === undefined ? reply.send() : answer.body;
    },
  });

  app.route({
    method: [...VERBS],
    url: '/api/workflows/:id/execute/stream',
    onRequest: authenticateCall,
    schema: {
      ...schema('Run a workflow and stream its node events (text/event-stream)'),
      produces: ['text/event-stream'],
    },
    handler: async (request, reply) => {
      const call = prepare(request, reply);
      const admission = await options.executions.admit(call);
      if (admission.kind === 'answered' && admission.answer.httpStatus === 429) {
        reply.headers(admission.headers);
        return reply
          .status(429)
          .type('application/json; charset=utf-8')
          .serializer(JSON.stringify)
          .send(admission.answer.body);
      }
      const stream = openSse(reply, admission.headers);
      if (admission.kind === 'answered') {
        const body = admission.answer.body as { outputs?: unknown };
        stream.send({
          id: 1,
          data: { type: 'execution_started', execution_id: admission.executionId, server_now_ms: Date.now() },
        });
        stream.send({
          id: 2,
          data: {
            type: 'execution_complete',
            status: 'cached',
            outputs: body.outputs ?? body,
            execution_time_ms: 0,
          },
        });
        stream.end();
        return;
      }
      const live = options.executions.launch(call, admission);
      const stop = live.channel.follow(
        0,
        (frame) => stream.send(frame),
        () => stream.end(),
      );
      await stream.closed;
      stop();
    },
  });
}
