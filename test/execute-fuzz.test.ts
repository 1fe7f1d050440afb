/**
 * Hostile requests to the execute endpoints of a greeter (spec 4.1, design 9): random JSON bodies
 * (unicode, NUL, lone surrogates, huge strings, deep nesting, prototype keys), query strings, header
 * values and verbs never produce a 5xx or a stack trace, and every admitted run keeps its history row.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backendMatrix, createTestApp, type TestApp } from './support/app.js';
import { randomIp, register, type Registered } from './support/auth.js';
import {
  allExecutions,
  createWorkflow,
  execute,
  edge,
  greeter,
  listExecutions,
  node,
  STACK_TRACE,
} from './support/executions.js';
import { parseSseBody } from './support/sse.js';

const matrix = await backendMatrix();

const SPECIAL_STRINGS = [
  '',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udc00y',
  '\udbff\udfff',
  '\ufffe',
  '🙂',
  'ñandú',
  '\u202eevil',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  '$request.body.name',
  '{{ $request.body }}',
  '$$',
  "' OR 1=1 --",
  'x'.repeat(100_000),
];
const KEYS = [
  'name',
  'inputs',
  'test_run',
  'trigger_source',
  '__proto__',
  'constructor',
  'prototype',
  'hasOwnProperty',
  'toJSON',
  '\u0000',
  '\ud800',
  '',
];

const text = fc.oneof(
  fc.constantFrom(...SPECIAL_STRINGS),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ maxLength: 40 }),
);
const key = fc.oneof(fc.constantFrom(...KEYS), text);

/** JSON text (not values: `{"__proto__": ...}` must reach the server as written). */
const json = fc.letrec<{ value: string; leaf: string; array: string; object: string }>((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, tie('leaf'), tie('array'), tie('object')),
  leaf: fc.oneof(
    text.map((s) => JSON.stringify(s)),
    fc.double().map((n) => JSON.stringify(n)),
    fc.integer().map(String),
    fc.constantFrom('true', 'false', 'null', '1e308', '-0', '123456789012345678901234567890'),
  ),
  array: fc.array(tie('value'), { maxLength: 4 }).map((items) => `[${items.join(',')}]`),
  object: fc
    .array(fc.tuple(key, tie('value')), { maxLength: 4 })
    .map((entries) => `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`),
}));

/** Arrays or objects nested up to 6000 deep around a hostile leaf. */
const deep = fc
  .record({ depth: fc.integer({ min: 1, max: 6000 }), leaf: text, kind: fc.constantFrom('array', 'object') })
  .map(({ depth, leaf, kind }) =>
    kind === 'array'
      ? `${'['.repeat(depth)}${JSON.stringify(leaf)}${']'.repeat(depth)}`
      : `${'{"a":'.repeat(depth)}${JSON.stringify(leaf)}${'}'.repeat(depth)}`,
  );

const body = fc.oneof(
  { arbitrary: json.object, weight: 4 },
  { arbitrary: json.value, weight: 2 },
  {
    arbitrary: fc.tuple(json.object, json.leaf).map(([inputs, t]) => `{"inputs":${inputs},"test_run":${t}}`),
    weight: 1,
  },
  {
    arbitrary: fc.tuple(text, deep).map(([name, d]) => `{"name":${JSON.stringify(name)},"deep":${d}}`),
    weight: 2,
  },
  {
    arbitrary: fc.constantFrom(
      '{',
      '{"a":',
      'nul',
      '\u0000',
      '[1,]',
      '{"__proto__":{"polluted":1}}',
      '{"constructor":{"prototype":{"polluted":1}}}',
      '{"name":"\\ud800\\u0000"}',
    ),
    weight: 1,
  },
  { arbitrary: fc.constant(undefined), weight: 1 },
);

/** Percent-encodes any string, lone surrogates included (as the invalid UTF-8 a raw client may send). */
function encodeLoose(value: string): string {
  let out = '';
  for (const ch of value) {
    const code = ch.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) {
      const byte = (n: number) => `%${n.toString(16).toUpperCase()}`;
      out += byte(0xe0 | (code >> 12)) + byte(0x80 | ((code >> 6) & 0x3f)) + byte(0x80 | (code & 0x3f));
    } else out += encodeURIComponent(ch);
  }
  return out;
}

const queryKey = fc.oneof(
  fc.constantFrom(
    'name',
    'test_run',
    'trigger_source',
    '__proto__',
    'constructor',
    '__proto__[x]',
    'a[]',
    'toString',
  ),
  text,
);
const query = fc
  .tuple(
    fc.array(fc.tuple(queryKey, text), { maxLength: 5 }),
    fc.constantFrom('', '&%', '&%zz', '&a=%ED%A0%80', '&b=%00', '&c=%E0%A4%A', '&test_run=false', '&&=&'),
  )
  .map(([pairs, raw]) => pairs.map(([k, v]) => `${encodeLoose(k)}=${encodeLoose(v)}`).join('&') + raw);

const headerName = fc.oneof(
  fc.constantFrom(
    'x-custom',
    'x-trigger-source',
    'accept',
    'user-agent',
    'x-forwarded-for',
    'authorization',
    'cookie',
    'x-api-key',
    'x-execution-token',
    'last-event-id',
    'x-request-id',
  ),
  fc.stringMatching(/^x-[a-z0-9-]{1,20}$/),
);
const headers = fc.array(fc.tuple(headerName, text), { maxLength: 5 });

const request = fc.record({
  method: fc.constantFrom('GET', 'POST', 'POST', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'),
  endpoint: fc.constantFrom('execute', 'execute', 'execute', 'execute/stream'),
  contentType: fc.constantFrom(
    'application/json',
    'application/json',
    'application/json',
    'application/json; charset=utf-8',
    'text/plain',
    'application/x-www-form-urlencoded',
    'application/octet-stream',
  ),
  body,
  query,
  headers,
  caller: fc.constantFrom('anonymous', 'anonymous', 'owner'),
});
type FuzzRequest = typeof request extends fc.Arbitrary<infer R> ? R : never;

const describeRequest = (r: FuzzRequest) =>
  JSON.stringify({
    ...r,
    body: r.body && r.body.length > 300 ? `${r.body.slice(0, 300)}… (${r.body.length})` : r.body,
  });

describe.each(matrix)('execute endpoints under hostile input on $name', ({ db, store }) => {
  let t: TestApp;
  let owner: Registered;
  let wf: { id: string };

  beforeAll(async () => {
    t = await createTestApp({ db, store });
    owner = await register(t.app, 'fuzz-owner@example.com');
    wf = await createWorkflow(t.app, owner.headers, greeter());
  });
  afterAll(() => t.close());

  it('never answers 5xx or a stack trace, and every admitted run has its history row', async () => {
    /** execution id -> the request that ran it */
    const admitted = new Map<string, string>();
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const sent: Record<string, string> = { 'content-type': r.contentType };
        for (const [name, value] of r.headers) sent[name] = value;
        if (r.caller === 'owner') sent.authorization = owner.headers.authorization;
        const response = await t.app.inject({
          method: r.method as 'POST',
          url: `/api/workflows/${wf.id}/${r.endpoint}${r.query ? `?${r.query}` : ''}`,
          headers: sent,
          remoteAddress: randomIp(),
          ...(r.body !== undefined ? { payload: r.body } : {}),
        });
        expect(response.statusCode, response.body.slice(0, 500)).toBeLessThan(500);
        expect(response.body).not.toMatch(STACK_TRACE);
        if (response.statusCode !== 200 || r.method === 'HEAD') return;
        const executionId =
          r.endpoint === 'execute'
            ? (JSON.parse(response.body) as { execution_id: string }).execution_id
            : (parseSseBody(response.body)[0]?.data.execution_id as string);
        expect(executionId).toEqual(expect.any(String));
        admitted.set(executionId, describeRequest(r));
      }),
      { numRuns: 150 },
    );

    const rows = await allExecutions(t.app, owner.headers, wf.id);
    const stored = new Set(rows.map((row) => row.id));
    const lost = [...admitted].filter(([id]) => !stored.has(id)).map(([id, sent]) => `${id} <- ${sent}`);
    expect(lost).toEqual([]);
    expect((await listExecutions(t.app, owner.headers, wf.id)).total).toBe(admitted.size);
  }, 180_000);

  describe('known hostile shapes, one by one', () => {
    const nested = (depth: number, leaf: string) =>
      `${'['.repeat(depth)}${JSON.stringify(leaf)}${']'.repeat(depth)}`;
    const DEPTHS = [
      1, 50, 100, 127, 128, 129, 200, 250, 500, 1000, 2000, 3000, 3500, 4000, 4500, 5000, 10_000, 50_000,
    ];

    it.each([
      ['NUL 100 levels deep', `{"name":"x","deep":${nested(100, 'a\u0000b')}}`],
      ['a lone surrogate 100 levels deep', `{"name":"x","deep":${nested(100, '\ud800')}}`],
      ['a NUL key 100 levels deep', `{"name":"x","deep":${'{"\\u0000":'.repeat(100)}1${'}'.repeat(100)}}`],
      ['NUL and a lone surrogate at the top', '{"name":"\\u0000\\ud800","\\u0000":"\\udfff"}'],
    ])('a body with %s runs and keeps a readable history row', async (_name, payload) => {
      const target = await createWorkflow(t.app, owner.headers, greeter());
      const response = await execute(t.app, target.id, {
        payload,
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
      const { execution_id: id } = JSON.parse(response.body) as { execution_id: string };
      const rows = await allExecutions(t.app, owner.headers, target.id);
      expect(rows.map((row) => row.id)).toEqual([id]);
      const read = await t.app.inject({ url: `/api/executions/${id}`, headers: owner.headers });
      expect(read.statusCode).toBe(200);
      expect(read.body).not.toContain('\\u0000');
    });

    it('a body nested 1 to 50000 deep runs and keeps its row, or is refused with 422; history stays readable', async () => {
      const target = await createWorkflow(t.app, owner.headers, greeter());
      const ran: string[] = [];
      for (const depth of DEPTHS) {
        const response = await execute(t.app, target.id, {
          payload: `{"name":"d${depth}","deep":${nested(depth, 'leaf')}}`,
          headers: { 'content-type': 'application/json' },
        });
        if (response.statusCode === 200) ran.push(JSON.parse(response.body).execution_id);
        else {
          expect(response.statusCode, `depth ${depth}: ${response.body.slice(0, 300)}`).toBe(422);
          expect(JSON.parse(response.body).code).toBe('validation_failed');
        }
      }
      // Ordinary documents are never refused.
      expect(ran.length).toBeGreaterThanOrEqual(3);
      const list = await t.app.inject({
        url: `/api/workflows/${target.id}/executions?limit=200`,
        headers: owner.headers,
      });
      expect(list.statusCode, list.body.slice(0, 300)).toBe(200);
      expect(JSON.parse(list.body).total).toBe(ran.length);
      for (const id of ran) {
        const read = await t.app.inject({ url: `/api/executions/${id}`, headers: owner.headers });
        expect(read.statusCode, id).toBe(200);
      }
    });

    it('a deeply nested body on a cache-enabled workflow is answered without a 5xx', async () => {
      const cached = await createWorkflow(t.app, owner.headers, greeter(), { cache_ttl_seconds: 60 });
      for (const depth of DEPTHS) {
        const response = await execute(t.app, cached.id, {
          payload: `{"name":"x","deep":${nested(depth, 'leaf')}}`,
          headers: { 'content-type': 'application/json' },
        });
        expect(response.statusCode, `depth ${depth}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
      }
    });

    /**
     * Echoes bodies of growing depth: each must be answered (or refused with a 4xx) within 5 s, and
     * an admitted stream must end with execution_complete. The first failure, or null.
     */
    async function firstBadEcho(endpoint: 'execute' | 'execute/stream'): Promise<string | null> {
      const request = node('textInput', 'request');
      const out = node('output', 'echo');
      const echo = await createWorkflow(t.app, owner.headers, {
        nodes: [request, out],
        edges: [edge(request, out)],
      });
      for (const depth of DEPTHS) {
        const pending = execute(t.app, echo.id, {
          endpoint,
          payload: `{"deep":${nested(depth, 'leaf')}}`,
          headers: { 'content-type': 'application/json' },
        });
        let timer: NodeJS.Timeout | undefined;
        const response = await Promise.race([
          pending,
          new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), 5_000))),
        ]);
        clearTimeout(timer);
        if (response === null) return `depth ${depth}: no complete answer within 5 s`;
        if (response.statusCode >= 500)
          return `depth ${depth}: ${response.statusCode} ${response.body.slice(0, 200)}`;
        if (endpoint === 'execute/stream' && response.statusCode === 200) {
          const last = parseSseBody(response.body).at(-1)?.data;
          if (last?.type !== 'execution_complete')
            return `depth ${depth}: stream ended without execution_complete`;
        }
      }
      return null;
    }

    it('an echo of a deeply nested body is answered without a 5xx', async () => {
      expect(await firstBadEcho('execute')).toBeNull();
    });

    it('the stream of a deeply nested echo ends with execution_complete', async () => {
      expect(await firstBadEcho('execute/stream')).toBeNull();
    });

    it('header values with NUL, lone surrogates and huge text are answered and recorded', async () => {
      const target = await createWorkflow(t.app, owner.headers, greeter());
      const response = await execute(t.app, target.id, {
        payload: { name: 'x' },
        headers: {
          'x-nul': 'a\u0000b',
          'x-surrogate': '\ud800',
          'x-huge': 'h'.repeat(60_000),
          'x-trigger-source': 'src\u0000',
        },
      });
      expect(response.statusCode).toBe(200);
      const rows = await allExecutions(t.app, owner.headers, target.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.inputs.headers['x-huge']).toHaveLength(60_000);
    });
  });
});
