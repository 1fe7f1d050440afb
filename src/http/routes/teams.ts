/**
 * Teams (spec 4.6, design 9): `/api/teams`, `/api/teams/{id}` and what the team has been given,
 * `/api/teams/{id}/shared-entities`. Members are in ./team-members.ts. Signed-in users only.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { TeamService } from '../../services/teams/team-service.js';
import { currentUser, requireUser } from '../plugins/auth.js';
import { ProblemResponses } from '../schemas/problem.js';
import {
  CreateTeamBody,
  PatchTeamBody,
  SharedEntities,
  TeamIdParams,
  TeamList,
  TeamRecord,
} from '../schemas/team.js';
import { teamMemberRoutes } from './team-members.js';

export interface TeamRoutesOptions {
  teams: TeamService;
}

const security: { [scheme: string]: string[] }[] = [{ bearer: [] }, { cookie: [] }];
const tags = ['teams'];
const schema = (parts: Record<string, unknown>) => ({ tags, security, ...parts });
const caller = (request: FastifyRequest) => currentUser(request).userId;
const teamId = (request: FastifyRequest) => (request.params as { id: string }).id;

export async function teamRoutes(app: FastifyInstance, options: TeamRoutesOptions) {
  const { teams } = options;
  // Before the body is parsed: an anonymous caller learns nothing from validation errors.
  app.addHook('onRequest', requireUser);

  app.post(
    '/api/teams',
    { schema: schema({ body: CreateTeamBody, response: { 201: TeamRecord, ...ProblemResponses } }) },
    async (request, reply) =>
      reply.status(201).send(await teams.create(caller(request), request.body as CreateTeamBody)),
  );

  app.get(
    '/api/teams',
    { schema: schema({ response: { 200: TeamList, ...ProblemResponses } }) },
    async (request) => ({ items: await teams.list(caller(request)) }),
  );

  app.get(
    '/api/teams/:id',
    { schema: schema({ params: TeamIdParams, response: { 200: TeamRecord, ...ProblemResponses } }) },
    async (request) => teams.get(caller(request), teamId(request)),
  );

  app.patch(
    '/api/teams/:id',
    {
      schema: schema({
        params: TeamIdParams,
        body: PatchTeamBody,
        response: { 200: TeamRecord, ...ProblemResponses },
      }),
    },
    async (request) => teams.update(caller(request), teamId(request), request.body as PatchTeamBody),
  );

  app.delete(
    '/api/teams/:id',
    { schema: schema({ params: TeamIdParams, response: { 204: Type.Null(), ...ProblemResponses } }) },
    async (request, reply) => {
      await teams.remove(caller(request), teamId(request));
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/teams/:id/shared-entities',
    { schema: schema({ params: TeamIdParams, response: { 200: SharedEntities, ...ProblemResponses } }) },
    async (request) => teams.sharedEntities(caller(request), teamId(request)),
  );

  await app.register(teamMemberRoutes, { teams });
}
