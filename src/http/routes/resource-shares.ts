/**
 * The share endpoints of a shareable resource (workflows, credentials, global variables; spec 4.6,
 * 4.7): `{base}/{id}/shares` (GET, POST `{email}`, DELETE `/{user_id}`) and `{base}/{id}/team-shares`
 * (GET, POST `{team_id}`, DELETE `/{team_id}`). Who may do what is the `Sharing` service's rule.
 * Called inside a plugin that requires a user.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Sharing } from '../../services/access/sharing.js';
import { currentUser } from '../plugins/auth.js';
import { ProblemResponses } from '../schemas/problem.js';
import {
  ShareableIdParams,
  ShareWithTeamBody,
  ShareWithUserBody,
  TeamShare,
  TeamShareList,
  TeamShareParams,
  UserShare,
  UserShareList,
  UserShareParams,
} from '../schemas/share.js';

export interface ShareRoutesOptions {
  /** `/api/credentials` */
  base: string;
  tags: string[];
  sharing: Sharing;
}

const security: { [scheme: string]: string[] }[] = [{ bearer: [] }, { cookie: [] }];
const caller = (request: FastifyRequest) => currentUser(request).userId;

export function registerShareRoutes(app: FastifyInstance, { base, tags, sharing }: ShareRoutesOptions) {
  const schema = (parts: Record<string, unknown>) => ({ tags, security, ...parts });
  const noContent = { 204: Type.Null(), ...ProblemResponses };

  app.get(
    `${base}/:id/shares`,
    { schema: schema({ params: ShareableIdParams, response: { 200: UserShareList, ...ProblemResponses } }) },
    async (request) => {
      const { id } = request.params as { id: string };
      return { items: await sharing.listUsers(caller(request), id) };
    },
  );

  app.post(
    `${base}/:id/shares`,
    {
      schema: schema({
        params: ShareableIdParams,
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
    `${base}/:id/shares/:user_id`,
    { schema: schema({ params: UserShareParams, response: noContent }) },
    async (request, reply) => {
      const { id, user_id: userId } = request.params as { id: string; user_id: string };
      await sharing.unshareUser(caller(request), id, userId);
      return reply.status(204).send();
    },
  );

  app.get(
    `${base}/:id/team-shares`,
    { schema: schema({ params: ShareableIdParams, response: { 200: TeamShareList, ...ProblemResponses } }) },
    async (request) => {
      const { id } = request.params as { id: string };
      return { items: await sharing.listTeams(caller(request), id) };
    },
  );

  app.post(
    `${base}/:id/team-shares`,
    {
      schema: schema({
        params: ShareableIdParams,
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
    `${base}/:id/team-shares/:team_id`,
    { schema: schema({ params: TeamShareParams, response: noContent }) },
    async (request, reply) => {
      const { id, team_id: teamId } = request.params as { id: string; team_id: string };
      await sharing.unshareTeam(caller(request), id, teamId);
      return reply.status(204).send();
    },
  );
}
