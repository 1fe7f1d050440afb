/**
 * Team members (spec 4.6, 5.8): any member adds people by email and removes members; nobody
 * removes the creator. Registered by ./teams.ts, whose onRequest hook (signed-in only) applies.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { TeamService } from '../../services/teams/team-service.js';
import { currentUser } from '../plugins/auth.js';
import { ProblemResponses } from '../schemas/problem.js';
import { AddMemberBody, TeamIdParams, TeamMemberParams, TeamMemberRecord } from '../schemas/team.js';

export interface TeamMemberRoutesOptions {
  teams: TeamService;
}

const security: { [scheme: string]: string[] }[] = [{ bearer: [] }, { cookie: [] }];
const tags = ['teams'];
const caller = (request: FastifyRequest) => currentUser(request).userId;

export async function teamMemberRoutes(app: FastifyInstance, options: TeamMemberRoutesOptions) {
  const { teams } = options;

  app.post(
    '/api/teams/:id/members',
    {
      schema: {
        tags,
        security,
        params: TeamIdParams,
        body: AddMemberBody,
        response: { 201: TeamMemberRecord, ...ProblemResponses },
      },
    },
    async (request, reply) => {
      const { id } = request.params as { id: string };
      const { email } = request.body as AddMemberBody;
      return reply.status(201).send(await teams.addMember(caller(request), id, email));
    },
  );

  app.delete(
    '/api/teams/:id/members/:user_id',
    {
      schema: {
        tags,
        security,
        params: TeamMemberParams,
        response: { 204: Type.Null(), ...ProblemResponses },
      },
    },
    async (request, reply) => {
      const { id, user_id: userId } = request.params as { id: string; user_id: string };
      await teams.removeMember(caller(request), id, userId);
      return reply.status(204).send();
    },
  );
}
