/** Hostile workflow bodies never produce a 500, a stack trace or a partial row. */
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateWorkflow } from '../src/core/workflow/index.js';
import { nodeRegistry } from '../src/nodes/registry.js';
import { workflows } from '../src/store/schema.js';
import { createTestApp, type TestApp } from './support/app.js';
import { register, type Registered } from './support/auth.js';
import { greeter } from './support/workflow-api.js';

const hostileString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom(
    '',
    '   ',
    'a\u0000b',
    'lone \ud800',
    '\udc00',
    'x'.repeat(6_000),
    "'; drop table workflows; --",
    '__proto__',
    'anonymous',
    'jwt',
    'GET',
    'fuzz-slug',
    'Bad Slug',
    '1abc',
  ),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(2 ** 31, -1, 0, 1e300),
  fc.array(hostileString, { maxLength: 3 }),
  fc.dictionary(hostileString, hostileString, { maxKeys: 3 }),
);
const nodeId = fc.constantFrom('n1', 'n2', 'n3', 'ghost');
const fuzzNode = fc.record(
  {
    id: fc.oneof(nodeId, hostileString),
    type: fc.oneof(
      fc.constantFrom('textInput', 'set', 'output', 'loop', 'condition', 'sticky', 'noSuchType'),
      hostileString,
    ),
    position: fc.oneof(fc.record({ x: fc.integer(), y: fc.integer() }), hostileValue),
    data: fc.oneof(
      fc.record(
        { label: fc.oneof(fc.constantFrom('a', 'b', 'c', '1x'), hostileString), extra: hostileValue },
        { requiredKeys: ['label'] },
      ),
      hostileValue,
    ),
  },
  { requiredKeys: ['id', 'type', 'position', 'data'] },
);
const fuzzEdge = fc.record(
  {
    id: fc.oneof(fc.constantFrom('e1', 'e2', 'e3'), hostileString),
    source: nodeId,
    target: nodeId,
    sourceHandle: fc.oneof(fc.constantFrom('true', 'false', 'loop', 'done', 'error', ''), fc.constant(null)),
    targetHandle: fc.oneof(fc.constantFrom('loop'), fc.constant(null)),
  },
  { requiredKeys: ['id', 'source', 'target'] },
);
/** Mostly well-formed values, sometimes anything at all. */
const choice = <T>(good: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: good, weight: 12 }, { arbitrary: hostileValue, weight: 1 });
const fuzzGraph = fc.oneof(
  fc.constant({}),
  fc.constant(greeter),
  fc.record(
    {
      nodes: choice(fc.array(fuzzNode, { maxLength: 4 })),
      edges: choice(fc.array(fuzzEdge, { maxLength: 4 })),
    },
    { requiredKeys: [] },
  ),
);
const fuzzBody = fc.oneof(
  {
    weight: 9,
    arbitrary: fc
      .tuple(
        fuzzGraph,
        fc.record({
          name: choice(fc.constantFrom('Fuzz', '  padded  ', 'x'.repeat(200))),
          description: choice(fc.option(fc.string({ maxLength: 30 }))),
          folder_id: choice(fc.option(fc.uuid())),
          auth_type: choice(fc.constantFrom('anonymous', 'jwt', 'header_auth')),
          allow_anonymous: choice(fc.boolean()),
          auth_header_key: choice(fc.option(fc.constantFrom('X-Key', 'Authorization'))),
          auth_header_value: choice(fc.option(fc.string({ maxLength: 20 }))),
          http_method: choice(fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH')),
          webhook_body_mode: choice(fc.constantFrom('defined', 'generic')),
          cache_ttl_seconds: choice(fc.option(fc.integer({ min: -2, max: 100 }))),
          rate_limit_requests: choice(fc.option(fc.integer({ min: -1, max: 100 }))),
          rate_limit_window_seconds: choice(fc.option(fc.integer({ min: -1, max: 100 }))),
          sse_enabled: choice(fc.boolean()),
          sse_node_config: choice(
            fc.dictionary(
              nodeId,
              fc.record(
                { send_start: fc.boolean(), start_message: fc.option(hostileString) },
                { requiredKeys: [] },
              ),
              { maxKeys: 3 },
            ),
          ),
          mcp_enabled: choice(fc.boolean()),
          portal_enabled: choice(fc.boolean()),
          portal_slug: choice(fc.option(fc.constantFrom('fuzz-a', 'fuzz-b', 'fuzz-c', 'Fuzz', '-x'))),
          portal_stream_enabled: choice(fc.boolean()),
          portal_file_upload_enabled: choice(fc.boolean()),
          portal_file_config: choice(
            fc.dictionary(hostileString, fc.dictionary(hostileString, hostileValue, { maxKeys: 2 }), {
              maxKeys: 2,
            }),
          ),
          id: hostileValue,
          owner_id: hostileValue,
        }),
      )
      // A few fields per body, so that some bodies pass every rule and reach the database.
      .chain(([graph, fields]) =>
        fc
          .shuffledSubarray(Object.entries(fields), { maxLength: 4 })
          .map((entries) => ({ ...graph, ...Object.fromEntries(entries) })),
      ),
  },
  { weight: 1, arbitrary: hostileValue },
);

describe('workflow bodies under fuzzing', () => {
  let t: TestApp;
  let owner: Registered;
  let stranger: Registered;
  const known = new Set(nodeRegistry.keys());
  beforeAll(async () => {
    t = await createTestApp();
    owner = await register(t.app, 'fuzz-owner@example.com');
    stranger = await register(t.app, 'fuzz-stranger@example.com');
    for (let i = 0; i < 3; i++) {
      await t.app.inject({
        method: 'POST',
        url: '/api/workflows',
        headers: owner.headers,
        payload: { name: `seed ${i}` },
      });
    }
  });
  afterAll(() => t.close());

  const rowOf = async (id: string) =>
    (await t.database.db.select().from(workflows).where(eq(workflows.id, id)))[0];

  it('POST and PATCH never answer 5xx; a refused PATCH leaves the row as it was', async () => {
    const seeds = (await t.database.db.select({ id: workflows.id }).from(workflows)).map((r) => r.id);
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('POST', 'PATCH', 'PATCH-stranger'),
        fc.constantFrom(...seeds),
        fuzzBody,
        fc.boolean(),
        async (kind, id, fuzzed, named) => {
          const isObject = typeof fuzzed === 'object' && fuzzed !== null && !Array.isArray(fuzzed);
          // Most creates carry a name, so that they get past the schema.
          const body = kind === 'POST' && named && isObject ? { name: 'Fuzz', ...fuzzed } : fuzzed;
          const before = kind === 'POST' ? undefined : await rowOf(id);
          const response = await t.app.inject({
            method: kind === 'POST' ? 'POST' : 'PATCH',
            url: kind === 'POST' ? '/api/workflows' : `/api/workflows/${id}`,
            headers: {
              ...(kind === 'PATCH-stranger' ? stranger : owner).headers,
              'content-type': 'application/json',
            },
            payload: JSON.stringify(body) ?? 'null',
          });
          statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
          expect(response.statusCode, response.body).toBeLessThan(500);
          expect(response.body).not.toMatch(/at .+\.(ts|js):\d+|node_modules/);
          if (kind === 'PATCH-stranger') expect(response.statusCode).not.toBe(200);
          if (before && response.statusCode !== 200) expect(await rowOf(id)).toEqual(before);
        },
      ),
      { numRuns: 300 },
    );
    // The bodies reach the database, not only the schema.
    expect(statuses.get(201) ?? 0).toBeGreaterThan(5);
    expect(statuses.get(200) ?? 0).toBeGreaterThan(5);
  });

  it('every stored row is whole and valid', async () => {
    const rows = await t.database.db.select().from(workflows);
    expect(rows.length).toBeGreaterThan(3);
    for (const row of rows) {
      expect(() => validateWorkflow({ nodes: row.nodes, edges: row.edges }, known)).not.toThrow();
      expect(row.ownerId).toBe(owner.userId);
      expect(row.name).toBe(row.name.trim());
      expect(row.name.length).toBeGreaterThan(0);
      expect(row.name.length).toBeLessThanOrEqual(200);
      expect(['anonymous', 'jwt', 'header_auth']).toContain(row.authType);
      expect(row.allowAnonymous).toBe(row.authType === 'anonymous');
      expect(row.rateLimitRequests === null).toBe(row.rateLimitWindowSeconds === null);
      expect([null, 'GET', 'POST', 'PUT', 'DELETE']).toContain(row.httpMethod);
      expect(['defined', 'generic']).toContain(row.webhookBodyMode);
      if (row.portalSlug !== null) expect(row.portalSlug).toMatch(/^[a-z0-9][a-z0-9-]{0,62}$/);
      const read = await t.app.inject({ url: `/api/workflows/${row.id}`, headers: owner.headers });
      expect(read.statusCode).toBe(200);
    }
  });
});
