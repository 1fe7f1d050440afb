/**
 * The execute response cache (spec 4.1 rule 7, 3.1) and the per-workflow rate limit (spec 8.1,
 * design 10) over HTTP, on both execute endpoints.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backendMatrix, createTestApp, json, type TestApp } from './support/app.js';
import { randomIp, register, type Registered } from './support/auth.js';
import {
  execute,
  getExecution,
  listExecutions,
  type ExecuteOptions,
  createWorkflow,
  edge,
  greeter,
  node,
  type WorkflowDoc,
} from './support/executions.js';
import { parseSseBody } from './support/sse.js';

const matrix = await backendMatrix();

/** The greeter with another greeting word (a changed graph). */
function greeterSaying(word: string): WorkflowDoc {
  const request = node('textInput', 'request', { inputFields: [{ key: 'name' }] });
  const shape = node('set', 'shape', {
    mappings: [{ key: 'greeting', value: `${word} $request.body.name` }],
  });
  const result = node('output', 'result', { value: '$shape.greeting' });
  return { nodes: [request, shape, result], edges: [edge(request, shape), edge(shape, result)] };
}

const RATE_LIMIT = { rate_limit_requests: 3, rate_limit_window_seconds: 60 };
const CACHE = { cache_ttl_seconds: 60 };

describe.each(matrix)('execute cache and rate limit on $name', ({ db, store }) => {
  let t: TestApp;
  let owner: Registered;
  const run = (workflowId: string, options?: ExecuteOptions) => execute(t.app, workflowId, options);
  const countByStatus = async (workflowId: string, status: string) =>
    (await listExecutions(t.app, owner.headers, workflowId, { status })).total;

  beforeAll(async () => {
    t = await createTestApp({ db, store });
    owner = await register(t.app, 'limits-owner@example.com');
  });
  afterAll(() => t.close());

  describe('response cache', () => {
    it('a second identical call answers "cached" with execution_time_ms 0 and is a cached history row', async () => {
      const wf = await createWorkflow(t.app, owner.headers, greeter(), CACHE);
      const first = await run(wf.id, { payload: { name: 'Ada' } });
      expect(first.statusCode).toBe(200);
      expect(json(first).status).toBe('success');

      const second = await run(wf.id, { payload: { name: 'Ada' } });
      expect(second.statusCode).toBe(200);
      expect(second.headers['content-type']).toMatch(/^application\/json/);
      const body = json(second);
      expect(body).toEqual({
        workflow_id: wf.id,
        execution_id: expect.any(String),
        status: 'cached',
        outputs: { result: 'Hello Ada' },
        execution_time_ms: 0,
      });
      expect(body.execution_id).not.toBe(json(first).execution_id);

      const row = await getExecution(t.app, owner.headers, body.execution_id);
      expect(row).toMatchObject({
        status: 'cached',
        execution_time_ms: 0,
        trigger_source: 'API',
        test_run: false,
      });
      expect(await countByStatus(wf.id, 'cached')).toBe(1);
      expect(await countByStatus(wf.id, 'success')).toBe(1);
    });

    it('the key ignores the order of object keys', async () => {
      const wf = await createWorkflow(t.app, owner.headers, greeter(), CACHE);
      await run(wf.id, { payload: { name: 'Ada', extra: { a: 1, b: 2 } } });
      const reordered = await run(wf.id, { payload: { extra: { b: 2, a: 1 }, name: 'Ada' } });
      expect(json(reordered).status).toBe('cached');
    });

    it('a different body or query is a miss', async () => {
      const wf = await createWorkflow(t.app, owner.headers, greeter(), CACHE);
      expect(json(await run(wf.id, { payload: { name: 'Ada' } })).status).toBe('success');
      const otherBody = json(await run(wf.id, { payload: { name: 'Bob' } }));
      expect(otherBody).toMatchObject({ status: 'success', outputs: { result: 'Hello Bob' } });
      expect(json(await run(wf.id, { payload: { name: 'Ada' }, query: 'v=2' })).status).toBe('success');
      expect(json(await run(wf.id, { payload: { name: 'Ada' }, query: 'v=3' })).status).toBe('success');
      expect(json(await run(wf.id, { payload: { name: 'Ada' }, query: 'v=2' })).status).toBe('cached');
      expect(json(await run(wf.id, { payload: { name: 'Ada' } })).status).toBe('cached');
      expect(await countByStatus(wf.id, 'success')).toBe(4);
      expect(await countByStatus(wf.id, 'cached')).toBe(2);
    });

    it('a failed run is never cached', async () => {
      const request = node('textInput', 'request');
      const boom = node('throwError', 'boom', { message: 'no', statusCode: 503 });
      const thrower = await createWorkflow(
        t.app,
        owner.headers,
        { nodes: [request, boom], edges: [edge(request, boom)] },
        CACHE,
      );
      const shape = node('set', 'shape', { mappings: [{ key: 'x', value: '$request.body.name.nope()' }] });
      const broken = await createWorkflow(
        t.app,
        owner.headers,
        { nodes: [request, shape], edges: [edge(request, shape)] },
        CACHE,
      );
      for (const [wf, httpStatus] of [
        [thrower, 503],
        [broken, 200],
      ] as const) {
        for (let i = 0; i < 3; i++) {
          const response = await run(wf.id, { payload: { name: 'Ada' } });
          expect(response.statusCode).toBe(httpStatus);
          expect(json(response).status).toBe('error');
        }
        expect(await countByStatus(wf.id, 'error')).toBe(3);
        expect(await countByStatus(wf.id, 'cached')).toBe(0);
      }
    });

    it('?test_run=true neither reads nor writes the cache', async () => {
      const wf = await createWorkflow(t.app, owner.headers, greeter(), CACHE);
      const test = { payload: { name: 'Tess' }, query: 'test_run=true', headers: owner.headers };
      expect(json(await run(wf.id, test)).status).toBe('success');
      // The test run stored nothing: the first ordinary call runs.
      expect(json(await run(wf.id, { payload: { name: 'Tess' } })).status).toBe('success');
      expect(json(await run(wf.id, { payload: { name: 'Tess' } })).status).toBe('cached');
      // An entry exists now; a test run still runs.
      const again = json(await run(wf.id, test));
      expect(again.status).toBe('success');
      expect((await getExecution(t.app, owner.headers, again.execution_id)).test_run).toBe(true);
    });

    it('saving the workflow makes the next call run the new graph, never the old answer', async () => {
      const wf = await createWorkflow(t.app, owner.headers, greeter(), CACHE);
      expect(json(await run(wf.id, { payload: { name: 'Ada' } })).outputs).toEqual({ result: 'Hello Ada' });
      expect(json(await run(wf.id, { payload: { name: 'Ada' } })).status).toBe('cached');

      const patched = await t.app.inject({
        method: 'PATCH',
        url: `/api/workflows/${wf.id}`,
        headers: owner.headers,
        payload: greeterSaying('Goodbye'),
      });
      expect(patched.statusCode).toBe(200);

      const fresh = json(await run(wf.id, { payload: { name: 'Ada' } }));
      expect(fresh).toMatchObject({ status: 'success', outputs: { result: 'Goodbye Ada' } });
      const cached = json(await run(wf.id, { payload: { name: 'Ada' } }));
      expect(cached).toMatchObject({ status: 'cached', outputs: { result: 'Goodbye Ada' } });
    });

    it("a jsonOutputMapper workflow's cached answer is the mapped object, recorded as cached", async () => {
      const request = node('textInput', 'request');
      const mapper = node('jsonOutputMapper', 'response', {
        mappings: [{ key: 'user', value: '$request.body.name' }],
      });
      const wf = await createWorkflow(
        t.app,
        owner.headers,
        { nodes: [request, mapper], edges: [edge(request, mapper)] },
        CACHE,
      );
      expect(json(await run(wf.id, { payload: { name: 'ada' } }))).toEqual({ user: 'ada' });
      expect(json(await run(wf.id, { payload: { name: 'ada' } }))).toEqual({ user: 'ada' });
      expect(await countByStatus(wf.id, 'success')).toBe(1);
      expect(await countByStatus(wf.id, 'cached')).toBe(1);
    });

    it('the stream endpoint reads and fills the same cache', async () => {
      const wf = await createWorkflow(t.app, owner.headers, greeter(), CACHE);
      const streamed = await run(wf.id, { endpoint: 'execute/stream', payload: { name: 'Zed' } });
      expect(streamed.statusCode).toBe(200);
      expect(parseSseBody(streamed.body).at(-1)?.data).toMatchObject({
        type: 'execution_complete',
        status: 'success',
      });
      // Filled by the stream run...
      expect(json(await run(wf.id, { payload: { name: 'Zed' } }))).toMatchObject({
        status: 'cached',
        outputs: { result: 'Hello Zed' },
      });
      // ...and read by the stream endpoint.
      const cached = await run(wf.id, { endpoint: 'execute/stream', payload: { name: 'Zed' } });
      expect(cached.statusCode).toBe(200);
      expect(cached.headers['content-type']).toMatch(/^text\/event-stream/);
      const frames = parseSseBody(cached.body).map((frame) => frame.data);
      expect(frames[0]).toMatchObject({ type: 'execution_started', execution_id: expect.any(String) });
      expect(frames.at(-1)).toEqual({
        type: 'execution_complete',
        status: 'cached',
        outputs: { result: 'Hello Zed' },
        execution_time_ms: 0,
      });
      expect(await countByStatus(wf.id, 'cached')).toBe(2);
    });
  });

  describe('rate limit', () => {
    const expectLimitHeaders = (response: { headers: Record<string, unknown> }, remaining: number) => {
      expect(response.headers['x-ratelimit-limit']).toBe('3');
      expect(response.headers['x-ratelimit-remaining']).toBe(String(remaining));
      const reset = String(response.headers['x-ratelimit-reset']);
      expect(reset).toMatch(/^\d+$/);
      expect(Number(reset)).toBeGreaterThanOrEqual(1);
      expect(Number(reset)).toBeLessThanOrEqual(60);
    };
    const expectRateLimited = (
      response: { statusCode: number; headers: Record<string, unknown>; body: string },
      workflowId: string,
    ) => {
      expect(response.statusCode).toBe(429);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(json(response)).toEqual({
        workflow_id: workflowId,
        execution_id: expect.any(String),
        status: 'rate_limited',
        outputs: {},
        execution_time_ms: 0,
      });
      const retryAfter = String(response.headers['retry-after']);
      expect(retryAfter).toMatch(/^\d+$/);
      expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
      expect(Number(retryAfter)).toBeLessThanOrEqual(60);
      expectLimitHeaders(response, 0);
    };

    it('N+k calls from one client: exactly k answer 429; every answer carries the limit headers', async () => {
      const wf = await createWorkflow(t.app, owner.headers, greeter(), RATE_LIMIT);
      const ip = randomIp();
      const responses = [];
      for (let i = 0; i < 5; i++) responses.push(await run(wf.id, { payload: { name: 'Ada' }, ip }));
      expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 429, 429]);
      responses.slice(0, 3).forEach((response, i) => {
        expect(json(response).status).toBe('success');
        expect(response.headers['retry-after']).toBeUndefined();
        expectLimitHeaders(response, 2 - i);
      });
      for (const response of responses.slice(3)) expectRateLimited(response, wf.id);

      expect(await countByStatus(wf.id, 'success')).toBe(3);
      expect(await countByStatus(wf.id, 'rate_limited')).toBe(2);
      const limitedId = json(responses[4]!).execution_id;
      expect(await getExecution(t.app, owner.headers, limitedId)).toMatchObject({
        status: 'rate_limited',
        execution_time_ms: 0,
        test_run: false,
      });
    });

    it('another client address has its own window', async () => {
      const wf = await createWorkflow(t.app, owner.headers, greeter(), RATE_LIMIT);
      const a = randomIp();
      for (let i = 0; i < 3; i++) expect((await run(wf.id, { payload: {}, ip: a })).statusCode).toBe(200);
      expectRateLimited(await run(wf.id, { payload: {}, ip: a }), wf.id);
      let other = randomIp();
      while (other === a) other = randomIp();
      const b = await run(wf.id, { payload: {}, ip: other });
      expect(b.statusCode).toBe(200);
      expectLimitHeaders(b, 2);
    });

    it('test runs bypass the limit and do not count against it', async () => {
      const wf = await createWorkflow(t.app, owner.headers, greeter(), RATE_LIMIT);
      const ip = randomIp();
      const test = { payload: { name: 'T' }, query: 'test_run=true', headers: owner.headers, ip };
      for (let i = 0; i < 5; i++) {
        const response = await run(wf.id, test);
        expect(response.statusCode).toBe(200);
        expect(json(response).status).toBe('success');
      }
      const first = await run(wf.id, { payload: { name: 'T' }, ip });
      expect(first.statusCode).toBe(200);
      expectLimitHeaders(first, 2);
      await run(wf.id, { payload: { name: 'T' }, ip });
      await run(wf.id, { payload: { name: 'T' }, ip });
      expectRateLimited(await run(wf.id, { payload: { name: 'T' }, ip }), wf.id);
      // Exhausted, and a test run still goes through.
      const bypass = await run(wf.id, test);
      expect(bypass.statusCode).toBe(200);
      expect(json(bypass).status).toBe('success');
    });

    it('the stream endpoint applies the same limit, in the same window', async () => {
      const wf = await createWorkflow(t.app, owner.headers, greeter(), RATE_LIMIT);
      const ip = randomIp();
      expectLimitHeaders(await run(wf.id, { payload: {}, ip }), 2);
      expectLimitHeaders(await run(wf.id, { payload: {}, ip }), 1);
      const streamed = await run(wf.id, { endpoint: 'execute/stream', payload: {}, ip });
      expect(streamed.statusCode).toBe(200);
      expect(streamed.headers['content-type']).toMatch(/^text\/event-stream/);
      expectLimitHeaders(streamed, 0);
      expectRateLimited(await run(wf.id, { endpoint: 'execute/stream', payload: {}, ip }), wf.id);
      expectRateLimited(await run(wf.id, { payload: {}, ip }), wf.id);
      expect(await countByStatus(wf.id, 'rate_limited')).toBe(2);
    });

    it('10 parallel calls with a limit of 3: exactly 7 answer 429', async () => {
      const wf = await createWorkflow(t.app, owner.headers, greeter(), RATE_LIMIT);
      const ip = randomIp();
      const responses = await Promise.all(
        Array.from({ length: 10 }, (_, i) => run(wf.id, { payload: { name: `p${i}` }, ip })),
      );
      const statuses = responses.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 200)).toHaveLength(3);
      expect(statuses.filter((s) => s === 429)).toHaveLength(7);
      const remaining = responses
        .filter((r) => r.statusCode === 200)
        .map((r) => r.headers['x-ratelimit-remaining'])
        .sort();
      expect(remaining).toEqual(['0', '1', '2']);
      expect(await countByStatus(wf.id, 'success')).toBe(3);
      expect(await countByStatus(wf.id, 'rate_limited')).toBe(7);
    });
  });
});
