/** Teams over HTTP (spec 4.6, 5.8; design 9, 10) on every backend: records, membership rules, deletion. */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamMembers, workflowTeamShares } from '../src/store/schema.js';
import { backendMatrix, createTestApp, json, type TestApp } from './support/app.js';
import type { Registered } from './support/auth.js';
import { sharingClient } from './support/sharing-api.js';
import { expectProblem, workflowClient } from './support/workflow-api.js';

const matrix = await backendMatrix();

const TEAM_KEYS = ['creator_id', 'description', 'id', 'members', 'name'];
const KINDS = [
  'credentials',
  'files',
  'global_variables',
  'node_templates',
  'vector_stores',
  'workflow_templates',
  'workflows',
];

describe.each(matrix)('teams on $name', ({ db, store }) => {
  let t: TestApp;
  let creator: Registered;
  let member: Registered;
  let outsider: Registered;
  const client = sharingClient(() => t.app);
  const { call } = client;
  const { create: createWorkflow } = workflowClient(() => t.app);
  const member$ = (user: Registered) => ({ user_id: user.userId, email: user.email, name: '' });
  const readTeam = async (user: Registered, id: string) => json(await call(user, 'GET', `/api/teams/${id}`));

  beforeAll(async () => {
    t = await createTestApp({ db, store });
    creator = await client.user('creator');
    member = await client.user('member');
    outsider = await client.user('outsider');
  });
  afterAll(() => t.close());

  describe('records', () => {
    it('creates with 201: the creator is its first member', async () => {
      const response = await call(creator, 'POST', '/api/teams', {
        name: '  Platform  ',
        description: 'Ops',
      });
      expect(response.statusCode, response.body).toBe(201);
      const team = json(response);
      expect(Object.keys(team).sort()).toEqual(TEAM_KEYS);
      expect(team).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        name: 'Platform',
        description: 'Ops',
        creator_id: creator.userId,
        members: [member$(creator)],
      });
      expect(await readTeam(creator, team.id)).toEqual(team);
      const bare = json(await call(creator, 'POST', '/api/teams', { name: 'Bare', description: null }));
      expect(bare.description).toBe('');
    });

    it('refuses invalid bodies with 422 and creates nothing', async () => {
      const before = json(await call(creator, 'GET', '/api/teams')).items.length;
      for (const body of [
        {},
        { name: '' },
        { name: '   ' },
        { name: 'x'.repeat(201) },
        { name: 1 },
        { name: 'a', description: 'd'.repeat(5_001) },
      ]) {
        expectProblem(await call(creator, 'POST', '/api/teams', body), 422, 'validation_failed');
      }
      expect(json(await call(creator, 'GET', '/api/teams')).items.length).toBe(before);
    });

    it('lists only the teams the caller belongs to, with their members', async () => {
      const lister = await client.user('lister');
      const mine = await client.createTeam(lister, [member], 'b-mine');
      const joined = await client.createTeam(member, [lister], 'A-joined');
      await client.createTeam(member, [], 'not-theirs');
      const body = json(await call(lister, 'GET', '/api/teams'));
      expect(Object.keys(body)).toEqual(['items']);
      expect(body.items).toEqual([joined, mine]);
      expect(body.items[1].members).toEqual([member$(lister), member$(member)]);
      const nobody = await client.user('nobody');
      expect(json(await call(nobody, 'GET', '/api/teams'))).toEqual({ items: [] });
    });

    it('hides a team from non-members behind 404; unknown and malformed ids too', async () => {
      const team = await client.createTeam(creator, [member]);
      expectProblem(await call(outsider, 'GET', `/api/teams/${team.id}`), 404, 'not_found');
      for (const id of [randomUUID(), 'nope', `${randomUUID()}x`]) {
        expectProblem(await call(creator, 'GET', `/api/teams/${id}`), 404, 'not_found');
        expectProblem(await call(creator, 'PATCH', `/api/teams/${id}`, { name: 'x' }), 404, 'not_found');
        expectProblem(await call(creator, 'DELETE', `/api/teams/${id}`), 404, 'not_found');
        expectProblem(await call(creator, 'GET', `/api/teams/${id}/shared-entities`), 404, 'not_found');
        expectProblem(
          await call(creator, 'POST', `/api/teams/${id}/members`, { email: member.email }),
          404,
          'not_found',
        );
        expectProblem(await call(creator, 'DELETE', `/api/teams/${team.id}/members/${id}`), 404, 'not_found');
      }
    });
  });

  describe('editing and deleting: the creator only', () => {
    it('the creator edits; a member gets 403 and a non-member 404, nothing changes', async () => {
      const team = await client.createTeam(creator, [member], 'Before');
      expectProblem(
        await call(member, 'PATCH', `/api/teams/${team.id}`, { name: 'By member' }),
        403,
        'forbidden',
      );
      expectProblem(
        await call(outsider, 'PATCH', `/api/teams/${team.id}`, { name: 'By outsider' }),
        404,
        'not_found',
      );
      expect(await readTeam(creator, team.id)).toEqual(team);
      const response = await call(creator, 'PATCH', `/api/teams/${team.id}`, {
        name: ' After ',
        description: 'New',
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(json(response)).toEqual({ ...team, name: 'After', description: 'New' });
      expect(
        json(await call(creator, 'PATCH', `/api/teams/${team.id}`, { description: null })).description,
      ).toBe('');
      expectProblem(
        await call(creator, 'PATCH', `/api/teams/${team.id}`, { name: '' }),
        422,
        'validation_failed',
      );
    });

    it('the creator deletes (204); a member gets 403', async () => {
      const team = await client.createTeam(creator, [member]);
      expectProblem(await call(member, 'DELETE', `/api/teams/${team.id}`), 403, 'forbidden');
      expectProblem(await call(outsider, 'DELETE', `/api/teams/${team.id}`), 404, 'not_found');
      const response = await call(creator, 'DELETE', `/api/teams/${team.id}`);
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      expectProblem(await call(creator, 'GET', `/api/teams/${team.id}`), 404, 'not_found');
      expectProblem(await call(member, 'GET', `/api/teams/${team.id}`), 404, 'not_found');
      expect(await t.database.db.select().from(teamMembers).where(eq(teamMembers.teamId, team.id))).toEqual(
        [],
      );
    });

    it('deleting a team removes all its shares: its members lose that access', async () => {
      const team = await client.createTeam(creator, [member]);
      const other = await client.createTeam(creator, [member]);
      const [first, second, kept] = [
        await createWorkflow(creator),
        await createWorkflow(creator),
        await createWorkflow(creator),
      ];
      await client.shareWithTeam(creator, first.id, team.id);
      await client.shareWithTeam(creator, second.id, team.id);
      await client.shareWithTeam(creator, kept.id, other.id);
      expect(await client.canSee(member, first.id)).toBe(true);

      expect((await call(creator, 'DELETE', `/api/teams/${team.id}`)).statusCode).toBe(204);
      const rows = await t.database.db
        .select()
        .from(workflowTeamShares)
        .where(eq(workflowTeamShares.teamId, team.id));
      expect(rows).toEqual([]);
      expect(await client.canSee(member, first.id)).toBe(false);
      expect(await client.canSee(member, second.id)).toBe(false);
      expect(await client.listed(member)).not.toContain(first.id);
      expect(json(await call(creator, 'GET', `/api/workflows/${first.id}/team-shares`))).toEqual({
        items: [],
      });
      expect(await client.canSee(member, kept.id)).toBe(true);
      expect(await client.canSee(creator, first.id)).toBe(true);
    });
  });

  describe('members', () => {
    it('any member adds by email (201); unknown email 404; already a member 409', async () => {
      const team = await client.createTeam(creator, [member]);
      const newcomer = await client.user('newcomer');
      const url = `/api/teams/${team.id}/members`;
      const response = await call(member, 'POST', url, { email: ` ${newcomer.email.toUpperCase()}` });
      expect(response.statusCode, response.body).toBe(201);
      expect(json(response)).toEqual(member$(newcomer));
      expect((await readTeam(newcomer, team.id)).members).toEqual([
        member$(creator),
        member$(member),
        member$(newcomer),
      ]);
      expectProblem(await call(member, 'POST', url, { email: 'nobody@example.com' }), 404, 'not_found');
      expectProblem(await call(member, 'POST', url, { email: newcomer.email }), 409, 'conflict');
      expectProblem(await call(member, 'POST', url, { email: creator.email }), 409, 'conflict');
      expectProblem(await call(outsider, 'POST', url, { email: outsider.email }), 404, 'not_found');
      expectProblem(await call(member, 'POST', url, {}), 422, 'validation_failed');
      expect((await readTeam(creator, team.id)).members).toHaveLength(3);
    });

    it('any member removes another member (204) or leaves; nobody removes the creator (403)', async () => {
      const third = await client.user('third');
      const team = await client.createTeam(creator, [member, third]);
      const url = (user: Registered) => `/api/teams/${team.id}/members/${user.userId}`;
      for (const caller of [creator, member, third]) {
        expectProblem(await call(caller, 'DELETE', url(creator)), 403, 'forbidden');
      }
      expectProblem(await call(outsider, 'DELETE', url(third)), 404, 'not_found');
      expectProblem(await call(member, 'DELETE', url(outsider)), 404, 'not_found');
      expect((await call(member, 'DELETE', url(third))).statusCode).toBe(204);
      expectProblem(await call(third, 'GET', `/api/teams/${team.id}`), 404, 'not_found');
      expect((await call(member, 'DELETE', url(member))).statusCode).toBe(204);
      expect((await readTeam(creator, team.id)).members).toEqual([member$(creator)]);
      expectProblem(await call(member, 'DELETE', url(member)), 404, 'not_found');
    });
  });

  describe('shared entities', () => {
    it('names every kind; workflows holds the ones shared with the team', async () => {
      const team = await client.createTeam(creator, [member]);
      const empty = json(await call(member, 'GET', `/api/teams/${team.id}/shared-entities`));
      expect(Object.keys(empty).sort()).toEqual(KINDS);
      expect(Object.values(empty).every((list) => Array.isArray(list) && list.length === 0)).toBe(true);

      const shared = await createWorkflow(creator, { name: 'Shared one' });
      await createWorkflow(creator, { name: 'Not shared' });
      const byMember = await createWorkflow(member, { name: 'Member shared' });
      const share = await client.shareWithTeam(creator, shared.id, team.id);
      await client.shareWithTeam(member, byMember.id, team.id);
      const body = json(await call(creator, 'GET', `/api/teams/${team.id}/shared-entities`));
      expect(body.workflows).toEqual([
        { id: shared.id, name: 'Shared one', owner_id: creator.userId, shared_at: share.created_at },
        { id: byMember.id, name: 'Member shared', owner_id: member.userId, shared_at: expect.any(String) },
      ]);
      expect(body.credentials).toEqual([]);
      expectProblem(await call(outsider, 'GET', `/api/teams/${team.id}/shared-entities`), 404, 'not_found');
    });
  });
});
