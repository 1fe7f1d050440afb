/**
 * Credential sharing with users and teams (spec 4.6, 4.7, 5.8) on every backend, and the run-time
 * building blocks: `$credentials` scope, load by id, secrets for masking.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCredentialServices } from '../src/services/credentials/index.js';
import { createTeamRepository } from '../src/store/repositories/teams.js';
import { createUserRepository } from '../src/store/repositories/users.js';
import { backendMatrix, createTestApp, json, type TestApp } from './support/app.js';
import { register, type Registered } from './support/auth.js';
import { expectProblem } from './support/workflow-api.js';

const matrix = await backendMatrix();

describe.each(matrix)('credential sharing on $name', ({ db, store }) => {
  let t: TestApp;
  let owner: Registered;
  let friend: Registered;
  let teammate: Registered;
  let stranger: Registered;
  let scope: ReturnType<typeof createCredentialServices>['credentialScope'];
  const bodies: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({ db, store });
    owner = await register(t.app, 'owner@example.com');
    friend = await register(t.app, 'friend@example.com');
    teammate = await register(t.app, 'teammate@example.com');
    stranger = await register(t.app, 'stranger@example.com');
    scope = createCredentialServices({
      db: t.database.db,
      encryptionKey: t.config.encryptionKey,
      users: createUserRepository(t.database.db),
      teams: createTeamRepository(t.database.db),
    }).credentialScope;
  });
  afterAll(() => t.close());

  async function call(user: Registered | null, method: string, url: string, payload?: unknown) {
    const response = await t.app.inject({
      method: method as 'GET',
      url,
      headers: user ? user.headers : {},
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
    bodies.push(response.body);
    return response;
  }
  async function expectStatus(status: number, ...args: Parameters<typeof call>) {
    const response = await call(...args);
    expect(response.statusCode, response.body).toBe(status);
    return response.body ? json(response) : undefined;
  }
  const create = (user: Registered, name: string, type: string, values: Record<string, unknown>) =>
    expectStatus(201, user, 'POST', '/api/credentials', { name, type, values });
  async function team(creator: Registered, name: string, members: Registered[]) {
    const created = await expectStatus(201, creator, 'POST', '/api/teams', { name });
    for (const member of members)
      await expectStatus(201, creator, 'POST', `/api/teams/${created.id}/members`, { email: member.email });
    return created as { id: string; name: string };
  }

  describe('with users', () => {
    it('shares by email (201), lists the share and lets the recipient read it masked', async () => {
      const credential = await create(owner, 'Shared bearer', 'bearer', { token: 'shared-bearer-secret-1' });
      const share = await expectStatus(201, owner, 'POST', `/api/credentials/${credential.id}/shares`, {
        email: ' Friend@Example.com ',
      });
      expect(share).toEqual({
        user_id: friend.userId,
        email: 'friend@example.com',
        name: '',
        created_at: expect.any(String),
      });
      const read = await expectStatus(200, friend, 'GET', `/api/credentials/${credential.id}`);
      expect(read).toMatchObject({ owner_id: owner.userId, masked: { token: 'shared-**' }, values: {} });
      expect(read.shared_with).toEqual([share]);
      const list = await expectStatus(200, friend, 'GET', '/api/credentials');
      expect(list.items.map((item: { id: string }) => item.id)).toContain(credential.id);
      expect(
        (await expectStatus(200, friend, 'GET', `/api/credentials/${credential.id}/shares`)).items,
      ).toEqual([share]);
    });

    it('answers 404 for an unknown email, 422 for the owner, 409 for a duplicate', async () => {
      const credential = await create(owner, 'Share errors', 'bearer', { token: 'share-errors-secret' });
      const url = `/api/credentials/${credential.id}/shares`;
      expectProblem(await call(owner, 'POST', url, { email: 'nobody@example.com' }), 404, 'not_found');
      const self = expectProblem(
        await call(owner, 'POST', url, { email: owner.email }),
        422,
        'validation_failed',
      );
      expect(self.errors).toEqual([{ path: 'body/email', message: expect.any(String) }]);
      await expectStatus(201, owner, 'POST', url, { email: friend.email });
      expectProblem(await call(owner, 'POST', url, { email: friend.email }), 409, 'conflict');
    });

    it('lets only the owner change or delete it (403 for a recipient, 404 for a stranger)', async () => {
      const credential = await create(owner, 'Owner only', 'bearer', { token: 'owner-only-secret-1' });
      await expectStatus(201, owner, 'POST', `/api/credentials/${credential.id}/shares`, {
        email: friend.email,
      });
      const base = `/api/credentials/${credential.id}`;
      expectProblem(await call(friend, 'PATCH', base, { name: 'mine' }), 403, 'forbidden');
      expectProblem(await call(friend, 'DELETE', base), 403, 'forbidden');
      expectProblem(
        await call(friend, 'POST', `${base}/shares`, { email: teammate.email }),
        403,
        'forbidden',
      );
      expectProblem(await call(friend, 'DELETE', `${base}/shares/${friend.userId}`), 403, 'forbidden');
      for (const [method, url] of [
        ['GET', base],
        ['GET', `${base}/shares`],
        ['GET', `${base}/team-shares`],
        ['DELETE', base],
      ] as const) {
        expectProblem(await call(stranger, method, url), 404, 'not_found');
      }
      expectProblem(
        await call(stranger, 'POST', `${base}/shares`, { email: stranger.email }),
        404,
        'not_found',
      );
    });

    it('unshares with 204; the recipient loses access; a second delete is 404', async () => {
      const credential = await create(owner, 'Unshare', 'bearer', { token: 'unshare-secret-0123' });
      const url = `/api/credentials/${credential.id}/shares`;
      await expectStatus(201, owner, 'POST', url, { email: friend.email });
      await expectStatus(204, owner, 'DELETE', `${url}/${friend.userId}`);
      expectProblem(await call(friend, 'GET', `/api/credentials/${credential.id}`), 404, 'not_found');
      expectProblem(await call(owner, 'DELETE', `${url}/${friend.userId}`), 404, 'not_found');
      expectProblem(await call(owner, 'DELETE', `${url}/not-a-uuid`), 404, 'not_found');
    });
  });

  describe('with teams', () => {
    it('shares with a team the owner belongs to; its members may read and use it', async () => {
      const crew = await team(owner, 'Crew', [teammate]);
      const credential = await create(owner, 'Team sentry', 'sentry', { auth_token: 'team-sentry-token-01' });
      const url = `/api/credentials/${credential.id}/team-shares`;
      const share = await expectStatus(201, owner, 'POST', url, { team_id: crew.id });
      expect(share).toEqual({ team_id: crew.id, name: 'Crew', created_at: expect.any(String) });
      expect((await expectStatus(200, owner, 'GET', url)).items).toEqual([share]);
      const read = await expectStatus(200, teammate, 'GET', `/api/credentials/${credential.id}`);
      expect(read.team_shared_with).toEqual([share]);
      expect(read.masked).toEqual({ auth_token: 'team-se**' });
      expectProblem(
        await call(teammate, 'PATCH', `/api/credentials/${credential.id}`, { name: 'x' }),
        403,
        'forbidden',
      );
      expectProblem(await call(stranger, 'GET', `/api/credentials/${credential.id}`), 404, 'not_found');
      expectProblem(await call(owner, 'POST', url, { team_id: crew.id }), 409, 'conflict');

      const entities = await expectStatus(200, teammate, 'GET', `/api/teams/${crew.id}/shared-entities`);
      expect(entities.credentials).toEqual([
        { id: credential.id, name: 'Team sentry', owner_id: owner.userId, shared_at: share.created_at },
      ]);
      expect(await scope.loadCredentialForUse(teammate.userId, credential.id)).toEqual({
        type: 'sentry',
        values: { auth_token: 'team-sentry-token-01' },
      });
    });

    it('refuses a team the owner is not in, or no team at all (404)', async () => {
      const theirs = await team(stranger, 'Not yours', []);
      const credential = await create(owner, 'No team', 'bearer', { token: 'no-team-secret-0123' });
      const url = `/api/credentials/${credential.id}/team-shares`;
      expectProblem(await call(owner, 'POST', url, { team_id: theirs.id }), 404, 'not_found');
      expectProblem(await call(owner, 'POST', url, { team_id: 'not-a-uuid' }), 404, 'not_found');
      expectProblem(await call(owner, 'DELETE', `${url}/${theirs.id}`), 404, 'not_found');
    });

    it('removes a team share with 204 and members lose access; leaving the team also ends it', async () => {
      const squad = await team(owner, 'Squad', [teammate]);
      const credential = await create(owner, 'Team removal', 'bearer', { token: 'team-removal-0123' });
      const url = `/api/credentials/${credential.id}/team-shares`;
      await expectStatus(201, owner, 'POST', url, { team_id: squad.id });
      await expectStatus(204, owner, 'DELETE', `${url}/${squad.id}`);
      expectProblem(await call(teammate, 'GET', `/api/credentials/${credential.id}`), 404, 'not_found');

      await expectStatus(201, owner, 'POST', url, { team_id: squad.id });
      await expectStatus(200, teammate, 'GET', `/api/credentials/${credential.id}`);
      await expectStatus(204, owner, 'DELETE', `/api/teams/${squad.id}/members/${teammate.userId}`);
      expectProblem(await call(teammate, 'GET', `/api/credentials/${credential.id}`), 404, 'not_found');
      expect(await scope.loadCredentialForUse(teammate.userId, credential.id)).toBeUndefined();
    });
  });

  describe('run-time building blocks', () => {
    it('merges owned, user-shared and team-shared credentials by name; the owned one wins', async () => {
      const user = await register(t.app, 'scope-user@example.com');
      const other = await register(t.app, 'scope-other@example.com');
      const third = await register(t.app, 'scope-third@example.com');
      const board = await team(third, 'Board', [user]);
      await create(user, 'Api', 'bearer', { token: 'own-api-token-0123' });
      const theirs = await create(other, 'Api', 'bearer', { token: 'shared-api-token-01' });
      const direct = await create(other, 'Direct', 'header', {
        header_key: 'X-Key',
        header_value: 'direct-value-01',
      });
      const viaTeam = await create(third, 'ViaTeam', 'discord_webhook', {
        webhook_url: 'https://discord.example/hook-via-team',
      });
      const clash = await create(third, 'Direct', 'bearer', { token: 'team-loses-clash-01' });
      const excluded = await create(other, 'Runner', 'coding_runner', {
        access_token: 'runner-access-token',
        code_hosting_token: 'ghp_runnerhosting01',
      });
      for (const credential of [theirs, direct, excluded])
        await expectStatus(201, other, 'POST', `/api/credentials/${credential.id}/shares`, {
          email: user.email,
        });
      for (const credential of [viaTeam, clash])
        await expectStatus(201, third, 'POST', `/api/credentials/${credential.id}/team-shares`, {
          team_id: board.id,
        });

      expect(await scope.credentialScopeFor(user.userId)).toEqual({
        Api: 'own-api-token-0123',
        Direct: 'X-Key: direct-value-01',
        ViaTeam: 'https://discord.example/hook-via-team',
      });
      expect(await scope.loadCredentialForUse(user.userId, excluded.id)).toEqual({
        type: 'coding_runner',
        values: { access_token: 'runner-access-token', code_hosting_token: 'ghp_runnerhosting01' },
      });
      expect(await scope.loadCredentialForUse(stranger.userId, excluded.id)).toBeUndefined();
      expect(await scope.loadCredentialForUse(user.userId, 'not-a-uuid')).toBeUndefined();

      const secrets = await scope.secretValuesFor(user.userId);
      expect(secrets).toEqual(
        expect.arrayContaining([
          'own-api-token-0123',
          'shared-api-token-01',
          'direct-value-01',
          'X-Key: direct-value-01',
          'https://discord.example/hook-via-team',
          'team-loses-clash-01',
          'runner-access-token',
          'ghp_runnerhosting01',
        ]),
      );
      expect(secrets).toHaveLength(8);
      expect(secrets.map((secret) => secret.length)).toEqual(
        [...secrets.map((secret) => secret.length)].sort((a, b) => b - a),
      );
      expect(await scope.credentialScopeFor(stranger.userId)).toEqual({});
    });
  });

  it('never answered a secret in any response body', () => {
    const leaked = [
      /shared-bearer-secret-1/,
      /team-sentry-token-01/,
      /own-api-token-0123/,
      /direct-value-01/,
    ];
    for (const body of bodies) for (const secret of leaked) expect(body).not.toMatch(secret);
  });
});
