/** Calls on the share and team routes for the sharing, team and permission suites. */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { json } from './app.js';
import { register, type Registered } from './auth.js';

let counter = 0;
/** A fresh address on every call (users are shared by the tests of one app). */
export const uniqueEmail = (prefix: string) =>
  `${prefix}-${++counter}-${randomBytes(3).toString('hex')}@example.com`;

export function sharingClient(app: () => FastifyInstance) {
  const call = (user: Registered | null, method: string, url: string, payload?: unknown) =>
    app().inject({
      method: method as 'GET',
      url,
      headers: user ? user.headers : {},
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
  const created = async (response: Awaited<ReturnType<typeof call>>) => {
    expect(response.statusCode, response.body).toBe(201);
    return json(response);
  };
  return {
    call,
    user: (prefix: string) => register(app(), uniqueEmail(prefix)),
    shareWithUser: async (owner: Registered, workflowId: string, email: string) =>
      created(await call(owner, 'POST', `/api/workflows/${workflowId}/shares`, { email })),
    shareWithTeam: async (owner: Registered, workflowId: string, teamId: string) =>
      created(await call(owner, 'POST', `/api/workflows/${workflowId}/team-shares`, { team_id: teamId })),
    /** A team created by `creator` with `members` added; answers the team record. */
    async createTeam(creator: Registered, members: Registered[] = [], name = 'Team') {
      const team = await created(await call(creator, 'POST', '/api/teams', { name }));
      for (const member of members) {
        await created(await call(creator, 'POST', `/api/teams/${team.id}/members`, { email: member.email }));
      }
      return json(await call(creator, 'GET', `/api/teams/${team.id}`));
    },
    /** The status of GET /api/workflows/{id} for that user: 200 with access, 404 without. */
    async canSee(user: Registered, workflowId: string) {
      const response = await call(user, 'GET', `/api/workflows/${workflowId}`);
      expect([200, 404]).toContain(response.statusCode);
      return response.statusCode === 200;
    },
    /** Ids in GET /api/workflows for that user. */
    async listed(user: Registered) {
      const response = await call(user, 'GET', '/api/workflows');
      expect(response.statusCode).toBe(200);
      return json(response).items.map((w: { id: string }) => w.id) as string[];
    },
  };
}
