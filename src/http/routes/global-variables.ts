/**
 * Global variables (design 9, 10): CRUD on `/api/global-variables` and the user and team shares.
 * Signed-in users only.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Sharing } from '../../services/access/sharing.js';
import type { GlobalVariableService } from '../../services/variables/variable-service.js';
import { currentUser, requireUser } from '../plugins/auth.js';
import {
  CreateGlobalVariableBody,
  GlobalVariableList,
  GlobalVariableRecord,
  PatchGlobalVariableBody,
} from '../schemas/global-variable.js';
import { ProblemResponses } from '../schemas/problem.js';
import { registerShareRoutes } from './resource-shares.js';

export interface GlobalVariableRoutesOptions {
  variables: GlobalVariableService;
  sharing: Sharing;
}

const security: { [scheme: string]: string[] }[] = [{ bearer: [] }, { cookie: [] }];
const tags = ['global-variables'];
const schema = (parts: Record<string, unknown>) => ({ tags, security, ...parts });
const caller = (request: FastifyRequest) => currentUser(request).userId;
const IdParams = Type.Object({ id: Type.String() });

export async function globalVariableRoutes(app: FastifyInstance, options: GlobalVariableRoutesOptions) {
  const { variables, sharing } = options;
  // Before the body is parsed: an anonymous caller learns nothing from validation errors.
  app.addHook('onRequest', requireUser);

  app.post(
    '/api/global-variables',
    {
      schema: schema({
        body: CreateGlobalVariableBody,
        response: { 201: GlobalVariableRecord, ...ProblemResponses },
      }),
    },
    async (request, reply) => {
      const record = await variables.create(caller(request), request.body as CreateGlobalVariableBody);
      return reply.status(201).send(record);
    },
  );

  app.get(
    '/api/global-variables',
    { schema: schema({ response: { 200: GlobalVariableList, ...ProblemResponses } }) },
    async (request) => ({ items: await variables.list(caller(request)) }),
  );

  app.get(
    '/api/global-variables/:id',
    { schema: schema({ params: IdParams, response: { 200: GlobalVariableRecord, ...ProblemResponses } }) },
    async (request) => variables.get(caller(request), (request.params as { id: string }).id),
  );

  app.patch(
    '/api/global-variables/:id',
    {
      schema: schema({
        params: IdParams,
        body: PatchGlobalVariableBody,
        response: { 200: GlobalVariableRecord, ...ProblemResponses },
      }),
    },
    async (request) => {
      const { id } = request.params as { id: string };
      return variables.update(caller(request), id, request.body as PatchGlobalVariableBody);
    },
  );

  app.delete(
    '/api/global-variables/:id',
    { schema: schema({ params: IdParams, response: { 204: Type.Null(), ...ProblemResponses } }) },
    async (request, reply) => {
      await variables.remove(caller(request), (request.params as { id: string }).id);
      return reply.status(204).send();
    },
  );

  registerShareRoutes(app, { base: '/api/global-variables', tags, sharing });
}
