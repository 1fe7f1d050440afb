/**
 * Execute authentication by auth_type (spec 5.1, 5.2 rule 6, 4.1 rule 5; design 10) on both execute
 * endpoints: who may call, what they are answered, whose run it is, test runs, and that the check
 * comes before the verb check, the rate limit and the cache.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backendMatrix, createTestApp, json, type TestApp } from './support/app.js';
import { randomIp, register, type Registered } from './support/auth.js';
import {
  createWorkflow,
  edge,
  execute,
  getExecution,
  greeter,
  listExecutions,
  node,
  type ExecuteOptions,
} from './support/executions.js';
import { parseSseBody } from './support/sse.js';
import { expectProblem } from './support/workflow-api.js';

const matrix = await backendMatrix();
const ENDPOINTS = ['execute', 'execute/stream'] as const;
const HEADER = {
  auth_type: 'header_auth',
  auth_header_key: 'X-Workflow-Key',
  auth_header_value: 'open-sesame-42',
};
const BEARER_CHALLENGE = 'Bearer realm="skein"';
const INVALID_CHALLENGE = 'Bearer realm="skein", error="invalid_token"';
const HEADER_CHALLENGE = 'Header realm="skein", Bearer realm="skein"';

/** textInput -> output `$input.headers`. */
function headersEcho() {
  const request = node('textInput', 'request');
  const out = node('output', 'headers', { value: '$input.headers' });
  return { nodes: [request, out], edges: [edge(request, out)] };
}

describe.each(matrix)('execute authentication on $name', ({ db, store }) => {
  let t: TestApp;
  let owner: Registered;
  let collaborator: Registered;
  let stranger: Registered;

  const run = (workflowId: string, options: ExecuteOptions = {}) =>
    execute(t.app, workflowId, { payload: { name: 'Ada' }, ...options });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const history = async (workflowId: string) =>
    (await listExecutions(t.app, owner.headers, workflowId)).total;
  const runUser = async (response: { body: string }) =>
    (await getExecution(t.app, owner.headers, json(response).execution_id)).user_id;
  const issue = async (user: Registered, workflowId: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/workflows/${workflowId}/execution-tokens`,
      headers: user.headers,
      payload: { ttl_seconds: 600 },
    });
    expect(response.statusCode, response.body).toBe(201);
    return json(response).token as string;
  };
  const share = async (workflowId: string, user: Registered) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/workflows/${workflowId}/shares`,
      headers: owner.headers,
      payload: { email: user.email },
    });
    expect(response.statusCode, response.body).toBe(201);
  };
  /** The final frame of a stream answer, which must be an SSE stream. */
  const streamed = (response: { statusCode: number; headers: Record<string, unknown>; body: string }) => {
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/event-stream/);
    const frames = parseSseBody(response.body);
    return frames[frames.length - 1]!.data;
  };

  beforeAll(async () => {
    t = await createTestApp({ db, store });
    owner = await register(t.app, 'auth-owner@example.com');
    collaborator = await register(t.app, 'auth-collaborator@example.com');
    stranger = await register(t.app, 'auth-stranger@example.com');
  });
  afterAll(() => t.close());

  describe('anonymous', () => {
    it('anyone may call; the run is the owner’s, or the identified caller’s', async () => {
      const wf = await createWorkflow(t.app, owner.headers, greeter());
      await share(wf.id, collaborator);
      const anonymous = await run(wf.id);
      expect(anonymous.statusCode).toBe(200);
      expect(await runUser(anonymous)).toBe(owner.userId);
      const signedIn = await run(wf.id, { headers: collaborator.headers });
      expect(await runUser(signedIn)).toBe(collaborator.userId);
      const token = await run(wf.id, { headers: bearer(await issue(collaborator, wf.id)) });
      expect(await runUser(token)).toBe(collaborator.userId);
      // A credential that does not verify is ignored: the call is anonymous.
      const junk = await run(wf.id, { headers: bearer('not-a-token') });
      expect(junk.statusCode).toBe(200);
      expect(await runUser(junk)).toBe(owner.userId);
    });
  });

  describe('jwt', () => {
    it('without a token: 401 unauthorized with a Bearer challenge, before the verb check; nothing runs', async () => {
      const wf = await createWorkflow(t.app, owner.headers, greeter(), {
        auth_type: 'jwt',
        http_method: 'GET',
      });
      for (const endpoint of ENDPOINTS) {
        for (const method of ['GET', 'POST'] as const) {
          const response = await run(wf.id, { endpoint, method, payload: method === 'GET' ? undefined : {} });
          expectProblem(response, 401, 'unauthorized');
          expect(response.headers['www-authenticate']).toBe(BEARER_CHALLENGE);
          expect(response.headers).not.toHaveProperty('allow');
        }
      }
      expect(await history(wf.id)).toBe(0);
    });

    it('a token that does not verify, by header or cookie: 401 invalid_token', async () => {
      const wf = await createWorkflow(t.app, owner.headers, greeter(), { auth_type: 'jwt' });
      for (const endpoint of ENDPOINTS) {
        for (const headers of [bearer('not-a-token'), { cookie: 'access_token=not-a-token' }]) {
          const response = await run(wf.id, { endpoint, headers });
          expectProblem(response, 401, 'invalid_token');
          expect(response.headers['www-authenticate']).toBe(INVALID_CHALLENGE);
        }
      }
      expect(await history(wf.id)).toBe(0);
    });

    it('a session of a user with access runs as that user, by bearer or cookie', async () => {
      const wf = await createWorkflow(t.app, owner.headers, greeter(), { auth_type: 'jwt' });
      await share(wf.id, collaborator);
      for (const user of [owner, collaborator]) {
        const response = await run(wf.id, { headers: user.headers });
        expect(response.statusCode, response.body).toBe(200);
        expect(json(response).outputs).toEqual({ result: 'Hello Ada' });
        expect(await runUser(response)).toBe(user.userId);
        const viaCookie = await run(wf.id, { headers: { cookie: `access_token=${user.accessToken}` } });
        expect(await runUser(viaCookie)).toBe(user.userId);
        const stream = await run(wf.id, { endpoint: 'execute/stream', headers: user.headers });
        expect(streamed(stream)).toMatchObject({ type: 'execution_complete', status: 'success' });
      }
    });

    it('a session cookie on a cross-site request does not count (a link cannot run it as the victim)', async () => {
      const wf = await createWorkflow(t.app, owner.headers, greeter(), {
        auth_type: 'jwt',
        http_method: 'GET',
      });
      const cookie = `access_token=${owner.accessToken}`;
      const crossSite = await run(wf.id, {
        method: 'GET',
        payload: undefined,
        headers: { cookie, 'sec-fetch-site': 'cross-site' },
      });
      expectProblem(crossSite, 401, 'unauthorized');
      const sameOrigin = await run(wf.id, {
        method: 'GET',
        payload: undefined,
        headers: { cookie, 'sec-fetch-site': 'same-origin' },
      });
      expect(sameOrigin.statusCode, sameOrigin.body).toBe(200);
      // A bearer token is sent deliberately by the caller, so it counts from anywhere.
      const bearerCrossSite = await run(wf.id, {
        method: 'GET',
        payload: undefined,
        headers: { ...owner.headers, 'sec-fetch-site': 'cross-site' },
      });
      expect(bearerCrossSite.statusCode).toBe(200);
      expect(await history(wf.id)).toBe(2);
    });

    it('a session of a user without access: 404, as the workflow is not theirs to see', async () => {
      const wf = await createWorkflow(t.app, owner.headers, greeter(), { auth_type: 'jwt' });
      for (const endpoint of ENDPOINTS) {
        expectProblem(await run(wf.id, { endpoint, headers: stranger.headers }), 404, 'not_found');
      }
      expect(await history(wf.id)).toBe(0);
    });

    it('an execution token for the workflow runs as its creator, on both endpoints', async () => {
      const wf = await createWorkflow(t.app, owner.headers, greeter(), { auth_type: 'jwt' });
      const headers = bearer(await issue(owner, wf.id));
      const response = await run(wf.id, { headers });
      expect(response.statusCode).toBe(200);
      expect(await runUser(response)).toBe(owner.userId);
      const stream = streamed(await run(wf.id, { endpoint: 'execute/stream', headers }));
      expect(stream).toMatchObject({ type: 'execution_complete', status: 'success' });
      expect(await history(wf.id)).toBe(2);
    });
  });

  describe('header_auth', () => {
    it('the right header runs as the owner; a wrong or missing one is 401 header_auth_failed', async () => {
      const wf = await createWorkflow(t.app, owner.headers, greeter(), HEADER);
      for (const endpoint of ENDPOINTS) {
        for (const name of ['X-Workflow-Key', 'x-workflow-key', 'X-WORKFLOW-KEY']) {
          const response = await run(wf.id, { endpoint, headers: { [name]: HEADER.auth_header_value } });
          expect(response.statusCode, response.body).toBe(200);
        }
        const refusals: Record<string, string>[] = [
          {},
          { 'X-Workflow-Key': 'wrong' },
          { 'X-Workflow-Key': 'OPEN-SESAME-42' },
          { 'X-Workflow-Key': 'open-sesame-4' },
          { 'X-Workflow-Key': 'open-sesame-422' },
          { 'X-Workflow-Key': '' },
          { 'X-Other-Key': HEADER.auth_header_value },
          bearer(HEADER.auth_header_value),
          bearer('not-a-token'),
        ];
        for (const headers of refusals) {
          const response = await run(wf.id, { endpoint, headers });
          expectProblem(response, 401, 'header_auth_failed');
          expect(response.headers['www-authenticate']).toBe(HEADER_CHALLENGE);
          expect(response.body).not.toMatch(/x-workflow-key|open-sesame/i);
        }
      }
      const ok = await run(wf.id, { headers: { 'X-Workflow-Key': HEADER.auth_header_value } });
      expect(await runUser(ok)).toBe(owner.userId);
      expect(await history(wf.id)).toBe(7);
    });

    it('a repeated header is refused', async () => {
      const wf = await createWorkflow(t.app, owner.headers, greeter(), HEADER);
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/workflows/${wf.id}/execute`,
        headers: { 'x-workflow-key': [HEADER.auth_header_value, HEADER.auth_header_value] },
        payload: { name: 'x' },
      });
      expectProblem(response, 401, 'header_auth_failed');
    });

    it('the run never sees the header', async () => {
      const wf = await createWorkflow(t.app, owner.headers, headersEcho(), HEADER);
      const response = await run(wf.id, { headers: { 'X-Workflow-Key': HEADER.auth_header_value } });
      expect(response.statusCode).toBe(200);
      expect(json(response).outputs.headers).not.toHaveProperty('x-workflow-key');
      expect(response.body).not.toContain(HEADER.auth_header_value);
    });

    it('a session of a user with access may call without the header, and runs as that user', async () => {
      const wf = await createWorkflow(t.app, owner.headers, greeter(), HEADER);
      await share(wf.id, collaborator);
      for (const user of [owner, collaborator]) {
        const response = await run(wf.id, { headers: user.headers });
        expect(response.statusCode, response.body).toBe(200);
        expect(await runUser(response)).toBe(user.userId);
        // With a wrong header too: the session is enough.
        const wrong = await run(wf.id, { headers: { ...user.headers, 'X-Workflow-Key': 'wrong' } });
        expect(wrong.statusCode).toBe(200);
      }
    });

    it('a session without access: 404 without the right header, the owner’s run with it', async () => {
      const wf = await createWorkflow(t.app, owner.headers, greeter(), HEADER);
      for (const headers of [stranger.headers, { ...stranger.headers, 'X-Workflow-Key': 'wrong' }]) {
        expectProblem(await run(wf.id, { headers }), 404, 'not_found');
      }
      const response = await run(wf.id, {
        headers: { ...stranger.headers, 'X-Workflow-Key': HEADER.auth_header_value },
      });
      expect(response.statusCode).toBe(200);
      expect(await runUser(response)).toBe(owner.userId);
    });

    it('an execution token is not accepted in place of the header', async () => {
      const wf = await createWorkflow(t.app, owner.headers, greeter(), HEADER);
      const token = await issue(owner, wf.id);
      expectProblem(await run(wf.id, { headers: bearer(token) }), 401, 'header_auth_failed');
    });

    it('a header_auth workflow without a configured header admits only sessions with access', async () => {
      const wf = await createWorkflow(t.app, owner.headers, greeter(), { auth_type: 'header_auth' });
      for (const headers of [{}, { 'X-Workflow-Key': '' }, { 'x-': '' }] as Record<string, string>[]) {
        expectProblem(await run(wf.id, { headers }), 401, 'header_auth_failed');
      }
      expect((await run(wf.id, { headers: owner.headers })).statusCode).toBe(200);
    });
  });

  describe('test runs (design 10)', () => {
    const testRun: ExecuteOptions = { query: 'test_run=true', payload: { name: 'Test' } };

    it('honoured for a signed-in user with access, on every auth type', async () => {
      for (const settings of [{}, { auth_type: 'jwt' }, HEADER]) {
        const wf = await createWorkflow(t.app, owner.headers, greeter(), settings);
        for (const endpoint of ENDPOINTS) {
          const response = await run(wf.id, { ...testRun, endpoint, headers: owner.headers });
          expect(response.statusCode, response.body).toBe(200);
        }
        const rows = (await listExecutions(t.app, owner.headers, wf.id)).items;
        expect(rows.map((row) => [row.test_run, row.user_id])).toEqual([
          [true, owner.userId],
          [true, owner.userId],
        ]);
      }
    });

    it('403 test_run_forbidden for an execution token, the header alone, or an anonymous caller', async () => {
      const jwtFlow = await createWorkflow(t.app, owner.headers, greeter(), { auth_type: 'jwt' });
      const headerFlow = await createWorkflow(t.app, owner.headers, greeter(), HEADER);
      const anonymousFlow = await createWorkflow(t.app, owner.headers, greeter());
      const attempts: [string, Record<string, string>][] = [
        [jwtFlow.id, bearer(await issue(owner, jwtFlow.id))],
        [anonymousFlow.id, bearer(await issue(owner, anonymousFlow.id))],
        [headerFlow.id, { 'X-Workflow-Key': HEADER.auth_header_value }],
        [headerFlow.id, { ...stranger.headers, 'X-Workflow-Key': HEADER.auth_header_value }],
        [anonymousFlow.id, {}],
        [anonymousFlow.id, stranger.headers],
      ];
      for (const [id, headers] of attempts) {
        for (const endpoint of ENDPOINTS) {
          expectProblem(await run(id, { ...testRun, endpoint, headers }), 403, 'test_run_forbidden');
          const wrapped = { inputs: { name: 'x' }, test_run: true };
          expectProblem(await run(id, { endpoint, headers, payload: wrapped }), 403, 'test_run_forbidden');
        }
      }
      for (const wf of [jwtFlow, headerFlow, anonymousFlow]) expect(await history(wf.id)).toBe(0);
    });

    it('authentication comes first: an unauthenticated test run is 401, not 403', async () => {
      const wf = await createWorkflow(t.app, owner.headers, greeter(), { auth_type: 'jwt' });
      expectProblem(await run(wf.id, testRun), 401, 'unauthorized');
    });
  });

  describe('before the rate limit and the cache (spec 4.1 rule 5)', () => {
    it('a refused call answers 401, not 429, and spends no rate-limit slot', async () => {
      const wf = await createWorkflow(t.app, owner.headers, greeter(), {
        auth_type: 'jwt',
        rate_limit_requests: 2,
        rate_limit_window_seconds: 60,
      });
      const token = bearer(await issue(owner, wf.id));
      const ip = randomIp();
      for (let i = 0; i < 4; i++) {
        for (const endpoint of ENDPOINTS) {
          const refused = await run(wf.id, { endpoint, ip });
          expectProblem(refused, 401, 'unauthorized');
          expect(refused.headers).not.toHaveProperty('x-ratelimit-remaining');
        }
      }
      const first = await run(wf.id, { ip, headers: token });
      expect(first.statusCode).toBe(200);
      expect(first.headers['x-ratelimit-remaining']).toBe('1');
      expect((await run(wf.id, { ip, headers: token, endpoint: 'execute/stream' })).statusCode).toBe(200);
      const limited = await run(wf.id, { ip, headers: token });
      expect(limited.statusCode).toBe(429);
      expect(json(limited).status).toBe('rate_limited');
      // Once limited, an unauthenticated caller still gets 401.
      expectProblem(await run(wf.id, { ip }), 401, 'unauthorized');
      expectProblem(await run(wf.id, { ip, endpoint: 'execute/stream' }), 401, 'unauthorized');
    });

    it('a cached answer is never served to an unauthenticated caller', async () => {
      const wf = await createWorkflow(t.app, owner.headers, greeter(), { ...HEADER, cache_ttl_seconds: 60 });
      const key = { 'X-Workflow-Key': HEADER.auth_header_value };
      expect(json(await run(wf.id, { headers: key })).status).toBe('success');
      const cached = await run(wf.id, { headers: key });
      expect(json(cached).status).toBe('cached');
      for (const endpoint of ENDPOINTS) {
        const refused = await run(wf.id, { endpoint });
        expectProblem(refused, 401, 'header_auth_failed');
        expect(refused.body).not.toContain('Hello Ada');
      }
      const streamedCache = streamed(await run(wf.id, { endpoint: 'execute/stream', headers: key }));
      expect(streamedCache).toMatchObject({ status: 'cached', outputs: { result: 'Hello Ada' } });
    });
  });

  it('a change of auth_type applies to the very next call', async () => {
    const wf = await createWorkflow(t.app, owner.headers, greeter());
    expect((await run(wf.id)).statusCode).toBe(200);
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/workflows/${wf.id}`,
      headers: owner.headers,
      payload: { allow_anonymous: false },
    });
    expect(json(patched)).toMatchObject({ auth_type: 'jwt', allow_anonymous: false });
    expectProblem(await run(wf.id), 401, 'unauthorized');
  });
});
