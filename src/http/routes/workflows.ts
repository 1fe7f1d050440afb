/** Workflow CRUD (design 9): `/api/workflows` and `/api/workflows/{id}`, signed-in users only. */
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { WorkflowService } from '../../services/workflows/workflow-service.js';
import { currentUser, requireUser } from '../plugins/auth.js';
import { ProblemResponses } from '../schemas/problem.js';
import {
  CreateWorkflowBody,
  PatchWorkflowBody,
  WorkflowIdParams,
  WorkflowList,
  WorkflowRecord,
} from '../schemas/workflow.js';

export interface WorkflowRoutesOptions {
  workflows: WorkflowService;
}

const security: { [scheme: string]: string[] }[] = [{ bearer: [] }, { cookie: [] }];

export async function workflowRoutes(app: FastifyInstance, options: WorkflowRoutesOptions) {
  const { workflows } = options;
  const tags = ['workflows'];
  // Before the body is parsed: an anonymous caller learns nothing from validation errors.
  app.addHook('onRequest', requireUser);

  app.post(
    '/api/workflows',
    {
      schema: {
        tags,
        security,
        body: CreateWorkflowBody,
        response: { 201: WorkflowRecord, ...ProblemResponses },
      },
    },
    async (request, reply) => {
      const record = await workflows.create(currentUser(request).userId, request.body as CreateWorkflowBody);
      return reply.status(201).send(record);
    },
  );

  app.get(
    '/api/workflows',
    { schema: { tags, security, response: { 200: WorkflowList, ...ProblemResponses } } },
    async (request) => ({ items: await workflows.list(currentUser(request).userId) }),
  );

  app.get(
    '/api/workflows/:id',
    {
      schema: {
        tags,
        security,
        params: WorkflowIdParams,
        response: { 200: WorkflowRecord, ...ProblemResponses },
      },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      return workflows.get(currentUser(request).userId, id);
    },
  );

  app.patch(
    '/api/workflows/:id',
    {
      schema: {
        tags,
        security,
        params: WorkflowIdParams,
        body: PatchWorkflowBody,
        response: { 200: WorkflowRecord, ...ProblemResponses },
      },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      return workflows.update(currentUser(request).userId, id, request.body as PatchWorkflowBody);
    },
  );

  app.delete(
    '/api/workflows/:id',
    {
      schema: {
        tags,
        security,
        params: WorkflowIdParams,
        response: { 204: Type.Null(), ...ProblemResponses },
      },
    },
    async (request, reply) => {
      const { id } = request.params as { id: string };
      await workflows.remove(currentUser(request).userId, id);
      return reply.status(204).send();
    },
  );
}
