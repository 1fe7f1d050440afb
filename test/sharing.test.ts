/**
 * Workflow sharing over HTTP (spec 4.6, 5.8; design 9, 10) on every backend: share records, the
 * union of direct and team shares, and what a collaborator may change.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workflows } from '../src/store/schema.js';
import { backendMatrix, createTestApp, json, type TestApp } from './support/app.js';
import type { Registered } from './support/auth.js';
import { sharingClient } from './support/sharing-api.js';
import { expectProblem, greeter, workflowClient } from './support/workflow-api.js';

const matrix = await backendMatrix();

describe.each(matrix)('workflow sharing on $name', ({ db, store }) => {
  let t: TestApp;
  let owner: Registered;
  let collaborator: Registered;
  const client = sharingClient(() => t.app);
  const { call, create, patch, read } = workflowClient(() => t.app);
  const shares = (user: Registered, id: string) => call(user, 'GET', `/api/workflows/${id}/shares`);
  const teamShares = (user: Registered, id: string) => call(user, 'GET', `/api/workflows/${id}/team-shares`);

  beforeAll(async () => {
    t = await createTestApp({ db, store });
    owner = await client.user('owner');
    collaborator = await client.user('collaborator');
  });
  afterAll(() => t.close());

  describe('user shares', () => {
    it('shares by email (201), lists and unshares (204); access follows the share', async () => {
      const wf = await create(owner, greeter);
      expect(await client.canSee(collaborator, wf.id)).toBe(false);
      const response = await call(owner, 'POST', `/api/workflows/${wf.id}/shares`, {
        email: `  ${collaborator.email.toUpperCase()} `,
      });
      expect(response.statusCode, response.body).toBe(201);
      const share = json(response);
      expect(Object.keys(share).sort()).toEqual(['created_at', 'email', 'name', 'user_id']);
      expect(share).toMatchObject({ user_id: collaborator.userId, email: collaborator.email, name: '' });
      expect(new Date(share.created_at).toISOString()).toBe(share.created_at);
      expect(json(await shares(owner, wf.id))).toEqual({ items: [share] });
      expect(await client.canSee(collaborator, wf.id)).toBe(true);
      expect(await client.listed(collaborator)).toContain(wf.id);

      const removed = await call(owner, 'DELETE', `/api/workflows/${wf.id}/shares/${collaborator.userId}`);
      expect(removed.statusCode).toBe(204);
      expect(removed.body).toBe('');
      expect(json(await shares(owner, wf.id))).toEqual({ items: [] });
      expect(await client.canSee(collaborator, wf.id)).toBe(false);
      expect(await client.listed(collaborator)).not.toContain(wf.id);
      expectProblem(
        await call(owner, 'DELETE', `/api/workflows/${wf.id}/shares/${collaborator.userId}`),
        404,
        'not_found',
      );
    });

    it('answers 404 for an unknown email, 409 for a repeat, 422 for the owner', async () => {
      const wf = await create(owner);
      const url = `/api/workflows/${wf.id}/shares`;
      expectProblem(await call(owner, 'POST', url, { email: 'nobody@example.com' }), 404, 'not_found');
      await client.shareWithUser(owner, wf.id, collaborator.email);
      expectProblem(await call(owner, 'POST', url, { email: collaborator.email }), 409, 'conflict');
      const self = expectProblem(
        await call(owner, 'POST', url, { email: owner.email }),
        422,
        'validation_failed',
      );
      expect(self.errors[0].path).toBe('body/email');
      expectProblem(await call(owner, 'POST', url, {}), 422, 'validation_failed');
      expect(json(await shares(owner, wf.id)).items).toHaveLength(1);
    });

    it('answers 404 for unknown and malformed ids', async () => {
      const wf = await create(owner);
      for (const id of [randomUUID(), 'nope', `${randomUUID()}x`]) {
        expectProblem(await shares(owner, id), 404, 'not_found');
        expectProblem(
          await call(owner, 'POST', `/api/workflows/${id}/shares`, { email: collaborator.email }),
          404,
          'not_found',
        );
        expectProblem(await call(owner, 'DELETE', `/api/workflows/${wf.id}/shares/${id}`), 404, 'not_found');
        expectProblem(
          await call(owner, 'DELETE', `/api/workflows/${wf.id}/team-shares/${id}`),
          404,
          'not_found',
        );
        expectProblem(
          await call(owner, 'POST', `/api/workflows/${wf.id}/team-shares`, { team_id: id }),
          404,
          'not_found',
        );
      }
    });
  });

  describe('team shares', () => {
    it('shares with a team the owner is in (201), lists and unshares (204)', async () => {
      const team = await client.createTeam(owner, [collaborator], 'Ops');
      const wf = await create(owner);
      const response = await call(owner, 'POST', `/api/workflows/${wf.id}/team-shares`, { team_id: team.id });
      expect(response.statusCode, response.body).toBe(201);
      const share = json(response);
      expect(Object.keys(share).sort()).toEqual(['created_at', 'name', 'team_id']);
      expect(share).toMatchObject({ team_id: team.id, name: 'Ops' });
      expect(json(await teamShares(owner, wf.id))).toEqual({ items: [share] });
      expect(await client.canSee(collaborator, wf.id)).toBe(true);
      expectProblem(
        await call(owner, 'POST', `/api/workflows/${wf.id}/team-shares`, { team_id: team.id }),
        409,
        'conflict',
      );

      expect((await call(owner, 'DELETE', `/api/workflows/${wf.id}/team-shares/${team.id}`)).statusCode).toBe(
        204,
      );
      expect(json(await teamShares(owner, wf.id))).toEqual({ items: [] });
      expect(await client.canSee(collaborator, wf.id)).toBe(false);
    });

    it('answers 404 for a team the owner is not in, and shares nothing', async () => {
      const outsider = await client.user('outsider');
      const theirs = await client.createTeam(outsider, [collaborator], 'Theirs');
      const wf = await create(owner);
      const body = expectProblem(
        await call(owner, 'POST', `/api/workflows/${wf.id}/team-shares`, { team_id: theirs.id }),
        404,
        'not_found',
      );
      expect(body.detail).toBe('No such team');
      expect(json(await teamShares(owner, wf.id))).toEqual({ items: [] });
      expect(await client.canSee(collaborator, wf.id)).toBe(false);
    });

    it('gives every member access; a removed member loses it', async () => {
      const member = await client.user('member');
      const team = await client.createTeam(owner, [collaborator, member]);
      const wf = await create(owner);
      await client.shareWithTeam(owner, wf.id, team.id);
      expect(await client.canSee(member, wf.id)).toBe(true);
      expect((await call(owner, 'DELETE', `/api/teams/${team.id}/members/${member.userId}`)).statusCode).toBe(
        204,
      );
      expect(await client.canSee(member, wf.id)).toBe(false);
      expect(await client.canSee(collaborator, wf.id)).toBe(true);
    });
  });

  describe('direct and team shares are additive', () => {
    it('removing either share keeps the access the other gives; the list holds the workflow once', async () => {
      const team = await client.createTeam(owner, [collaborator]);
      for (const removeFirst of ['direct', 'team'] as const) {
        const wf = await create(owner);
        await client.shareWithUser(owner, wf.id, collaborator.email);
        await client.shareWithTeam(owner, wf.id, team.id);
        expect((await client.listed(collaborator)).filter((id) => id === wf.id)).toHaveLength(1);
        const direct = `/api/workflows/${wf.id}/shares/${collaborator.userId}`;
        const viaTeam = `/api/workflows/${wf.id}/team-shares/${team.id}`;
        const [first, second] = removeFirst === 'direct' ? [direct, viaTeam] : [viaTeam, direct];
        expect((await call(owner, 'DELETE', first)).statusCode).toBe(204);
        expect(await client.canSee(collaborator, wf.id)).toBe(true);
        expect(await client.listed(collaborator)).toContain(wf.id);
        expect((await call(owner, 'DELETE', second)).statusCode).toBe(204);
        expect(await client.canSee(collaborator, wf.id)).toBe(false);
        expect(await client.listed(collaborator)).not.toContain(wf.id);
      }
    });

    it('a shared workflow can be run as a test run by the collaborator, and its history read', async () => {
      const wf = await create(owner, greeter);
      await client.shareWithUser(owner, wf.id, collaborator.email);
      const run = await t.app.inject({
        method: 'POST',
        url: `/api/workflows/${wf.id}/execute?test_run=true`,
        headers: collaborator.headers,
        payload: { name: 'Col' },
      });
      expect(run.statusCode, run.body).toBe(200);
      expect(json(run).outputs).toEqual({ result: 'Hello Col' });
    });
  });

  describe('what a collaborator may change', () => {
    let slugCounter = 0;
    const settings = () => ({
      ...greeter,
      auth_header_key: 'X-Key',
      auth_header_value: 'owner-secret',
      cache_ttl_seconds: 30,
      rate_limit_requests: 10,
      rate_limit_window_seconds: 30,
      sse_node_config: { n1: { send_start: true, start_message: 'Go' } },
      portal_slug: `share-${++slugCounter}-${randomUUID().slice(0, 8)}`,
      portal_file_config: { doc: { types: ['pdf'] } },
    });
    async function sharedWorkflow() {
      const wf = await create(owner, settings());
      await client.shareWithUser(owner, wf.id, collaborator.email);
      return wf;
    }

    it('edits the canvas, the name and the description', async () => {
      const wf = await sharedWorkflow();
      const nodes = greeter.nodes.map((n) => (n.id === 'n3' ? { ...n, position: { x: 9, y: 9 } } : n));
      const response = await patch(collaborator, wf.id, {
        name: 'Edited',
        description: 'by a collaborator',
        nodes,
        edges: greeter.edges,
      });
      expect(response.statusCode, response.body).toBe(200);
      const owners = await read(owner, wf.id);
      expect(owners).toMatchObject({ name: 'Edited', description: 'by a collaborator', nodes });
      expect(owners).toMatchObject({ auth_header_value: 'owner-secret', owner_id: owner.userId });
    });

    const changes: Record<string, unknown>[] = [
      { auth_type: 'jwt' },
      { auth_type: 'header_auth' },
      { allow_anonymous: false },
      { auth_header_key: 'X-Other' },
      { auth_header_key: null },
      { webhook_body_mode: 'generic' },
      { http_method: 'PUT' },
      { cache_ttl_seconds: 99 },
      { cache_ttl_seconds: null },
      { rate_limit_requests: 5 },
      { rate_limit_window_seconds: 60 },
      { rate_limit_requests: null, rate_limit_window_seconds: null },
      { sse_enabled: true },
      { sse_node_config: { n1: { send_start: false, start_message: 'Go' } } },
      { sse_node_config: {} },
      { mcp_enabled: true },
      { portal_enabled: true },
      { portal_slug: 'taken-by-collaborator' },
      { portal_stream_enabled: true },
      { portal_file_upload_enabled: true },
      { portal_file_config: {} },
      { folder_id: randomUUID() },
    ];

    it.each(changes)('changing %j answers 403 owner_only_setting and writes nothing', async (change) => {
      const wf = await sharedWorkflow();
      const before = await read(owner, wf.id);
      const body = expectProblem(
        await patch(collaborator, wf.id, { name: 'Should not stick', nodes: [], edges: [], ...change }),
        403,
        'owner_only_setting',
      );
      expect(body.errors.map((e: { path: string }) => e.path).sort()).toEqual(
        Object.keys(change)
          .map((field) => `body/${field}`)
          .sort(),
      );
      expect(await read(owner, wf.id)).toEqual(before);
    });

    it('accepts the record it read, sent back with the current owner-only values', async () => {
      const wf = await sharedWorkflow();
      const seen = await read(collaborator, wf.id);
      expect(seen.auth_header_value).toBeNull();
      const response = await patch(collaborator, wf.id, { ...seen, name: 'Round trip' });
      expect(response.statusCode, response.body).toBe(200);
      const after = await read(owner, wf.id);
      expect(after).toMatchObject({ ...wf, name: 'Round trip', updated_at: after.updated_at });
      expect(after.auth_header_value).toBe('owner-secret');
      // Key order inside JSON settings does not make a change.
      const reordered = await patch(collaborator, wf.id, {
        sse_node_config: { n1: { start_message: 'Go', send_start: true } },
        rate_limit_window_seconds: 30,
        auth_type: 'anonymous',
        allow_anonymous: true,
      });
      expect(reordered.statusCode, reordered.body).toBe(200);
    });

    it('reads a null http_method as POST: repeating POST is no change', async () => {
      const wf = await sharedWorkflow();
      await t.database.db.update(workflows).set({ httpMethod: null }).where(eq(workflows.id, wf.id));
      expect((await patch(collaborator, wf.id, { http_method: 'POST', name: 'legacy' })).statusCode).toBe(
        200,
      );
      expectProblem(await patch(collaborator, wf.id, { http_method: 'GET' }), 403, 'owner_only_setting');
    });

    it('never sees auth_header_value, and a write to it is silently ignored', async () => {
      const wf = await sharedWorkflow();
      expect((await read(collaborator, wf.id)).auth_header_value).toBeNull();
      const listed = json(await call(collaborator, 'GET', '/api/workflows')).items.find(
        (item: { id: string }) => item.id === wf.id,
      );
      expect(listed.auth_header_value).toBeNull();
      const response = await patch(collaborator, wf.id, {
        auth_header_value: 'collaborator-value',
        name: 'ok',
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(json(response)).toMatchObject({ name: 'ok', auth_header_value: null });
      expect(await read(owner, wf.id)).toMatchObject({ name: 'ok', auth_header_value: 'owner-secret' });
      const cleared = await patch(collaborator, wf.id, { auth_header_value: null });
      expect(cleared.statusCode).toBe(200);
      expect((await read(owner, wf.id)).auth_header_value).toBe('owner-secret');
    });

    it('cannot delete the workflow (403) nor manage its shares (403)', async () => {
      const wf = await sharedWorkflow();
      expectProblem(await call(collaborator, 'DELETE', `/api/workflows/${wf.id}`), 403, 'forbidden');
      const stranger = await client.user('stranger');
      expectProblem(
        await call(collaborator, 'POST', `/api/workflows/${wf.id}/shares`, { email: stranger.email }),
        403,
        'forbidden',
      );
      expectProblem(
        await call(collaborator, 'DELETE', `/api/workflows/${wf.id}/shares/${collaborator.userId}`),
        403,
        'forbidden',
      );
      expect(await client.canSee(collaborator, wf.id)).toBe(true);
      expect(await client.canSee(owner, wf.id)).toBe(true);
    });
  });
});
