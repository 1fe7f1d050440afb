/**
 * Workflow shares (design 9, spec 4.6): `/api/workflows/{id}/shares` with users by email and
 * `/api/workflows/{id}/team-shares` with teams by id. Signed-in users only.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { WorkflowSharing } from '../../services/access/workflow-sharing.js';
import { currentUser, requireUser } from '../plugins/auth.js';
import { ProblemResponses } from '../schemas/problem.js';
import {
  ShareWithTeamBody,
  ShareWithUserBody,
  TeamShare,
  TeamShareList,
  UserShare,
  UserShareList,
  WorkflowShareParams,
  WorkflowTeamShareParams,
} from '../schemas/share.js';
import { WorkflowIdParams } from '../schemas/workflow.js';

export interface WorkflowShareRoutesOptions {
  sharing: WorkflowSharing;
}

const security: { [scheme: string]: string[] }[] = [{ bearer: [] }, { cookie: [] }];
const tags = ['sharing'];
const schema = (parts: Record<string, unknown>) => ({ tags, security, ...parts });
const caller = (request: FastifyRequest) => currentUser(request).userId;

export async function workflowShareRoutes(app: FastifyInstance, options: WorkflowShareRoutesOptions) {
  const { sharing } = options;
  // Before the body is parsed: an anonymous caller learns nothing from validation errors.
  app.addHook('onRequest', requireUser);

  app.get(
    '/api/workflows/:id/shares',
    { schema: schema({ params: WorkflowIdParams, response: { 200: UserShareList, ...ProblemResponses } }) },
    async (request) => {
      const { id } = request.params as { id: string };
      return { items: await sharing.listUsers(caller(request), id) };
    },
  );

  app.post(
    '/api/workflows/:id/shares',
    {
      schema: schema({
        params: WorkflowIdParams,
        body: ShareWithUserBody,
        response: { 201: UserShare, ...ProblemResponses },
      }),
    },
    async (request, reply) => {
      const { id } = request.params as { id: string };
      const { email } = request.body as ShareWithUserBody;
      return reply.status(201).send(await sharing.shareWithUser(caller(request), id, email));
    },
  );

  app.delete(
    '/api/workflows/:id/shares/:user_id',
    {
      schema: schema({ params: WorkflowShareParams, response: { 204: Type.Null(), ...ProblemResponses } }),
    },
    async (request, reply) => {
      const { id, user_id: userId } = request.params as { id: string; user_id: string };
      await sharing.unshareUser(caller(request), id, userId);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/workflows/:id/team-shares',
    { schema: schema({ params: WorkflowIdParams, response: { 200: TeamShareList, ...ProblemResponses } }) },
    async (request) => {
      const { id } = request.params as { id: string };
      return { items: await sharing.listTeams(caller(request), id) };
    },
  );

  app.post(
    '/api/workflows/:id/team-shares',
    {
      schema: schema({
        params: WorkflowIdParams,
        body: ShareWithTeamBody,
        response: { 201: TeamShare, ...ProblemResponses },
      }),
    },
    async (request, reply) => {
      const { id } = request.params as { id: string };
      const { team_id: teamId } = request.body as ShareWithTeamBody;
      return reply.status(201).send(await sharing.shareWithTeam(caller(request), id, teamId));
    },
  );

  app.delete(
    '/api/workflows/:id/team-shares/:team_id',
    {
      schema: schema({
        params: WorkflowTeamShareParams,
        response: { 204: Type.Null(), ...ProblemResponses },
      }),
    },
    async (request, reply) => {
      const { id, team_id: teamId } = request.params as { id: string; team_id: string };
      await sharing.unshareTeam(caller(request), id, teamId);
      return reply.status(204).send();
    },
  );
}
