/** Execution history, the replayable event stream of a run, and cancellation. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { AppError } from '../../core/errors.js';
import type { WorkflowAccess } from '../../services/access/workflow-access.js';
import type { ExecutionService, WorkflowRow } from '../../services/executions/execution-service.js';
import type { ExecutionHistory } from '../../services/executions/execution-history.js';
import { executionRecord } from '../../services/executions/responses.js';
import type { FrameData } from '../../services/executions/frames.js';
import type { RunChannels } from '../../services/executions/run-channel.js';
import { expandFrames } from '../../services/executions/stored-frames.js';
import { currentUser, requireUser } from '../plugins/auth.js';
import { Uuid } from '../schemas/common.js';
import { ProblemResponses } from '../schemas/problem.js';
import { openSse } from '../sse.js';

export interface ExecutionRoutesOptions {
  executions: ExecutionService;
  history: ExecutionHistory;
  channels: RunChannels;
  findWorkflow(id: string): Promise<WorkflowRow | undefined>;
  canAccess: WorkflowAccess;
}

const Json = Type.Unknown();
const Execution = Type.Object({
  id: Type.String(),
  workflow_id: Type.String(),
  status: Type.String(),
  trigger_source: Type.Union([Type.String(), Type.Null()]),
  test_run: Type.Boolean(),
  user_id: Type.Union([Type.String(), Type.Null()]),
  inputs: Json,
  outputs: Json,
  node_results: Json,
  started_at: Type.String(),
  finished_at: Type.Union([Type.String(), Type.Null()]),
  execution_time_ms: Type.Integer(),
});
const ListQuery = Type.Object({
  limit: Type.Integer({ minimum: 1, maximum: 200, default: 50 }),
  offset: Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 }),
  status: Type.Optional(Type.String({ maxLength: 32 })),
  trigger_source: Type.Optional(Type.String({ maxLength: 64 })),
});
type ListQueryValue = { limit: number; offset: number; status?: string; trigger_source?: string };
const GlobalListQuery = Type.Object({ ...ListQuery.properties, workflow_id: Type.Optional(Uuid) });
const NamedExecution = Type.Object({ ...Execution.properties, workflow_name: Type.String() });
const POLL_MS = 250;
const MAX_FOLLOW_MS = 15 * 60_000;

export async function executionRoutes(app: FastifyInstance, options: ExecutionRoutesOptions) {
  /** The workflow, if the signed-in caller may see it; 404 otherwise. */
  async function visibleWorkflow(request: FastifyRequest, workflowId: string): Promise<WorkflowRow> {
    const workflow = await options.findWorkflow(workflowId);
    if (!workflow || !(await options.canAccess(currentUser(request).userId, workflow))) {
      throw new AppError('not_found', { detail: 'Workflow not found' });
    }
    return workflow;
  }

  async function visibleExecution(request: FastifyRequest, executionId: string) {
    const row = await options.history.find(executionId);
    if (!row) throw new AppError('not_found', { detail: 'Execution not found' });
    await visibleWorkflow(request, row.workflowId).catch(() => {
      throw new AppError('not_found', { detail: 'Execution not found' });
    });
    return row;
  }

  app.get(
    '/api/workflows/:id/executions',
    {
      preHandler: requireUser,
      schema: {
        tags: ['executions'],
        params: Type.Object({ id: Uuid }),
        querystring: ListQuery,
        response: {
          200: Type.Object({ items: Type.Array(Execution), total: Type.Integer() }),
          ...ProblemResponses,
        },
      },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      await visibleWorkflow(request, id);
      const query = request.query as ListQueryValue;
      const page = await options.history.list({
        workflowId: id,
        limit: query.limit,
        offset: query.offset,
        status: query.status,
        triggerSource: query.trigger_source,
      });
      return { items: page.items.map(executionRecord), total: page.total };
    },
  );

  app.get(
    '/api/executions',
    {
      // Before the query is validated: an anonymous caller learns nothing from validation errors.
      onRequest: requireUser,
      schema: {
        tags: ['executions'],
        summary: 'Runs of every workflow the caller may see (owned or shared), newest first',
        querystring: GlobalListQuery,
        response: {
          200: Type.Object({ items: Type.Array(NamedExecution), total: Type.Integer() }),
          ...ProblemResponses,
        },
      },
    },
    async (request) => {
      const query = request.query as ListQueryValue & { workflow_id?: string };
      const page = await options.history.listAccessible({
        userId: currentUser(request).userId,
        workflowId: query.workflow_id,
        limit: query.limit,
        offset: query.offset,
        status: query.status,
        triggerSource: query.trigger_source,
      });
      return {
        items: page.items.map((row) => ({ ...executionRecord(row), workflow_name: row.workflowName })),
        total: page.total,
      };
    },
  );

  app.get(
    '/api/executions/:id',
    {
      preHandler: requireUser,
      schema: {
        tags: ['executions'],
        params: Type.Object({ id: Uuid }),
        response: { 200: Execution, ...ProblemResponses },
      },
    },
    async (request) =>
      executionRecord(await visibleExecution(request, (request.params as { id: string }).id)),
  );

  app.post(
    '/api/workflows/:id/executions/:executionId/cancel',
    {
      preHandler: requireUser,
      schema: {
        tags: ['executions'],
        params: Type.Object({ id: Uuid, executionId: Uuid }),
        response: {
          202: Type.Object({ execution_id: Type.String(), status: Type.String() }),
          ...ProblemResponses,
        },
      },
    },
    async (request, reply) => {
      const { id, executionId } = request.params as { id: string; executionId: string };
      await visibleWorkflow(request, id);
      const row = await options.history.find(executionId);
      if (!row || row.workflowId !== id) throw new AppError('not_found', { detail: 'Execution not found' });
      if (row.status !== 'running') {
        throw new AppError('conflict', { detail: `The execution already ended with status ${row.status}` });
      }
      await options.executions.cancel(executionId);
      return reply.status(202).send({ execution_id: executionId, status: 'cancelling' });
    },
  );

  app.get(
    '/api/executions/:id/events',
    {
      preHandler: requireUser,
      schema: {
        tags: ['executions'],
        summary: 'Replay the frames of a run so far, then follow it live (honours Last-Event-ID)',
        params: Type.Object({ id: Uuid }),
        querystring: Type.Object({ last_event_id: Type.Optional(Type.Integer({ minimum: 0 })) }),
        produces: ['text/event-stream'],
      },
    },
    async (request, reply) => {
      const { id } = request.params as { id: string };
      await visibleExecution(request, id);
      const header = Number(request.headers['last-event-id']);
      const lastId =
        Number.isInteger(header) && header >= 0
          ? header
          : ((request.query as { last_event_id?: number }).last_event_id ?? 0);
      const stream = openSse(reply);
      const channel = options.channels.get(id);
      if (channel) {
        const stop = channel.follow(
          lastId,
          (frame) => stream.send(frame),
          () => stream.end(),
        );
        await stream.closed;
        stop();
        return;
      }
      // The run lives in another worker or has finished: follow its stored row.
      const deadline = Date.now() + MAX_FOLLOW_MS;
      let row = await options.history.find(id);
      while (row?.status === 'running' && stream.isOpen() && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        row = await options.history.find(id, { fresh: true });
      }
      const events = row ? expandFrames(row.events as FrameData[], row) : [];
      events.forEach((data, index) => {
        if (index + 1 > lastId) stream.send({ id: index + 1, data });
      });
      stream.end();
    },
  );
}
