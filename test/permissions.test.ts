/**
 * The permission matrix (spec 5.8, design 10): every workflow and team endpoint, called by the
 * owner, a collaborator through a direct share, a collaborator through a team share, a signed-in
 * stranger and an anonymous caller. Each case starts from a fresh workflow or team; a refused
 * call must leave it exactly as it was.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backendMatrix, createTestApp, json, type TestApp } from './support/app.js';
import type { Registered } from './support/auth.js';
import { createWorkflow, execute, getExecution, greeter } from './support/executions.js';
import { sharingClient } from './support/sharing-api.js';
import { expectProblem } from './support/workflow-api.js';

const matrix = await backendMatrix();

const ROLES = ['owner', 'user_share', 'team_share', 'stranger', 'anonymous'] as const;
type Role = (typeof ROLES)[number];

interface Request {
  method: string;
  url: string;
  payload?: unknown;
}

interface Case<World> {
  name: string;
  request(world: World): Request | Promise<Request>;
  /** The status each role gets. */
  expect: Record<Role, number>;
  /** The code of a 403 answer (404, 401 and 409 have one code each). */
  forbidden?: string;
  /** More checks on an answer. */
  check?(world: World, role: Role, body: any): void;
}

const CODE_OF: Record<number, string> = { 401: 'unauthorized', 404: 'not_found', 409: 'conflict' };
const withAccess = (ok: number, stranger = 404, anonymous = 401): Record<Role, number> => ({
  owner: ok,
  user_share: ok,
  team_share: ok,
  stranger,
  anonymous,
});
const ownerOnly = (ok: number, collaborator = 403): Record<Role, number> => ({
  owner: ok,
  user_share: collaborator,
  team_share: collaborator,
  stranger: 404,
  anonymous: 401,
});
/** Team endpoints: the owner created the team, the team-share collaborator is a member. */
const teamMembers = (creator: number, member: number): Record<Role, number> => ({
  owner: creator,
  user_share: 404,
  team_share: member,
  stranger: 404,
  anonymous: 401,
});

describe.each(matrix)('permission matrix on $name', ({ db, store }) => {
  let t: TestApp;
  const users = {} as Record<Exclude<Role, 'anonymous'>, Registered> & { newcomer: Registered };
  let sharedTeam: { id: string };
  let spareTeam: { id: string };
  const client = sharingClient(() => t.app);
  const as = (role: Role) => (role === 'anonymous' ? null : users[role]);

  beforeAll(async () => {
    t = await createTestApp({ db, store });
    for (const role of ['owner', 'user_share', 'team_share', 'stranger', 'newcomer'] as const) {
      users[role] = await client.user(role);
    }
    sharedTeam = await client.createTeam(users.owner, [users.team_share], 'Shared');
    spareTeam = await client.createTeam(
      users.owner,
      [users.user_share, users.team_share, users.stranger],
      'Everyone',
    );
  });
  afterAll(() => t.close());

  async function expectAnswer<World>(
    c: Case<World>,
    world: World,
    role: Role,
    snapshot: () => Promise<unknown>,
  ) {
    const before = await snapshot();
    const request = await c.request(world);
    const response = await client.call(as(role), request.method, request.url, request.payload);
    const status = c.expect[role];
    if (status >= 400) {
      expectProblem(response, status, status === 403 ? c.forbidden! : CODE_OF[status]!);
      expect(await snapshot()).toEqual(before);
    } else {
      expect(response.statusCode, response.body).toBe(status);
      c.check?.(world, role, response.body === '' ? null : json(response));
    }
  }

  describe('workflow endpoints', () => {
    interface World {
      workflow: { id: string };
      execution(): Promise<string>;
    }

    async function world(): Promise<World> {
      const workflow = await createWorkflow(t.app, users.owner.headers, greeter());
      await client.shareWithUser(users.owner, workflow.id, users.user_share.email);
      await client.shareWithTeam(users.owner, workflow.id, sharedTeam.id);
      return {
        workflow,
        async execution() {
          const run = await execute(t.app, workflow.id, { payload: { name: 'x' } });
          expect(run.statusCode, run.body).toBe(200);
          const id = json(run).execution_id as string;
          await getExecution(t.app, users.owner.headers, id);
          return id;
        },
      };
    }

    const snapshot = (w: World) => async () => {
      const read = async (url: string) => {
        const response = await client.call(users.owner, 'GET', url);
        return [response.statusCode, json(response)];
      };
      const base = `/api/workflows/${w.workflow.id}`;
      return [await read(base), await read(`${base}/shares`), await read(`${base}/team-shares`)];
    };

    const wf = (w: World, path = '') => `/api/workflows/${w.workflow.id}${path}`;
    const cases: Case<World>[] = [
      {
        name: 'GET /api/workflows lists it for those with access',
        request: () => ({ method: 'GET', url: '/api/workflows' }),
        expect: withAccess(200, 200),
        check: (w, role, body) =>
          expect(body.items.some((item: { id: string }) => item.id === w.workflow.id)).toBe(
            role !== 'stranger',
          ),
      },
      {
        name: 'GET /api/workflows/{id}',
        request: (w) => ({ method: 'GET', url: wf(w) }),
        expect: withAccess(200),
        check: (w, _role, body) => expect(body.id).toBe(w.workflow.id),
      },
      {
        name: 'PATCH name and canvas',
        request: (w) => ({ method: 'PATCH', url: wf(w), payload: { name: 'Renamed', ...greeter() } }),
        expect: withAccess(200),
        check: (_w, _role, body) => expect(body.name).toBe('Renamed'),
      },
      {
        name: 'PATCH an owner-only setting',
        request: (w) => ({ method: 'PATCH', url: wf(w), payload: { name: 'Renamed', http_method: 'PUT' } }),
        expect: ownerOnly(200),
        forbidden: 'owner_only_setting',
      },
      {
        name: 'DELETE /api/workflows/{id}',
        request: (w) => ({ method: 'DELETE', url: wf(w) }),
        expect: ownerOnly(204),
        forbidden: 'forbidden',
      },
      {
        name: 'GET shares',
        request: (w) => ({ method: 'GET', url: wf(w, '/shares') }),
        expect: withAccess(200),
        check: (_w, _role, body) =>
          expect(body.items.map((s: any) => s.user_id)).toEqual([users.user_share.userId]),
      },
      {
        name: 'POST shares',
        request: (w) => ({ method: 'POST', url: wf(w, '/shares'), payload: { email: users.newcomer.email } }),
        expect: ownerOnly(201),
        forbidden: 'forbidden',
      },
      {
        name: 'DELETE shares/{user_id}',
        request: (w) => ({ method: 'DELETE', url: wf(w, `/shares/${users.user_share.userId}`) }),
        expect: ownerOnly(204),
        forbidden: 'forbidden',
      },
      {
        name: 'GET team-shares',
        request: (w) => ({ method: 'GET', url: wf(w, '/team-shares') }),
        expect: withAccess(200),
        check: (_w, _role, body) => expect(body.items.map((s: any) => s.team_id)).toEqual([sharedTeam.id]),
      },
      {
        name: 'POST team-shares (a team every signed-in caller is in)',
        request: (w) => ({ method: 'POST', url: wf(w, '/team-shares'), payload: { team_id: spareTeam.id } }),
        expect: ownerOnly(201),
        forbidden: 'forbidden',
      },
      {
        name: 'DELETE team-shares/{team_id}',
        request: (w) => ({ method: 'DELETE', url: wf(w, `/team-shares/${sharedTeam.id}`) }),
        expect: ownerOnly(204),
        forbidden: 'forbidden',
      },
      {
        name: 'GET executions',
        request: async (w) => {
          await w.execution();
          return { method: 'GET', url: wf(w, '/executions') };
        },
        expect: withAccess(200),
        check: (_w, _role, body) => expect(body.total).toBe(1),
      },
      {
        name: 'GET /api/executions/{id}',
        request: async (w) => ({ method: 'GET', url: `/api/executions/${await w.execution()}` }),
        expect: withAccess(200),
        check: (w, _role, body) => expect(body.workflow_id).toBe(w.workflow.id),
      },
      {
        name: 'POST cancel (of a finished run: 409 to those who may see it)',
        request: async (w) => ({ method: 'POST', url: wf(w, `/executions/${await w.execution()}/cancel`) }),
        expect: withAccess(409),
      },
      {
        name: 'POST /api/expressions/evaluate with workflow_id',
        request: (w) => ({
          method: 'POST',
          url: '/api/expressions/evaluate',
          payload: { expression: '{{ 1 + 1 }}', workflow_id: w.workflow.id },
        }),
        expect: withAccess(200),
        check: (_w, _role, body) => expect(body.result).toBe(2),
      },
      {
        name: 'execute with ?test_run=true',
        request: (w) => ({ method: 'POST', url: wf(w, '/execute?test_run=true'), payload: { name: 'T' } }),
        expect: withAccess(200, 403, 403),
        forbidden: 'test_run_forbidden',
        check: (_w, _role, body) => expect(body.outputs).toEqual({ result: 'Hello T' }),
      },
    ];

    const table = cases.flatMap((c) => ROLES.map((role) => ({ c, role, status: c.expect[role] })));
    it.each(table)('$c.name as $role: $status', async ({ c, role }) => {
      const w = await world();
      await expectAnswer(c, w, role, snapshot(w));
    });
  });

  describe('team endpoints', () => {
    interface World {
      team: { id: string };
      extra: Registered;
    }

    async function world(): Promise<World> {
      const extra = await client.user('extra');
      const team = await client.createTeam(users.owner, [users.team_share, extra], 'Matrix');
      return { team, extra };
    }

    const snapshot = (w: World) => async () => {
      const response = await client.call(users.owner, 'GET', `/api/teams/${w.team.id}`);
      return [response.statusCode, json(response)];
    };

    const team = (w: World, path = '') => `/api/teams/${w.team.id}${path}`;
    const cases: Case<World>[] = [
      {
        name: 'GET /api/teams lists it for members',
        request: () => ({ method: 'GET', url: '/api/teams' }),
        expect: withAccess(200, 200),
        check: (w, role, body) =>
          expect(body.items.some((item: { id: string }) => item.id === w.team.id)).toBe(
            role === 'owner' || role === 'team_share',
          ),
      },
      {
        name: 'POST /api/teams',
        request: () => ({ method: 'POST', url: '/api/teams', payload: { name: 'Mine' } }),
        expect: withAccess(201, 201),
      },
      {
        name: 'GET /api/teams/{id}',
        request: (w) => ({ method: 'GET', url: team(w) }),
        expect: teamMembers(200, 200),
        check: (w, _role, body) => expect(body.id).toBe(w.team.id),
      },
      {
        name: 'PATCH /api/teams/{id}',
        request: (w) => ({ method: 'PATCH', url: team(w), payload: { name: 'Renamed' } }),
        expect: teamMembers(200, 403),
        forbidden: 'forbidden',
        check: (_w, _role, body) => expect(body.name).toBe('Renamed'),
      },
      {
        name: 'DELETE /api/teams/{id}',
        request: (w) => ({ method: 'DELETE', url: team(w) }),
        expect: teamMembers(204, 403),
        forbidden: 'forbidden',
      },
      {
        name: 'POST members',
        request: (w) => ({
          method: 'POST',
          url: team(w, '/members'),
          payload: { email: users.newcomer.email },
        }),
        expect: teamMembers(201, 201),
        check: (_w, _role, body) => expect(body.user_id).toBe(users.newcomer.userId),
      },
      {
        name: 'DELETE members/{user_id} of another member',
        request: (w) => ({ method: 'DELETE', url: team(w, `/members/${w.extra.userId}`) }),
        expect: teamMembers(204, 204),
      },
      {
        name: 'DELETE members/{user_id} of the creator',
        request: (w) => ({ method: 'DELETE', url: team(w, `/members/${users.owner.userId}`) }),
        expect: teamMembers(403, 403),
        forbidden: 'forbidden',
      },
      {
        name: 'GET shared-entities',
        request: (w) => ({ method: 'GET', url: team(w, '/shared-entities') }),
        expect: teamMembers(200, 200),
        check: (_w, _role, body) => expect(body.workflows).toEqual([]),
      },
    ];

    const table = cases.flatMap((c) => ROLES.map((role) => ({ c, role, status: c.expect[role] })));
    it.each(table)('$c.name as $role: $status', async ({ c, role }) => {
      const w = await world();
      await expectAnswer(c, w, role, snapshot(w));
    });
  });
});
