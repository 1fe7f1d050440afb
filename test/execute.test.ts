/**
 * The execute endpoint end to end (spec 2.3, 4.1 rules 1-6; design 8, 10): body shapes, verbs, test
 * runs, headers and query in expressions, trigger sources, run errors, early answers, sub-workflows.
 */
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
  type ExecuteOptions,
  createWorkflow,
  edge,
  greeter,
  node,
  type WorkflowDoc,
} from './support/executions.js';
import { waitFor } from './support/sse.js';

const matrix = await backendMatrix();

/** textInput -> output (value defaults to `$input`): answers `{echo: {body, headers, query}}`. */
function echo(): WorkflowDoc {
  const request = node('textInput', 'request');
  const out = node('output', 'echo');
  return { nodes: [request, out], edges: [edge(request, out)] };
}

/** textInput -> output `$input.headers`. */
function headersEcho(): WorkflowDoc {
  const request = node('textInput', 'request');
  const out = node('output', 'headers', { value: '$input.headers' });
  return { nodes: [request, out], edges: [edge(request, out)] };
}

/** textInput -> throwError with the given status. */
function thrower(statusCode: number): WorkflowDoc {
  const request = node('textInput', 'request');
  const boom = node('throwError', 'boom', { message: 'refused $request.body.name', statusCode });
  return { nodes: [request, boom], edges: [edge(request, boom)] };
}

const SECRET_HEADERS: Record<string, string> = {
  authorization: 'Bearer not-a-real-token-secret-1',
  cookie: 'session=secret-cookie-2',
  'proxy-authorization': 'Basic secret-proxy-3',
  'x-api-key': 'secret-api-key-4',
  'x-mcp-key': 'secret-mcp-key-5',
  'x-execution-token': 'secret-execution-token-6',
};

function expectProblem(
  response: { statusCode: number; headers: Record<string, unknown>; body: string },
  status: number,
  code: string,
) {
  expect(response.statusCode).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(json(response)).toMatchObject({ status, code });
  expect(response.body).not.toMatch(STACK_TRACE);
}

describe.each(matrix)('execute endpoint on $name', ({ db, store }) => {
  let t: TestApp;
  let owner: Registered;
  let stranger: Registered;
  const run = (workflowId: string, options?: ExecuteOptions) => execute(t.app, workflowId, options);
  const detail = (executionId: string) => getExecution(t.app, owner.headers, executionId);

  beforeAll(async () => {
    t = await createTestApp({ db, store });
    owner = await register(t.app, 'exec-owner@example.com');
    stranger = await register(t.app, 'exec-stranger@example.com');
  });
  afterAll(() => t.close());

  describe('body shapes (rule 1)', () => {
    it('answers the spec 2.3 shape plus execution_id', async () => {
      const wf = await createWorkflow(t.app, owner.headers, greeter());
      const response = await run(wf.id, { payload: { name: 'Ada' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      const body = json(response);
      expect(body).toEqual({
        workflow_id: wf.id,
        execution_id: expect.any(String),
        status: 'success',
        outputs: { result: 'Hello Ada' },
        execution_time_ms: expect.any(Number),
      });
      expect(Number.isInteger(body.execution_time_ms)).toBe(true);
    });

    it.each(['defined', 'generic'])(
      'raw and wrapped bodies give the same run input with webhook_body_mode %s',
      async (mode) => {
        const wf = await createWorkflow(t.app, owner.headers, echo(), { webhook_body_mode: mode });
        const input = { name: 'Ada', tags: ['math', 'engines'], nested: { n: 1 } };
        const raw = await run(wf.id, { payload: input });
        const wrapped = await run(wf.id, { payload: { inputs: input } });
        for (const response of [raw, wrapped]) {
          expect(response.statusCode).toBe(200);
          const body = json(response);
          expect(body.status).toBe('success');
          expect(body.outputs.echo.body).toEqual(input);
          expect((await detail(body.execution_id)).inputs.body).toEqual(input);
        }
      },
    );
  });

  describe('verbs and test runs (rules 2-3, design 10)', () => {
    it('a GET workflow takes its inputs from the query string', async () => {
      const wf = await createWorkflow(t.app, owner.headers, greeter(), { http_method: 'GET' });
      const response = await run(wf.id, { method: 'GET', query: { name: 'Grace' } });
      expect(response.statusCode).toBe(200);
      expect(json(response).outputs).toEqual({ result: 'Hello Grace' });

      const echoed = await createWorkflow(t.app, owner.headers, echo(), { http_method: 'GET' });
      const body = json(await run(echoed.id, { method: 'GET', query: { name: 'Grace', n: '2' } }));
      expect(body.outputs.echo.body).toEqual({ name: 'Grace', n: '2' });
      expect(body.outputs.echo.query).toEqual({ name: 'Grace', n: '2' });
    });

    it('a DELETE workflow takes its inputs from the query string too', async () => {
      const wf = await createWorkflow(t.app, owner.headers, greeter(), { http_method: 'DELETE' });
      const response = await run(wf.id, { method: 'DELETE', query: { name: 'Linus' } });
      expect(response.statusCode).toBe(200);
      expect(json(response).outputs).toEqual({ result: 'Hello Linus' });
    });

    it('any other verb answers 405 method_not_allowed with Allow naming the configured verb', async () => {
      const wf = await createWorkflow(t.app, owner.headers, greeter(), { http_method: 'GET' });
      for (const method of ['POST', 'PUT', 'DELETE'] as const) {
        const response = await run(wf.id, {
          method,
          payload: method === 'DELETE' ? undefined : { name: 'x' },
        });
        expectProblem(response, 405, 'method_not_allowed');
        expect(response.headers.allow).toBe('GET');
      }
      const post = await createWorkflow(t.app, owner.headers, greeter());
      const get = await run(post.id, { method: 'GET', query: { name: 'x' } });
      expectProblem(get, 405, 'method_not_allowed');
      expect(get.headers.allow).toBe('POST');
      expect((await listExecutions(t.app, owner.headers, wf.id)).total).toBe(0);
      expect((await listExecutions(t.app, owner.headers, post.id)).total).toBe(0);
    });

    it("the owner's ?test_run=true skips the verb check, runs, and is recorded as a test run", async () => {
      const wf = await createWorkflow(t.app, owner.headers, greeter(), { http_method: 'GET' });
      const response = await run(wf.id, {
        query: 'test_run=true',
        payload: { name: 'Tester' },
        headers: owner.headers,
      });
      expect(response.statusCode).toBe(200);
      const body = json(response);
      expect(body).toMatchObject({ status: 'success', outputs: { result: 'Hello Tester' } });
      const row = await detail(body.execution_id);
      expect(row.test_run).toBe(true);
      expect(row.user_id).toBe(owner.userId);
    });

    it("a wrapped body's test_run is honoured for the owner", async () => {
      const wf = await createWorkflow(t.app, owner.headers, greeter(), { http_method: 'GET' });
      const response = await run(wf.id, {
        payload: { inputs: { name: 'Wrapped' }, test_run: true },
        headers: owner.headers,
      });
      expect(response.statusCode).toBe(200);
      expect(json(response).outputs).toEqual({ result: 'Hello Wrapped' });
      expect((await detail(json(response).execution_id)).test_run).toBe(true);
    });

    it('test_run from an anonymous caller or a user without access answers 403 test_run_forbidden', async () => {
      const wf = await createWorkflow(t.app, owner.headers, greeter());
      const attempts: ExecuteOptions[] = [
        { query: 'test_run=true', payload: { name: 'x' } },
        { payload: { inputs: { name: 'x' }, test_run: true } },
        { query: 'test_run=true', payload: { name: 'x' }, headers: stranger.headers },
        { payload: { inputs: { name: 'x' }, test_run: true }, headers: stranger.headers },
      ];
      for (const attempt of attempts) expectProblem(await run(wf.id, attempt), 403, 'test_run_forbidden');
      // Also ahead of the verb check: a test run request is judged as a test run.
      const getOnly = await createWorkflow(t.app, owner.headers, greeter(), { http_method: 'GET' });
      expectProblem(await run(getOnly.id, attempts[0]), 403, 'test_run_forbidden');
      expect((await listExecutions(t.app, owner.headers, wf.id)).total).toBe(0);
    });

    it("a raw body's test_run key stays a body field and never makes a test run", async () => {
      const wf = await createWorkflow(t.app, owner.headers, echo());
      for (const headers of [undefined, owner.headers]) {
        const response = await run(wf.id, { payload: { name: 'x', test_run: true }, headers });
        expect(response.statusCode).toBe(200);
        const body = json(response);
        expect(body.outputs.echo.body).toEqual({ name: 'x', test_run: true });
        expect((await detail(body.execution_id)).test_run).toBe(false);
      }
      // ...so it does not skip the verb check either.
      const getOnly = await createWorkflow(t.app, owner.headers, greeter(), { http_method: 'GET' });
      const refused = await run(getOnly.id, {
        payload: { name: 'x', test_run: true },
        headers: owner.headers,
      });
      expectProblem(refused, 405, 'method_not_allowed');
    });
  });

  describe('headers and query in expressions (rule 3, design 10)', () => {
    it('$input.headers has lowercased keys and never the credential headers', async () => {
      const wf = await createWorkflow(t.app, owner.headers, headersEcho(), {
        auth_header_key: 'X-Workflow-Key',
      });
      const response = await run(wf.id, {
        payload: { name: 'x' },
        headers: {
          ...SECRET_HEADERS,
          'X-Workflow-Key': 'secret-workflow-key-7',
          'X-Mixed-Case': 'Kept As Is',
          'x-trigger-source': 'headers-test',
        },
      });
      expect(response.statusCode).toBe(200);
      const body = json(response);
      const headers = body.outputs.headers as Record<string, string>;
      expect(headers['x-mixed-case']).toBe('Kept As Is');
      expect(headers['content-type']).toMatch(/^application\/json/);
      for (const key of Object.keys(headers)) expect(key).toBe(key.toLowerCase());
      for (const name of [...Object.keys(SECRET_HEADERS), 'x-workflow-key'])
        expect(headers).not.toHaveProperty(name);
      // Nowhere in the answer or the stored run.
      const row = await t.app.inject({ url: `/api/executions/${body.execution_id}`, headers: owner.headers });
      for (const text of [response.body, row.body]) {
        expect(text).not.toMatch(/secret-[a-z-]+-\d/);
      }
    });

    it('$input.query holds the query parameters', async () => {
      const wf = await createWorkflow(t.app, owner.headers, echo());
      const response = await run(wf.id, { query: 'page=2&sort=name&empty=', payload: { name: 'x' } });
      expect(response.statusCode).toBe(200);
      expect(json(response).outputs.echo.query).toEqual({ page: '2', sort: 'name', empty: '' });
    });
  });

  describe('trigger source (rule 4, design 10)', () => {
    it('header beats query beats body beats the default API, and history records it', async () => {
      const wf = await createWorkflow(t.app, owner.headers, echo());
      const cases: { options: ExecuteOptions; source: string }[] = [
        {
          options: {
            headers: { 'X-Trigger-Source': 'from-header' },
            query: { trigger_source: 'from-query' },
            payload: { trigger_source: 'from-body' },
          },
          source: 'from-header',
        },
        {
          options: { query: { trigger_source: 'from-query' }, payload: { trigger_source: 'from-body' } },
          source: 'from-query',
        },
        { options: { payload: { name: 'x', trigger_source: 'from-raw-body' } }, source: 'from-raw-body' },
        {
          options: { payload: { inputs: { name: 'x' }, trigger_source: 'from-wrapped-body' } },
          source: 'from-wrapped-body',
        },
        { options: { payload: { name: 'x' } }, source: 'API' },
      ];
      for (const { options, source } of cases) {
        const response = await run(wf.id, options);
        expect(response.statusCode).toBe(200);
        expect((await detail(json(response).execution_id)).trigger_source).toBe(source);
      }
      for (const { source } of cases) {
        const page = await listExecutions(t.app, owner.headers, wf.id, { trigger_source: source });
        expect(page.total).toBe(1);
        expect(page.items[0]!.trigger_source).toBe(source);
      }
    });

    it('the raw shape keeps trigger_source in the body; the wrapped shape passes inputs only', async () => {
      const wf = await createWorkflow(t.app, owner.headers, echo());
      const raw = json(await run(wf.id, { payload: { name: 'x', trigger_source: 'raw' } }));
      expect(raw.outputs.echo.body).toEqual({ name: 'x', trigger_source: 'raw' });
      const wrapped = json(
        await run(wf.id, { payload: { inputs: { name: 'x' }, trigger_source: 'wrapped' } }),
      );
      expect(wrapped.outputs.echo.body).toEqual({ name: 'x' });
    });

    it('accepts 64 characters and answers 422 for 65, from every source', async () => {
      const wf = await createWorkflow(t.app, owner.headers, greeter());
      const ok = 's'.repeat(64);
      const long = 's'.repeat(65);
      const shapes = (value: string): ExecuteOptions[] => [
        { headers: { 'x-trigger-source': value }, payload: { name: 'x' } },
        { query: { trigger_source: value }, payload: { name: 'x' } },
        { payload: { name: 'x', trigger_source: value } },
        { payload: { inputs: { name: 'x' }, trigger_source: value } },
      ];
      for (const options of shapes(ok)) {
        const response = await run(wf.id, options);
        expect(response.statusCode).toBe(200);
        expect((await detail(json(response).execution_id)).trigger_source).toBe(ok);
      }
      for (const options of shapes(long)) expectProblem(await run(wf.id, options), 422, 'validation_failed');
      expect((await listExecutions(t.app, owner.headers, wf.id)).total).toBe(4);
    });
  });

  describe('run errors (rule 6, design 10)', () => {
    it.each([418, 503])(
      'a Throw Error node answers its status %i with status "error"',
      async (statusCode) => {
        const wf = await createWorkflow(t.app, owner.headers, thrower(statusCode));
        const response = await run(wf.id, { payload: { name: 'Mallory' } });
        expect(response.statusCode).toBe(statusCode);
        const body = json(response);
        expect(body).toEqual({
          workflow_id: wf.id,
          execution_id: expect.any(String),
          status: 'error',
          outputs: { error: { message: 'refused Mallory', node_label: 'boom' } },
          execution_time_ms: expect.any(Number),
        });
        expect(response.body).not.toMatch(STACK_TRACE);
        expect((await detail(body.execution_id)).status).toBe('error');
      },
    );

    it('a failed run without Throw Error answers 200 with status "error" and outputs.error', async () => {
      const request = node('textInput', 'request');
      const shape = node('set', 'shape', { mappings: [{ key: 'x', value: '$request.body.name.nope()' }] });
      const result = node('output', 'result', { value: '$shape.x' });
      const wf = await createWorkflow(t.app, owner.headers, {
        nodes: [request, shape, result],
        edges: [edge(request, shape), edge(shape, result)],
      });
      const response = await run(wf.id, { payload: { name: 'Ada' } });
      expect(response.statusCode).toBe(200);
      const body = json(response);
      expect(body.status).toBe('error');
      expect(body.outputs).toEqual({ error: { message: expect.any(String), node_label: 'shape' } });
      expect(body.outputs.error.message).toMatch(/nope/);
      expect(response.body).not.toMatch(STACK_TRACE);
      const row = await detail(body.execution_id);
      expect(row.status).toBe('error');
      expect(nodeResult(row, 'shape').status).toBe('error');
      expect(nodeResult(row, 'result').status).toBe('skipped');
    });

    it('a run whose error an onErrorEnabled branch took is a success', async () => {
      const request = node('textInput', 'request');
      const shape = node('set', 'shape', {
        mappings: [{ key: 'x', value: '$request.body.name.nope()' }],
        onErrorEnabled: true,
      });
      const fallback = node('output', 'fallback', { value: 'failed at $input.error.node_label' });
      const wf = await createWorkflow(t.app, owner.headers, {
        nodes: [request, shape, fallback],
        edges: [edge(request, shape), edge(shape, fallback, { sourceHandle: 'error' })],
      });
      const response = await run(wf.id, { payload: { name: 'Ada' } });
      expect(response.statusCode).toBe(200);
      expect(json(response)).toMatchObject({ status: 'success', outputs: { fallback: 'failed at shape' } });
    });
  });

  it('a jsonOutputMapper as the only terminal is the whole response body', async () => {
    const request = node('textInput', 'request');
    const mapper = node('jsonOutputMapper', 'response', {
      mappings: [
        { key: 'user', value: '$request.body.name' },
        { key: 'count', value: '$request.body.tags.length' },
      ],
    });
    const wf = await createWorkflow(t.app, owner.headers, {
      nodes: [request, mapper],
      edges: [edge(request, mapper)],
    });
    const response = await run(wf.id, { payload: { name: 'ada', tags: ['a', 'b', 'c'] } });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ user: 'ada', count: 3 });
    const page = await listExecutions(t.app, owner.headers, wf.id);
    expect(page.items[0]).toMatchObject({
      status: 'success',
      outputs: { response: { user: 'ada', count: 3 } },
    });
  });

  it('returnEarly answers at the Output node while the run goes on', async () => {
    const request = node('textInput', 'request');
    const accepted = node('output', 'accepted', {
      value: '{{ { queued: true, id: $request.body.id } }}',
      returnEarly: true,
    });
    const slow = node('wait', 'slowWork', { durationMs: 1500 });
    const processed = node('set', 'processed', {
      mappings: [
        { key: 'id', value: '$request.body.id' },
        { key: 'done', value: '{{ true }}' },
      ],
    });
    const wf = await createWorkflow(t.app, owner.headers, {
      nodes: [request, accepted, slow, processed],
      edges: [edge(request, accepted), edge(request, slow), edge(slow, processed)],
    });
    const response = await run(wf.id, { payload: { id: 'job-1' } });
    expect(response.statusCode).toBe(200);
    const body = json(response);
    expect(body).toMatchObject({ status: 'success', outputs: { accepted: { queued: true, id: 'job-1' } } });

    const during = await detail(body.execution_id);
    expect(during.status).toBe('running');
    expect(during.finished_at).toBeNull();

    const after = await waitFor(async () => {
      const row = await detail(body.execution_id);
      return row.status !== 'running' && row;
    }, 10_000);
    expect(after.status).toBe('success');
    expect(after.finished_at).not.toBeNull();
    expect(nodeResult(after, 'slowWork').status).toBe('success');
    expect(nodeResult(after, 'processed')).toMatchObject({
      status: 'success',
      output: { id: 'job-1', done: true },
    });
    expect(after.outputs).toEqual({
      accepted: { queued: true, id: 'job-1' },
      processed: { id: 'job-1', done: true },
    });
  });

  describe('workflow ids', () => {
    it('an unknown workflow answers 404 not_found on both endpoints', async () => {
      for (const endpoint of ['execute', 'execute/stream'] as const) {
        expectProblem(await run(randomUUID(), { endpoint, payload: { name: 'x' } }), 404, 'not_found');
      }
    });

    it('a malformed id answers 404 or 422, never a 5xx', async () => {
      const ids = [
        'not-a-uuid',
        '12345',
        'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz',
        `urn:uuid:${randomUUID()}`,
        `{${randomUUID()}}`,
        `${randomUUID()}-extra`,
        '%00',
        encodeURIComponent("' or 1=1 --"),
      ];
      for (const id of ids) {
        for (const endpoint of ['execute', 'execute/stream'] as const) {
          const response = await run(id, { endpoint, payload: { name: 'x' } });
          expect([404, 422], `${endpoint} ${id}: ${response.statusCode} ${response.body}`).toContain(
            response.statusCode,
          );
          expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
          expect(response.body).not.toMatch(STACK_TRACE);
        }
      }
    });

    it('an anonymous workflow runs as the owner for anonymous callers, as the caller when signed in', async () => {
      const wf = await createWorkflow(t.app, owner.headers, greeter());
      const anonymous = json(await run(wf.id, { payload: { name: 'x' } }));
      expect((await detail(anonymous.execution_id)).user_id).toBe(owner.userId);
      // Spec 5.2: only a call with no caller runs as the owner.
      const signedIn = await run(wf.id, { payload: { name: 'x' }, headers: stranger.headers });
      expect(signedIn.statusCode).toBe(200);
      const id = json(signedIn).execution_id;
      expect((await detail(id)).user_id).toBe(stranger.userId);
      // The history is the workflow's: the stranger cannot read even their own call.
      const peek = await t.app.inject({ url: `/api/executions/${id}`, headers: stranger.headers });
      expect(peek.statusCode).toBe(404);
    });
  });

  describe('sub-workflows', () => {
    it('an execute node runs the child, recorded with trigger_source SUB_WORKFLOW', async () => {
      const input = node('textInput', 'input');
      const doubled = node('output', 'doubled', { value: '$input.body.value * 2' });
      const child = await createWorkflow(t.app, owner.headers, {
        nodes: [input, doubled],
        edges: [edge(input, doubled)],
      });
      const request = node('textInput', 'request');
      const call = node('execute', 'child', {
        workflowId: child.id,
        inputs: [{ key: 'value', value: '$request.body.n + 1' }],
      });
      const result = node('output', 'result', { value: '$child.outputs.doubled' });
      const parent = await createWorkflow(t.app, owner.headers, {
        nodes: [request, call, result],
        edges: [edge(request, call), edge(call, result)],
      });

      const response = await run(parent.id, { payload: { n: 20 } });
      expect(response.statusCode).toBe(200);
      expect(json(response)).toMatchObject({ status: 'success', outputs: { result: 42 } });

      const children = await listExecutions(t.app, owner.headers, child.id);
      expect(children.total).toBe(1);
      expect(children.items[0]).toMatchObject({
        status: 'success',
        trigger_source: 'SUB_WORKFLOW',
        test_run: false,
        outputs: { doubled: 42 },
      });
      const parents = await listExecutions(t.app, owner.headers, parent.id);
      expect(parents.items.map((row) => row.trigger_source)).toEqual(['API']);
    });

    it('a self-recursive workflow fails with a nesting limit error, not a 5xx', async () => {
      const request = node('textInput', 'request');
      const wf = await createWorkflow(t.app, owner.headers, { nodes: [request], edges: [] });
      const self = node('execute', 'again', { workflowId: wf.id, inputs: [] });
      const patched = await t.app.inject({
        method: 'PATCH',
        url: `/api/workflows/${wf.id}`,
        headers: owner.headers,
        payload: { nodes: [request, self], edges: [edge(request, self)] },
      });
      expect(patched.statusCode).toBe(200);

      const response = await run(wf.id, { payload: { name: 'x' } });
      expect(response.statusCode).toBe(200);
      const body = json(response);
      expect(body.status).toBe('error');
      expect(body.outputs.error.node_label).toBe('again');
      expect(body.outputs.error.message).toMatch(/nesting limit|recursion|depth/i);
      expect(response.body).not.toMatch(STACK_TRACE);

      const rows = await listExecutions(t.app, owner.headers, wf.id, { limit: 200 });
      expect(rows.total).toBeGreaterThan(1);
      expect(rows.items.every((row) => row.status === 'error')).toBe(true);
      expect(rows.items.filter((row) => row.trigger_source === 'API')).toHaveLength(1);
      expect(rows.items.filter((row) => row.trigger_source === 'SUB_WORKFLOW')).toHaveLength(rows.total - 1);
    });
  });
});
