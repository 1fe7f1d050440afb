/** Workflow CRUD over HTTP (design 9 and 10) on every backend: records, access, graph rules, cache. */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { edge, node } from '../src/core/workflow/test-builders.js';
import { ResponseCache } from '../src/services/limits/response-cache.js';
import { backendMatrix, json } from './support/app.js';
import { register } from './support/auth.js';
import { useTestApp } from './support/suite.js';
import { expectProblem, greeter, RECORD_KEYS, uniqueSlug, workflowClient } from './support/workflow-api.js';

const matrix = await backendMatrix();

describe.each(matrix)('workflows on $name', ({ db, store }) => {
  const {
    t,
    users: { alice, bob },
  } = useTestApp({ db, store }, ['alice', 'bob']);
  const { call, create, patch, read: readAs } = workflowClient(() => t.app);
  const read = (id: string) => readAs(alice, id);

  describe('CRUD', () => {
    it('creates with 201 and the whole record, defaults filled in', async () => {
      const response = await call(alice, 'POST', '/api/workflows', { name: '  Greeter  ', ...greeter });
      expect(response.statusCode).toBe(201);
      const record = json(response);
      expect(Object.keys(record).sort()).toEqual(RECORD_KEYS);
      expect(record).toMatchObject({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        name: 'Greeter',
        description: '',
        nodes: greeter.nodes,
        edges: greeter.edges,
        owner_id: alice.userId,
        folder_id: null,
        scheduled_for_deletion: null,
        auth_type: 'anonymous',
        allow_anonymous: true,
        auth_header_key: null,
        auth_header_value: null,
        http_method: 'POST',
        webhook_body_mode: 'defined',
        cache_ttl_seconds: null,
        rate_limit_requests: null,
        rate_limit_window_seconds: null,
        sse_enabled: false,
        sse_node_config: {},
        mcp_enabled: false,
        portal_enabled: false,
        portal_slug: null,
        portal_stream_enabled: false,
        portal_file_upload_enabled: false,
        portal_file_config: {},
      });
      expect(new Date(record.created_at).toISOString()).toBe(record.created_at);
      expect(record.updated_at).toBe(record.created_at);
      expect(await read(record.id)).toEqual(record);
    });

    it('keeps canvas members of nodes and edges as sent; drops unknown top-level members', async () => {
      const nodes = [{ ...node('n1', 'textInput'), width: 120, selected: true }];
      const record = await create(alice, {
        nodes,
        edges: [],
        id: randomUUID(),
        owner_id: bob.userId,
        created_at: '2000-01-01T00:00:00.000Z',
        scheduled_for_deletion: '2000-01-01T00:00:00.000Z',
        password_hash: 'x',
      });
      expect(record.nodes).toEqual(nodes);
      expect(record.owner_id).toBe(alice.userId);
      expect(record.created_at).not.toBe('2000-01-01T00:00:00.000Z');
      expect(record.scheduled_for_deletion).toBeNull();
      expect(record).not.toHaveProperty('password_hash');
    });

    it("lists only the caller's workflows, most recently updated first", async () => {
      const carol = await register(t.app, 'carol@example.com');
      const first = await create(carol, { name: 'first' });
      const second = await create(carol, { name: 'second' });
      await create(bob, { name: 'bob-only' });
      expect((await patch(carol, first.id, { description: 'touched' })).statusCode).toBe(200);
      const response = await call(carol, 'GET', '/api/workflows');
      expect(response.statusCode).toBe(200);
      const body = json(response);
      expect(Object.keys(body)).toEqual(['items']);
      expect(body.items.map((w: { id: string }) => w.id)).toEqual([first.id, second.id]);
      expect(Object.keys(body.items[0]).sort()).toEqual(RECORD_KEYS);
      const empty = await register(t.app, 'nobody@example.com');
      expect(json(await call(empty, 'GET', '/api/workflows'))).toEqual({ items: [] });
    });

    it('patches partially; updated_at moves, created_at stays', async () => {
      const created = await create(alice, { ...greeter, description: 'before' });
      await new Promise((resolve) => setTimeout(resolve, 5));
      const response = await patch(alice, created.id, { name: 'Renamed', description: null });
      expect(response.statusCode).toBe(200);
      const updated = json(response);
      expect(updated).toMatchObject({
        name: 'Renamed',
        description: '',
        nodes: greeter.nodes,
        edges: greeter.edges,
      });
      expect(updated.created_at).toBe(created.created_at);
      expect(Date.parse(updated.updated_at)).toBeGreaterThan(Date.parse(created.updated_at));
      expect(await read(created.id)).toEqual(updated);
    });

    it('accepts a record it served as a PATCH body', async () => {
      const created = await create(alice, { ...greeter, portal_slug: uniqueSlug(), cache_ttl_seconds: 30 });
      const response = await patch(alice, created.id, { ...created, name: 'Round trip' });
      expect(response.statusCode, response.body).toBe(200);
      expect(json(response)).toMatchObject({
        ...created,
        name: 'Round trip',
        updated_at: expect.any(String),
      });
    });

    it('deletes with 204; the workflow is gone', async () => {
      const created = await create(alice);
      const response = await call(alice, 'DELETE', `/api/workflows/${created.id}`);
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      expectProblem(await call(alice, 'GET', `/api/workflows/${created.id}`), 404, 'not_found');
      expectProblem(await call(alice, 'DELETE', `/api/workflows/${created.id}`), 404, 'not_found');
      const list = json(await call(alice, 'GET', '/api/workflows'));
      expect(list.items.some((w: { id: string }) => w.id === created.id)).toBe(false);
    });
  });

  describe('access', () => {
    it('answers 401 without a session and with a bad token', async () => {
      const id = (await create(alice)).id;
      const routes: [string, string, unknown?][] = [
        ['POST', '/api/workflows', { name: 'x' }],
        ['POST', '/api/workflows', { name: '' }],
        ['GET', '/api/workflows'],
        ['GET', `/api/workflows/${id}`],
        ['PATCH', `/api/workflows/${id}`, { name: 'x' }],
        ['DELETE', `/api/workflows/${id}`],
      ];
      for (const [method, url, payload] of routes) {
        expectProblem(await call(null, method, url, payload), 401, 'unauthorized');
        const badToken = await t.app.inject({
          method: method as 'GET',
          url,
          headers: { authorization: 'Bearer not.a.token' },
          ...(payload !== undefined ? { payload: payload as object } : {}),
        });
        expectProblem(badToken, 401, 'invalid_token');
      }
      expect((await read(id)).name).toBe('W');
    });

    it("hides another user's workflow behind 404, and leaves it untouched", async () => {
      const created = await create(alice, { ...greeter, auth_header_value: 'owner-secret' });
      expect(created.auth_header_value).toBe('owner-secret');
      expectProblem(await call(bob, 'GET', `/api/workflows/${created.id}`), 404, 'not_found');
      expectProblem(await patch(bob, created.id, { name: 'mine now' }), 404, 'not_found');
      expectProblem(
        await patch(bob, created.id, { auth_type: 'anonymous', allow_anonymous: false }),
        404,
        'not_found',
      );
      expectProblem(await call(bob, 'DELETE', `/api/workflows/${created.id}`), 404, 'not_found');
      expect(await read(created.id)).toEqual(created);
    });

    it('answers 404 for unknown and malformed ids', async () => {
      const ids = [
        randomUUID(),
        'nope',
        '123',
        `${randomUUID()}x`,
        randomUUID().replace(/-/g, ''),
        `%7B${randomUUID()}%7D`,
        '%27%20or%20%271%27%3D%271',
        'x'.repeat(200),
      ];
      for (const id of ids) {
        expectProblem(await call(alice, 'GET', `/api/workflows/${id}`), 404, 'not_found');
        expectProblem(await patch(alice, id, { name: 'x' }), 404, 'not_found');
        expectProblem(await call(alice, 'DELETE', `/api/workflows/${id}`), 404, 'not_found');
      }
    });
  });

  describe('graph validation', () => {
    const cases: {
      name: string;
      graph: { nodes: unknown[]; edges: unknown[] };
      nodeIds: string[];
      edgeIds: string[];
    }[] = [
      {
        name: 'unknown node type',
        graph: { nodes: [node('a', 'textInput'), node('b', 'noSuchType')], edges: [edge('a', 'b')] },
        nodeIds: ['b'],
        edgeIds: [],
      },
      {
        name: 'dangling edge',
        graph: { nodes: [node('a', 'textInput')], edges: [{ id: 'e9', source: 'a', target: 'ghost' }] },
        nodeIds: [],
        edgeIds: ['e9'],
      },
      {
        name: 'duplicate label',
        graph: {
          nodes: [node('a', 'textInput', { label: 'same' }), node('b', 'set', { label: 'same' })],
          edges: [edge('a', 'b')],
        },
        nodeIds: ['a', 'b'],
        edgeIds: [],
      },
      {
        name: 'bad label',
        graph: { nodes: [node('a', 'textInput', { label: '1 bad-label' })], edges: [] },
        nodeIds: ['a'],
        edgeIds: [],
      },
      {
        name: 'cycle',
        graph: {
          nodes: [node('s', 'textInput'), node('a', 'set'), node('b', 'set'), node('c', 'set')],
          edges: [edge('s', 'a'), edge('a', 'b'), edge('b', 'c'), edge('c', 'a')],
        },
        nodeIds: ['a', 'b', 'c'],
        edgeIds: ['a-out-b', 'b-out-c', 'c-out-a'],
      },
    ];

    it.each(cases)('$name: 422 invalid_workflow naming the ids, on create and on patch', async (c) => {
      const before = json(await call(alice, 'GET', '/api/workflows')).items.length;
      const created = expectProblem(
        await call(alice, 'POST', '/api/workflows', { name: 'bad', ...c.graph }),
        422,
        'invalid_workflow',
      );
      expect([...created.node_ids].sort()).toEqual(c.nodeIds);
      expect([...created.edge_ids].sort()).toEqual(c.edgeIds);
      expect(created.errors.length).toBeGreaterThan(0);
      expect(json(await call(alice, 'GET', '/api/workflows')).items.length).toBe(before);

      const existing = await create(alice, greeter);
      const patched = expectProblem(await patch(alice, existing.id, c.graph), 422, 'invalid_workflow');
      expect([...patched.node_ids].sort()).toEqual(c.nodeIds);
      expect(await read(existing.id)).toEqual(existing);
    });

    it('validates nodes sent alone against the stored edges', async () => {
      const existing = await create(alice, greeter);
      const body = expectProblem(
        await patch(alice, existing.id, { nodes: greeter.nodes.slice(0, 2) }),
        422,
        'invalid_workflow',
      );
      expect(body.edge_ids).toEqual(['e2']);
      const ok = await patch(alice, existing.id, {
        nodes: greeter.nodes.slice(0, 2),
        edges: greeter.edges.slice(0, 1),
      });
      expect(ok.statusCode).toBe(200);
    });

    it('accepts a loop with its loop-back edge', async () => {
      const nodes = [node('s', 'textInput'), node('l', 'loop'), node('b', 'set'), node('o', 'output')];
      const edges = [
        edge('s', 'l'),
        edge('l', 'b', 'loop'),
        edge('b', 'l', undefined, 'loop'),
        edge('l', 'o', 'done'),
      ];
      expect((await create(alice, { nodes, edges })).nodes).toEqual(nodes);
    });

    it('caps the graph: 2,000 nodes, 5,000 edges, 1 MiB of data per node, 64 levels', async () => {
      const many = Array.from({ length: 2_000 }, (_, i) => node(`n${i}`, 'set'));
      const chain = many.slice(1).map((n, i) => edge(`n${i}`, n.id));
      const big = await call(alice, 'POST', '/api/workflows', { name: 'big', nodes: many, edges: chain });
      expect(big.statusCode).toBe(201);
      expectProblem(
        await call(alice, 'POST', '/api/workflows', { name: 'x', nodes: [...many, node('extra', 'set')] }),
        422,
        'validation_failed',
      );
      const edges = Array.from({ length: 5_001 }, (_, i) => ({ id: `e${i}`, source: 'n0', target: 'n1' }));
      expectProblem(
        await call(alice, 'POST', '/api/workflows', { name: 'x', nodes: many.slice(0, 2), edges }),
        422,
        'validation_failed',
      );
      const fat = node('fat', 'set', { blob: 'x'.repeat(1024 * 1024 + 1) });
      const fatBody = expectProblem(
        await call(alice, 'POST', '/api/workflows', { name: 'x', nodes: [fat] }),
        422,
        'validation_failed',
      );
      expect(fatBody.errors[0].path).toBe('body/nodes/0/data');
      const levels = 200_000;
      const veryDeep = await t.app.inject({
        method: 'POST',
        url: '/api/workflows',
        headers: { ...alice.headers, 'content-type': 'application/json' },
        payload: `{"name":"x","nodes":[{"id":"a","type":"set","position":{"x":0,"y":0},"data":{"label":"a","d":${'['.repeat(levels)}${']'.repeat(levels)}}}]}`,
      });
      expectProblem(veryDeep, 422, 'validation_failed');
      let deep: unknown = 'bottom';
      for (let i = 0; i < 100; i++) deep = [deep];
      expectProblem(
        await call(alice, 'POST', '/api/workflows', { name: 'x', nodes: [node('d', 'set', { deep })] }),
        422,
        'validation_failed',
      );
    });
  });

  describe('response cache', () => {
    it("drops the workflow's cached responses when it is saved or deleted, and only its own", async () => {
      const cache = new ResponseCache(t.store);
      const target = await create(alice, { cache_ttl_seconds: 60 });
      const bystander = await create(alice, { cache_ttl_seconds: 60 });
      const fill = async () => {
        await cache.put(target.id, 'k1', { outputs: 1 }, 60);
        await cache.put(target.id, 'k2', { outputs: 2 }, 60);
        await cache.put(bystander.id, 'k1', { outputs: 3 }, 60);
      };
      await fill();
      expectProblem(await patch(alice, target.id, { rate_limit_requests: 1 }), 422, 'validation_failed');
      expect(await cache.get(target.id, 'k1')).toEqual({ outputs: 1 });

      expect((await patch(alice, target.id, { name: 'saved' })).statusCode).toBe(200);
      expect(await cache.get(target.id, 'k1')).toBeNull();
      expect(await cache.get(target.id, 'k2')).toBeNull();
      expect(await cache.get(bystander.id, 'k1')).toEqual({ outputs: 3 });

      await fill();
      expect((await call(alice, 'DELETE', `/api/workflows/${target.id}`)).statusCode).toBe(204);
      expect(await cache.get(target.id, 'k1')).toBeNull();
      expect(await cache.get(bystander.id, 'k1')).toEqual({ outputs: 3 });
    });
  });
});
