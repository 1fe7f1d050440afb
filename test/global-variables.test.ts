/** Global variables over HTTP (design 9, 10) on every backend: CRUD, sharing, and the `$global` building blocks. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCredentialServices } from '../src/services/credentials/index.js';
import { createTeamRepository } from '../src/store/repositories/teams.js';
import { createUserRepository } from '../src/store/repositories/users.js';
import { backendMatrix, createTestApp, json, type TestApp } from './support/app.js';
import { register, type Registered } from './support/auth.js';
import { expectProblem } from './support/workflow-api.js';

const RECORD_KEYS = ['created_at', 'id', 'name', 'owner_id', 'updated_at', 'value'];
const matrix = await backendMatrix();

describe.each(matrix)('global variables on $name', ({ db, store }) => {
  let t: TestApp;
  let alice: Registered;
  let bob: Registered;
  let variables: ReturnType<typeof createCredentialServices>['globalVariables'];

  beforeAll(async () => {
    t = await createTestApp({ db, store });
    alice = await register(t.app, 'alice@example.com');
    bob = await register(t.app, 'bob@example.com');
    variables = createCredentialServices({
      db: t.database.db,
      encryptionKey: t.config.encryptionKey,
      users: createUserRepository(t.database.db),
      teams: createTeamRepository(t.database.db),
    }).globalVariables;
  });
  afterAll(() => t.close());

  const call = (user: Registered | null, method: string, url: string, payload?: unknown) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: user ? user.headers : {},
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
  async function create(user: Registered, name: string, value: unknown) {
    const response = await call(user, 'POST', '/api/global-variables', { name, value });
    expect(response.statusCode, response.body).toBe(201);
    return json(response);
  }

  describe('CRUD', () => {
    it.each([
      ['an object', { region: 'eu', limits: [1, 2] }],
      ['an array', [1, 'two', null]],
      ['a string', 'hello'],
      ['a number', 42.5],
      ['a boolean', false],
      ['null', null],
    ])('creates with 201 and %s as value', async (_label, value) => {
      const name = `v_${Math.random().toString(36).slice(2, 10)}`;
      const record = await create(alice, name, value);
      expect(Object.keys(record).sort()).toEqual(RECORD_KEYS);
      expect(record).toMatchObject({ name, value, owner_id: alice.userId });
      expect(record.updated_at).toBe(record.created_at);
      expect(json(await call(alice, 'GET', `/api/global-variables/${record.id}`))).toEqual(record);
    });

    it('refuses bad names, a missing value and values over 64 KiB', async () => {
      for (const name of ['1abc', 'has-dash', 'has space', '', 'é']) {
        const problem = expectProblem(
          await call(alice, 'POST', '/api/global-variables', { name, value: 1 }),
          422,
          'validation_failed',
        );
        expect(problem.errors.map((e: { path: string }) => e.path)).toEqual(['body/name']);
      }
      expectProblem(
        await call(alice, 'POST', '/api/global-variables', { name: 'novalue' }),
        422,
        'validation_failed',
      );
      const big = 'x'.repeat(64 * 1024);
      const tooBig = expectProblem(
        await call(alice, 'POST', '/api/global-variables', { name: 'big', value: big }),
        422,
        'validation_failed',
      );
      expect(tooBig.errors).toEqual([{ path: 'body/value', message: expect.stringContaining('65536') }]);
      await create(alice, 'just_fits', 'x'.repeat(64 * 1024 - 2));
    });

    it('lists owned variables, patches name and value, deletes with 204', async () => {
      const carol = await register(t.app, 'carol@example.com');
      const first = await create(carol, 'first', 1);
      const second = await create(carol, 'second', 2);
      await new Promise((resolve) => setTimeout(resolve, 5));
      const patched = await call(carol, 'PATCH', `/api/global-variables/${first.id}`, {
        name: 'First_renamed',
        value: { nested: true },
        owner_id: bob.userId,
      });
      expect(patched.statusCode, patched.body).toBe(200);
      expect(json(patched)).toMatchObject({
        name: 'First_renamed',
        value: { nested: true },
        owner_id: carol.userId,
      });
      expect(Date.parse(json(patched).updated_at)).toBeGreaterThan(Date.parse(first.updated_at));
      const cleared = json(await call(carol, 'PATCH', `/api/global-variables/${first.id}`, { value: null }));
      expect(cleared).toMatchObject({ name: 'First_renamed', value: null });
      const list = json(await call(carol, 'GET', '/api/global-variables'));
      expect(list.items.map((item: { id: string }) => item.id)).toEqual([first.id, second.id]);
      expect((await call(carol, 'DELETE', `/api/global-variables/${second.id}`)).statusCode).toBe(204);
      expectProblem(await call(carol, 'GET', `/api/global-variables/${second.id}`), 404, 'not_found');
    });

    it('answers 409 for a name the owner already uses; other owners may reuse it', async () => {
      await create(alice, 'dup_name', 1);
      expectProblem(
        await call(alice, 'POST', '/api/global-variables', { name: 'dup_name', value: 2 }),
        409,
        'conflict',
      );
      await create(bob, 'dup_name', 3);
      const other = await create(alice, 'other_name', 4);
      expectProblem(
        await call(alice, 'PATCH', `/api/global-variables/${other.id}`, { name: 'dup_name' }),
        409,
        'conflict',
      );
    });

    it("hides other users' variables (404) and refuses anonymous callers", async () => {
      const mine = await create(alice, 'private_one', 'secret-ish');
      for (const [method, payload] of [
        ['GET', undefined],
        ['PATCH', { value: 1 }],
        ['DELETE', undefined],
      ] as const) {
        expectProblem(await call(bob, method, `/api/global-variables/${mine.id}`, payload), 404, 'not_found');
      }
      expectProblem(await call(alice, 'GET', '/api/global-variables/nope'), 404, 'not_found');
      expectProblem(await call(null, 'GET', '/api/global-variables'), 401, 'unauthorized');
    });
  });

  describe('sharing', () => {
    it('shares with users: recipients read (403 on write); 404/422/409 like credentials', async () => {
      const variable = await create(alice, 'shared_region', 'eu-west');
      const url = `/api/global-variables/${variable.id}/shares`;
      const share = await call(alice, 'POST', url, { email: bob.email });
      expect(share.statusCode, share.body).toBe(201);
      expect(json(share)).toMatchObject({ user_id: bob.userId, email: bob.email });
      expect(json(await call(bob, 'GET', `/api/global-variables/${variable.id}`)).value).toBe('eu-west');
      expect(json(await call(bob, 'GET', url)).items).toHaveLength(1);
      expectProblem(
        await call(bob, 'PATCH', `/api/global-variables/${variable.id}`, { value: 'x' }),
        403,
        'forbidden',
      );
      expectProblem(await call(bob, 'DELETE', `/api/global-variables/${variable.id}`), 403, 'forbidden');
      expectProblem(await call(alice, 'POST', url, { email: 'ghost@example.com' }), 404, 'not_found');
      expectProblem(await call(alice, 'POST', url, { email: alice.email }), 422, 'validation_failed');
      expectProblem(await call(alice, 'POST', url, { email: bob.email }), 409, 'conflict');
      expect((await call(alice, 'DELETE', `${url}/${bob.userId}`)).statusCode).toBe(204);
      expectProblem(await call(bob, 'GET', `/api/global-variables/${variable.id}`), 404, 'not_found');
    });

    it('shares with teams the owner belongs to; shown in the team shared-entities', async () => {
      const dave = await register(t.app, 'dave@example.com');
      const team = json(await call(alice, 'POST', '/api/teams', { name: 'Vars' }));
      expect(
        (await call(alice, 'POST', `/api/teams/${team.id}/members`, { email: dave.email })).statusCode,
      ).toBe(201);
      const foreign = json(await call(bob, 'POST', '/api/teams', { name: 'Not Alice' }));
      const variable = await create(alice, 'team_value', [1, 2, 3]);
      const url = `/api/global-variables/${variable.id}/team-shares`;
      expectProblem(await call(alice, 'POST', url, { team_id: foreign.id }), 404, 'not_found');
      const share = await call(alice, 'POST', url, { team_id: team.id });
      expect(share.statusCode, share.body).toBe(201);
      expect(json(share)).toMatchObject({ team_id: team.id, name: 'Vars' });
      expectProblem(await call(alice, 'POST', url, { team_id: team.id }), 409, 'conflict');
      expect(json(await call(dave, 'GET', `/api/global-variables/${variable.id}`)).value).toEqual([1, 2, 3]);
      const entities = json(await call(dave, 'GET', `/api/teams/${team.id}/shared-entities`));
      expect(entities.global_variables).toEqual([
        { id: variable.id, name: 'team_value', owner_id: alice.userId, shared_at: json(share).created_at },
      ]);
      expect((await call(alice, 'DELETE', `${url}/${team.id}`)).statusCode).toBe(204);
      expectProblem(await call(dave, 'GET', `/api/global-variables/${variable.id}`), 404, 'not_found');
    });
  });

  describe('run-time building blocks', () => {
    it('globalScopeFor merges owned, user-shared and team-shared; the owned one wins', async () => {
      const user = await register(t.app, 'scope@example.com');
      const sharer = await register(t.app, 'sharer@example.com');
      const teamOwner = await register(t.app, 'teamowner@example.com');
      const team = json(await call(teamOwner, 'POST', '/api/teams', { name: 'Scope team' }));
      await call(teamOwner, 'POST', `/api/teams/${team.id}/members`, { email: user.email });
      await create(user, 'clash', 'own');
      const shared = [await create(sharer, 'clash', 'shared'), await create(sharer, 'direct', { d: 1 })];
      const viaTeam = [
        await create(teamOwner, 'direct', 'team loses'),
        await create(teamOwner, 'team_only', 7),
      ];
      for (const variable of shared)
        await call(sharer, 'POST', `/api/global-variables/${variable.id}/shares`, { email: user.email });
      for (const variable of viaTeam)
        await call(teamOwner, 'POST', `/api/global-variables/${variable.id}/team-shares`, {
          team_id: team.id,
        });

      expect(await variables.globalScopeFor(user.userId)).toEqual({
        clash: 'own',
        direct: { d: 1 },
        team_only: 7,
      });
      expect(await variables.globalScopeFor(bob.userId)).not.toHaveProperty('clash');
    });

    it("setGlobalFor upserts the user's own variable and validates the name", async () => {
      const user = await register(t.app, 'setter@example.com');
      const created = await variables.setGlobalFor(user.userId, 'counter', 1);
      const updated = await variables.setGlobalFor(user.userId, 'counter', { n: 2 });
      expect(updated.id).toBe(created.id);
      expect((await variables.globalScopeFor(user.userId)).counter).toEqual({ n: 2 });
      await expect(variables.setGlobalFor(user.userId, 'bad-name', 1)).rejects.toMatchObject({
        code: 'validation_failed',
      });
      await expect(variables.setGlobalFor(user.userId, 'huge', 'x'.repeat(70_000))).rejects.toMatchObject({
        code: 'validation_failed',
      });
      const read = json(await call(user, 'GET', `/api/global-variables/${created.id}`));
      expect(read.value).toEqual({ n: 2 });
    });
  });
});
