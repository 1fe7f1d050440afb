/**
 * Credentials (design 9, 10; spec 2.7, 4.7): CRUD on `/api/credentials` and the user and team
 * shares. Signed-in users only. The record schema lists secret fields only under `masked`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Sharing } from '../../services/access/sharing.js';
import type { CredentialService } from '../../services/credentials/credential-service.js';
import { currentUser, requireUser } from '../plugins/auth.js';
import {
  CreateCredentialBody,
  CredentialList,
  CredentialRecord,
  PatchCredentialBody,
} from '../schemas/credential.js';
import { ProblemResponses } from '../schemas/problem.js';
import { registerShareRoutes } from './resource-shares.js';

export interface CredentialRoutesOptions {
  credentials: CredentialService;
  sharing: Sharing;
}

const security: { [scheme: string]: string[] }[] = [{ bearer: [] }, { cookie: [] }];
const tags = ['credentials'];
const schema = (parts: Record<string, unknown>) => ({ tags, security, ...parts });
const caller = (request: FastifyRequest) => currentUser(request).userId;
const IdParams = Type.Object({ id: Type.String() });

export async function credentialRoutes(app: FastifyInstance, options: CredentialRoutesOptions) {
  const { credentials, sharing } = options;
  // Before the body is parsed: an anonymous caller learns nothing from validation errors.
  app.addHook('onRequest', requireUser);

  app.post(
    '/api/credentials',
    {
      schema: schema({
        body: CreateCredentialBody,
        response: { 201: CredentialRecord, ...ProblemResponses },
      }),
    },
    async (request, reply) => {
      const record = await credentials.create(caller(request), request.body as CreateCredentialBody);
      return reply.status(201).send(record);
    },
  );

  app.get(
    '/api/credentials',
    { schema: schema({ response: { 200: CredentialList, ...ProblemResponses } }) },
    async (request) => ({ items: await credentials.list(caller(request)) }),
  );

  app.get(
    '/api/credentials/:id',
    { schema: schema({ params: IdParams, response: { 200: CredentialRecord, ...ProblemResponses } }) },
    async (request) => credentials.get(caller(request), (request.params as { id: string }).id),
  );

  app.patch(
    '/api/credentials/:id',
    {
      schema: schema({
        params: IdParams,
        body: PatchCredentialBody,
        response: { 200: CredentialRecord, ...ProblemResponses },
      }),
    },
    async (request) => {
      const { id } = request.params as { id: string };
      return credentials.update(caller(request), id, request.body as PatchCredentialBody);
    },
  );

  app.delete(
    '/api/credentials/:id',
    { schema: schema({ params: IdParams, response: { 204: Type.Null(), ...ProblemResponses } }) },
    async (request, reply) => {
      await credentials.remove(caller(request), (request.params as { id: string }).id);
      return reply.status(204).send();
    },
  );

  registerShareRoutes(app, { base: '/api/credentials', tags, sharing });
}
