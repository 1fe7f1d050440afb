/**
 * Execution history over HTTP (design 8, 9, 10): the paged list with its filters, the whole row of
 * one run with per-node results, who may read them, and retries recorded as attempts.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backendMatrix, createTestApp, json, type TestApp } from './support/app.js';
import { register, type Registered } from './support/auth.js';
import {
  execute,
  getExecution,
  listExecutions,
  nodeResult,
  STACK_TRACE,
  type ExecutionItem,
  createWorkflow,
  edge,
  greeter,
  node,
  type WorkflowDoc,
} from './support/executions.js';

const matrix = await backendMatrix();

/** textInput -> condition(body.fail) -> true: throwError 400 / false: output `ok`. */
function maybeFail(): WorkflowDoc {
  const request = node('textInput', 'request');
  const check = node('condition', 'check', { condition: '$request.body.fail == true' });
  const reject = node('throwError', 'reject', { message: 'asked to fail', statusCode: 400 });
  const ok = node('output', 'ok', { value: 'fine $request.body.n' });
  return {
    nodes: [request, check, reject, ok],
    edges: [
      edge(request, check),
      edge(check, reject, { sourceHandle: 'true' }),
      edge(check, ok, { sourceHandle: 'false' }),
    ],
  };
}

const DETAIL_FIELDS = [
  'id',
  'workflow_id',
  'status',
  'trigger_source',
  'test_run',
  'user_id',
  'inputs',
  'outputs',
  'node_results',
  'started_at',
  'finished_at',
  'execution_time_ms',
].sort();

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

describe.each(matrix)('execution history on $name', ({ db, store }) => {
  let t: TestApp;
  let owner: Registered;
  let stranger: Registered;
  let wf: { id: string };
  /** Execution ids by kind, oldest first. */
  const runs = { alphaOk: [] as string[], betaError: [] as string[], apiOk: [] as string[] };

  beforeAll(async () => {
    t = await createTestApp({ db, store });
    owner = await register(t.app, 'history-owner@example.com');
    stranger = await register(t.app, 'history-stranger@example.com');
    wf = await createWorkflow(t.app, owner.headers, maybeFail());
    const call = async (payload: object, source?: string) => {
      const response = await execute(t.app, wf.id, {
        payload,
        headers: source ? { 'x-trigger-source': source } : {},
      });
      return json(response).execution_id as string;
    };
    for (let n = 0; n < 3; n++) runs.alphaOk.push(await call({ n }, 'alpha'));
    for (let n = 0; n < 2; n++) runs.betaError.push(await call({ n, fail: true }, 'beta'));
    runs.apiOk.push(await call({ n: 9 }));
  });
  afterAll(() => t.close());

  const list = (query: Record<string, string | number> = {}) =>
    listExecutions(t.app, owner.headers, wf.id, query);

  describe('list', () => {
    it('answers {items, total}, newest first', async () => {
      const page = await list();
      expect(page.total).toBe(6);
      expect(page.items).toHaveLength(6);
      const ids = page.items.map((row) => row.id);
      expect(new Set(ids)).toEqual(new Set([...runs.alphaOk, ...runs.betaError, ...runs.apiOk]));
      const started = page.items.map((row) => Date.parse(row.started_at));
      expect(started).toEqual([...started].sort((a, b) => b - a));
      // The most recent call is first (or ties with it: runs a millisecond apart share started_at).
      const newest = page.items.find((row) => row.id === runs.apiOk[0])!;
      expect(page.items[0]!.started_at).toBe(newest.started_at);
      for (const row of page.items) expect(Object.keys(row).sort()).toEqual(DETAIL_FIELDS);
    });

    it('pages with limit and offset; total stays the full count', async () => {
      const all = (await list()).items.map((row) => row.id);
      const seen: string[] = [];
      for (let offset = 0; offset < 6; offset += 4) {
        const page = await list({ limit: 4, offset });
        expect(page.total).toBe(6);
        expect(page.items).toHaveLength(Math.min(4, 6 - offset));
        seen.push(...page.items.map((row) => row.id));
      }
      expect(seen).toEqual(all);
      const beyond = await list({ limit: 4, offset: 6 });
      expect(beyond).toEqual({ items: [], total: 6 });
      const one = await list({ limit: 1, offset: 2 });
      expect(one.items.map((row) => row.id)).toEqual([all[2]]);
    });

    it('filters by status and trigger_source, alone and together', async () => {
      const byStatus = await list({ status: 'error' });
      expect(byStatus.total).toBe(2);
      expect(new Set(byStatus.items.map((row) => row.id))).toEqual(new Set(runs.betaError));
      expect(byStatus.items.every((row) => row.status === 'error')).toBe(true);
      expect((await list({ status: 'success' })).total).toBe(4);
      expect((await list({ status: 'cached' })).total).toBe(0);

      const alpha = await list({ trigger_source: 'alpha' });
      expect(alpha.total).toBe(3);
      expect(new Set(alpha.items.map((row) => row.id))).toEqual(new Set(runs.alphaOk));
      expect((await list({ trigger_source: 'API' })).total).toBe(1);
      expect((await list({ trigger_source: 'nobody' })).total).toBe(0);

      expect((await list({ status: 'success', trigger_source: 'alpha' })).total).toBe(3);
      expect((await list({ status: 'error', trigger_source: 'alpha' })).total).toBe(0);
      const paged = await list({ status: 'success', trigger_source: 'alpha', limit: 2, offset: 2 });
      expect(paged.total).toBe(3);
      expect(paged.items).toHaveLength(1);
    });

    it('refuses bad paging parameters with 422, never a 5xx', async () => {
      for (const query of [
        'limit=0',
        'limit=201',
        'limit=abc',
        'offset=-1',
        'offset=x',
        `status=${'s'.repeat(40)}`,
      ]) {
        const response = await t.app.inject({
          url: `/api/workflows/${wf.id}/executions?${query}`,
          headers: owner.headers,
        });
        expect(response.statusCode, query).toBe(422);
        expect(json(response).code).toBe('validation_failed');
      }
    });
  });

  describe('detail', () => {
    it('returns exactly the design-10 fields of a successful run', async () => {
      const id = runs.alphaOk[1]!;
      const row = await getExecution(t.app, owner.headers, id);
      expect(Object.keys(row).sort()).toEqual(DETAIL_FIELDS);
      expect(row).toMatchObject({
        id,
        workflow_id: wf.id,
        status: 'success',
        trigger_source: 'alpha',
        test_run: false,
        // An anonymous call runs as the workflow's owner (spec 5.2).
        user_id: owner.userId,
        outputs: { ok: 'fine 1' },
      });
      expect(row.inputs).toMatchObject({ body: { n: 1 }, query: {} });
      expect(row.inputs.headers['x-trigger-source']).toBe('alpha');
      expect(row.started_at).toMatch(ISO);
      expect(row.finished_at).toMatch(ISO);
      expect(Date.parse(row.finished_at!)).toBeGreaterThanOrEqual(Date.parse(row.started_at));
      expect(Number.isInteger(row.execution_time_ms)).toBe(true);
      expect(row.execution_time_ms).toBeGreaterThanOrEqual(0);
    });

    it('records per-node status, output, timings and attempts', async () => {
      const row = await getExecution(t.app, owner.headers, runs.alphaOk[2]!);
      expect(Object.keys(row.node_results)).toHaveLength(4);
      const ran = (label: string) => {
        const result = nodeResult(row, label);
        expect(result.status).toBe('success');
        expect(result.attempts).toBe(1);
        expect(result.started_at).toMatch(ISO);
        expect(result.finished_at).toMatch(ISO);
        expect(Date.parse(result.finished_at)).toBeGreaterThanOrEqual(Date.parse(result.started_at));
        expect(Number.isInteger(result.execution_time_ms)).toBe(true);
        return result;
      };
      expect(ran('request')).toMatchObject({ type: 'textInput', output: { body: { n: 2 }, query: {} } });
      expect(ran('check')).toMatchObject({ type: 'condition', output: { branch: 'false' } });
      expect(ran('ok')).toMatchObject({ type: 'output', output: 'fine 2' });
      expect(nodeResult(row, 'reject')).toMatchObject({
        type: 'throwError',
        status: 'skipped',
        output: null,
        attempts: 0,
        started_at: null,
        finished_at: null,
      });
    });

    it('records a failed run with its error and the failing node', async () => {
      const row = await getExecution(t.app, owner.headers, runs.betaError[0]!);
      expect(row).toMatchObject({
        status: 'error',
        trigger_source: 'beta',
        outputs: { error: { message: 'asked to fail', node_label: 'reject' } },
      });
      expect(nodeResult(row, 'reject')).toMatchObject({
        status: 'error',
        error: 'asked to fail',
        attempts: 1,
      });
      expect(nodeResult(row, 'ok').status).toBe('skipped');
    });

    it('is readable right after the execute answer (read-your-writes)', async () => {
      // The history writer batches rows; a run must not vanish while its batch is being written.
      const greeterWf = await createWorkflow(t.app, owner.headers, greeter());
      // Read each run back-to-back from its answer until its batch has surely been written.
      const misses: string[] = [];
      for (let i = 0; i < 10; i++) {
        const answer = json(await execute(t.app, greeterWf.id, { payload: { name: `n${i}` } }));
        const until = Date.now() + 60;
        for (let read = 0; Date.now() < until; read++) {
          const response = await t.app.inject({
            url: `/api/executions/${answer.execution_id}`,
            headers: owner.headers,
          });
          if (response.statusCode !== 200) misses.push(`run ${i}, read ${read}: ${response.statusCode}`);
        }
      }
      expect(misses).toEqual([]);
    });

    it('an unknown or malformed execution id answers 404 or 422, never a 5xx', async () => {
      const unknown = await t.app.inject({ url: `/api/executions/${randomUUID()}`, headers: owner.headers });
      expect(unknown.statusCode).toBe(404);
      expect(json(unknown).code).toBe('not_found');
      for (const id of ['nope', `urn:uuid:${randomUUID()}`, `${randomUUID()}x`, '%00']) {
        for (const url of [`/api/executions/${id}`, `/api/workflows/${id}/executions`]) {
          const response = await t.app.inject({ url, headers: owner.headers });
          expect([404, 422], `${url}: ${response.statusCode} ${response.body}`).toContain(
            response.statusCode,
          );
          expect(response.body).not.toMatch(STACK_TRACE);
        }
      }
    });
  });

  describe('access', () => {
    it('another user gets 404 for the list and for a run', async () => {
      const listed = await t.app.inject({
        url: `/api/workflows/${wf.id}/executions`,
        headers: stranger.headers,
      });
      expect(listed.statusCode).toBe(404);
      expect(json(listed).code).toBe('not_found');
      const one = await t.app.inject({
        url: `/api/executions/${runs.alphaOk[0]}`,
        headers: stranger.headers,
      });
      expect(one.statusCode).toBe(404);
      expect(json(one).code).toBe('not_found');
      expect(one.body).not.toContain(wf.id);
    });

    it('no session answers 401 for both', async () => {
      for (const url of [`/api/workflows/${wf.id}/executions`, `/api/executions/${runs.alphaOk[0]}`]) {
        const response = await t.app.inject({ url });
        expect(response.statusCode).toBe(401);
        expect(json(response).code).toBe('unauthorized');
        const bad = await t.app.inject({ url, headers: { authorization: 'Bearer not-a-token' } });
        expect(bad.statusCode).toBe(401);
      }
    });
  });

  describe('retries', () => {
    let server: http.Server;
    let hits = 0;
    let baseUrl: string;
    beforeAll(async () => {
      server = http.createServer((_request, response) => {
        hits++;
        response.writeHead(503, { 'content-type': 'text/plain' }).end('busy');
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('a node that fails every attempt records attempts = retryMaxAttempts', async () => {
      const request = node('textInput', 'request');
      const fetchIt = node('http', 'fetchIt', {
        method: 'GET',
        url: `${baseUrl}/always-busy`,
        retryEnabled: true,
        retryMaxAttempts: 3,
        retryWaitSeconds: 0,
      });
      const out = node('output', 'out', { value: '$fetchIt.body' });
      const flaky = await createWorkflow(t.app, owner.headers, {
        nodes: [request, fetchIt, out],
        edges: [edge(request, fetchIt), edge(fetchIt, out)],
      });
      hits = 0;
      const response = await execute(t.app, flaky.id, { payload: {} });
      expect(response.statusCode).toBe(200);
      const body = json(response);
      expect(body.status).toBe('error');
      expect(body.outputs.error).toMatchObject({
        node_label: 'fetchIt',
        message: expect.stringMatching(/503/),
      });
      expect(hits).toBe(3);

      const row: ExecutionItem = await getExecution(t.app, owner.headers, body.execution_id);
      expect(row.status).toBe('error');
      expect(nodeResult(row, 'fetchIt')).toMatchObject({
        status: 'error',
        attempts: 3,
        error: expect.any(String),
      });
      expect(nodeResult(row, 'out')).toMatchObject({ status: 'skipped', attempts: 0 });
    });

    it('without retryEnabled a failing node is tried once', async () => {
      const request = node('textInput', 'request');
      const fetchIt = node('http', 'fetchIt', { method: 'GET', url: `${baseUrl}/once` });
      const once = await createWorkflow(t.app, owner.headers, {
        nodes: [request, fetchIt],
        edges: [edge(request, fetchIt)],
      });
      hits = 0;
      const body = json(await execute(t.app, once.id, { payload: {} }));
      expect(body.status).toBe('error');
      expect(hits).toBe(1);
      const row = await getExecution(t.app, owner.headers, body.execution_id);
      expect(nodeResult(row, 'fetchIt').attempts).toBe(1);
    });
  });
});
