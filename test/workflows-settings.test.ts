/** Workflow settings over HTTP (spec 2.1, design 10) on every backend: each rule and its round trip. */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { node } from '../src/core/workflow/test-builders.js';
import { workflows } from '../src/store/schema.js';
import { backendMatrix, json } from './support/app.js';
import { useTestApp } from './support/suite.js';
import { expectProblem, greeter, uniqueSlug, workflowClient } from './support/workflow-api.js';

const matrix = await backendMatrix();

describe.each(matrix)('workflow settings on $name', ({ db, store }) => {
  const {
    t,
    users: { alice, bob },
  } = useTestApp({ db, store }, ['alice', 'bob']);
  const { call, create, patch, read: readAs } = workflowClient(() => t.app);
  const read = (id: string) => readAs(alice, id);

  describe('fields and settings', () => {
    it('round-trips every setting through PATCH and GET', async () => {
      const created = await create(alice, greeter);
      const settings = {
        auth_type: 'anonymous',
        allow_anonymous: true,
        auth_header_key: 'X-Api-Key',
        auth_header_value: 'header-secret',
        http_method: 'PUT',
        webhook_body_mode: 'generic',
        cache_ttl_seconds: 60,
        rate_limit_requests: 10,
        rate_limit_window_seconds: 30,
        sse_enabled: true,
        sse_node_config: {
          n1: { send_start: true, start_message: 'Starting' },
          n2: { send_start: false, start_message: null },
        },
        mcp_enabled: true,
        portal_enabled: true,
        portal_slug: uniqueSlug(),
        portal_stream_enabled: true,
        portal_file_upload_enabled: true,
        portal_file_config: { document: { types: ['pdf', 'png'], max_size_mb: 5 } },
      };
      const response = await patch(alice, created.id, settings);
      expect(response.statusCode, response.body).toBe(200);
      expect(json(response)).toMatchObject(settings);
      expect(await read(created.id)).toMatchObject(settings);

      const second = await create(alice, {
        ...settings,
        portal_slug: uniqueSlug(),
        name: 'created with settings',
      });
      expect(second).toMatchObject({ ...settings, portal_slug: second.portal_slug });
    });

    it('fills start_message with null and clears nullable settings', async () => {
      const folder = json(await call(alice, 'POST', '/api/folders', { name: 'Settings' }));
      const created = await create(alice, {
        sse_node_config: { n1: { send_start: true } },
        cache_ttl_seconds: 5,
        rate_limit_requests: 3,
        rate_limit_window_seconds: 60,
        portal_slug: uniqueSlug(),
        folder_id: folder.id,
      });
      expect(created.folder_id).toBe(folder.id);
      expect(created.sse_node_config).toEqual({ n1: { send_start: true, start_message: null } });
      const cleared = await patch(alice, created.id, {
        cache_ttl_seconds: null,
        rate_limit_requests: null,
        rate_limit_window_seconds: null,
        portal_slug: null,
        folder_id: null,
      });
      expect(json(cleared)).toMatchObject({
        cache_ttl_seconds: null,
        rate_limit_requests: null,
        rate_limit_window_seconds: null,
        portal_slug: null,
        folder_id: null,
      });
      expect(json(await patch(alice, created.id, { cache_ttl_seconds: 0 })).cache_ttl_seconds).toBe(0);
    });

    const invalid: Record<string, unknown>[] = [
      { name: '' },
      { name: '   ' },
      { name: 'x'.repeat(201) },
      { name: 42 },
      { name: 'a\u0000b' },
      { description: 'x'.repeat(5_001) },
      { folder_id: 'not-a-uuid' },
      { folder_id: `urn:uuid:${randomUUID()}` },
      { auth_type: 'basic' },
      { allow_anonymous: 'yes' },
      { auth_header_key: 'bad header' },
      { http_method: 'PATCH' },
      { http_method: 'get' },
      { webhook_body_mode: 'raw' },
      { cache_ttl_seconds: -1 },
      { cache_ttl_seconds: 1.5 },
      { cache_ttl_seconds: '60' },
      { cache_ttl_seconds: 2 ** 31 },
      { rate_limit_requests: 0, rate_limit_window_seconds: 60 },
      { rate_limit_requests: 10, rate_limit_window_seconds: 0 },
      { rate_limit_requests: 10 },
      { rate_limit_window_seconds: 10 },
      { rate_limit_requests: 10, rate_limit_window_seconds: null },
      { sse_enabled: 'true' },
      { sse_node_config: [] },
      { sse_node_config: { n1: { send_start: 'yes' } } },
      { sse_node_config: { n1: { start_message: 'missing send_start' } } },
      { sse_node_config: { n1: { send_start: true, start_message: 7 } } },
      { portal_slug: '' },
      { portal_slug: 'Upper' },
      { portal_slug: '-leading-dash' },
      { portal_slug: 'has space' },
      { portal_slug: 'a'.repeat(64) },
      { portal_file_config: { field: 'not an object' } },
      { nodes: 'not a list' },
      { nodes: [{ id: 'n1' }] },
      { edges: [{ id: 'e1', source: 'a' }] },
      { nodes: [node('k', 'set', { ['bad\u0000key']: 1 })] },
      { nodes: [node('s', 'set', { text: 'lone \ud800 surrogate' })] },
    ];

    it.each(invalid)('refuses %j with 422 validation_failed and writes nothing', async (fields) => {
      const existing = await create(alice, { rate_limit_requests: null });
      const count = json(await call(alice, 'GET', '/api/workflows')).items.length;
      expectProblem(
        await call(alice, 'POST', '/api/workflows', { name: 'N', ...fields }),
        422,
        'validation_failed',
      );
      expect(json(await call(alice, 'GET', '/api/workflows')).items.length).toBe(count);
      expectProblem(await patch(alice, existing.id, fields), 422, 'validation_failed');
      expect(await read(existing.id)).toEqual(existing);
    });

    it('accepts the limits of each range', async () => {
      const ok = await create(alice, {
        name: 'x'.repeat(200),
        description: 'd'.repeat(5_000),
        cache_ttl_seconds: 0,
        rate_limit_requests: 1,
        rate_limit_window_seconds: 1,
        portal_slug: `a${'b'.repeat(62)}`,
      });
      expect(ok.portal_slug).toHaveLength(63);
      for (const method of ['GET', 'POST', 'PUT', 'DELETE']) {
        expect(json(await patch(alice, ok.id, { http_method: method })).http_method).toBe(method);
      }
      expect(json(await patch(alice, ok.id, { portal_slug: '0' })).portal_slug).toBe('0');
    });

    it('answers 409 conflict for a portal slug in use, on create and patch', async () => {
      const taken = uniqueSlug();
      await create(alice, { portal_slug: taken });
      expectProblem(
        await call(bob, 'POST', '/api/workflows', { name: 'b', portal_slug: taken }),
        409,
        'conflict',
      );
      const other = await create(bob);
      expectProblem(await patch(bob, other.id, { name: 'renamed', portal_slug: taken }), 409, 'conflict');
      expect(json(await call(bob, 'GET', `/api/workflows/${other.id}`))).toEqual(other);
    });

    it('reads a null http_method (rows from before the setting) as POST', async () => {
      const [row] = await t.database.db
        .insert(workflows)
        .values({ name: 'legacy', ownerId: alice.userId, httpMethod: null })
        .returning();
      expect(row!.httpMethod).toBeNull();
      expect((await read(row!.id)).http_method).toBe('POST');
      const listed = json(await call(alice, 'GET', '/api/workflows')).items.find(
        (w: { id: string }) => w.id === row!.id,
      );
      expect(listed.http_method).toBe('POST');
      expect(json(await patch(alice, row!.id, { name: 'still legacy' })).http_method).toBe('POST');
    });
  });

  describe('auth_type and allow_anonymous', () => {
    const setAuth = (id: string, authType: string, allowAnonymous: boolean) =>
      t.database.db.update(workflows).set({ authType, allowAnonymous }).where(eq(workflows.id, id));

    it('accepts jwt and header_auth on create and patch, allow_anonymous following', async () => {
      for (const type of ['jwt', 'header_auth']) {
        const created = await create(alice, { auth_type: type });
        expect(created).toMatchObject({ auth_type: type, allow_anonymous: false });
        expect(await read(created.id)).toMatchObject({ auth_type: type, allow_anonymous: false });
      }
      const existing = await create(alice);
      expect(json(await patch(alice, existing.id, { auth_type: 'header_auth' }))).toMatchObject({
        auth_type: 'header_auth',
        allow_anonymous: false,
      });
      const viaFlag = await create(alice);
      expect(json(await patch(alice, viaFlag.id, { allow_anonymous: false }))).toMatchObject({
        auth_type: 'jwt',
        allow_anonymous: false,
      });
      expect(await read(viaFlag.id)).toMatchObject({ auth_type: 'jwt', allow_anonymous: false });
    });

    it('refuses contradictory values in one request', async () => {
      const existing = await create(alice);
      for (const body of [
        { auth_type: 'anonymous', allow_anonymous: false },
        { auth_type: 'jwt', allow_anonymous: true },
        { auth_type: 'header_auth', allow_anonymous: true },
      ]) {
        const problem = expectProblem(await patch(alice, existing.id, body), 422, 'validation_failed');
        expect(problem.detail).toMatch(/contradicts/);
        expectProblem(
          await call(alice, 'POST', '/api/workflows', { name: 'x', ...body }),
          422,
          'validation_failed',
        );
      }
      expect(await read(existing.id)).toEqual(existing);
    });

    it('setting one updates the other', async () => {
      const existing = await create(alice, { auth_type: 'anonymous', allow_anonymous: true });
      expect(existing).toMatchObject({ auth_type: 'anonymous', allow_anonymous: true });
      expect(json(await patch(alice, existing.id, { allow_anonymous: true }))).toMatchObject({
        auth_type: 'anonymous',
        allow_anonymous: true,
      });

      await setAuth(existing.id, 'jwt', false);
      expect(json(await patch(alice, existing.id, { allow_anonymous: true }))).toMatchObject({
        auth_type: 'anonymous',
        allow_anonymous: true,
      });
      await setAuth(existing.id, 'jwt', false);
      expect(json(await patch(alice, existing.id, { auth_type: 'anonymous' }))).toMatchObject({
        auth_type: 'anonymous',
        allow_anonymous: true,
      });
    });

    it('leaves a stored non-anonymous type alone when the request does not change it', async () => {
      const existing = await create(alice);
      await setAuth(existing.id, 'jwt', false);
      for (const body of [{ name: 'renamed' }, { allow_anonymous: false }, { auth_type: 'jwt' }]) {
        const response = await patch(alice, existing.id, body);
        expect(response.statusCode, response.body).toBe(200);
        expect(json(response)).toMatchObject({ auth_type: 'jwt', allow_anonymous: false });
      }
      expect(json(await patch(alice, existing.id, { auth_type: 'header_auth' }))).toMatchObject({
        auth_type: 'header_auth',
        allow_anonymous: false,
      });
    });
  });
});
