/**
 * Credentials and global variables at run time (spec 5.2, 5.8): resolved for the user the run is
 * attributed to, usable by id only when that user may use them, and never shown unmasked in an
 * answer, a stream frame, a history row or the database.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backendMatrix, createTestApp, json, type TestApp } from './support/app.js';
import { register, type Registered } from './support/auth.js';
import { parseSseBody } from './support/sse.js';
import { createWorkflow, edge, node } from './support/executions.js';

const matrix = await backendMatrix();

const OWNER_TOKEN = 'sk-owner-0123456789abcdef';
const SHARED_TOKEN = 'sk-shared-zyxwvutsrq9876';
const HEADER_VALUE = 'hv-secret-value-424242';

describe.each(matrix)('credentials at run time on $name', ({ db, store }) => {
  let t: TestApp;
  let owner: Registered;
  let colleague: Registered;
  let echoUrl: string;
  let echo: http.Server;
  const received: http.IncomingHttpHeaders[] = [];
  let bearerId: string;

  const post = (user: Registered, url: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url, headers: user.headers, payload: payload as object });

  beforeAll(async () => {
    t = await createTestApp({ db, store });
    owner = await register(t.app, 'cred-owner@example.com');
    colleague = await register(t.app, 'cred-colleague@example.com');
    echo = http.createServer((request, response) => {
      received.push(request.headers);
      response.setHeader('content-type', 'application/json');
      response.end(
        JSON.stringify({ saw: request.headers.authorization ?? request.headers['x-key'] ?? null }),
      );
    });
    await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
    echoUrl = `http://127.0.0.1:${(echo.address() as AddressInfo).port}/echo`;
    const bearer = await post(owner, '/api/credentials', {
      name: 'Api',
      type: 'bearer',
      values: { token: OWNER_TOKEN },
    });
    expect(bearer.statusCode, bearer.body).toBe(201);
    bearerId = json(bearer).id;
    const header = await post(owner, '/api/credentials', {
      name: 'Hdr',
      type: 'header',
      values: { header_key: 'X-Key', header_value: HEADER_VALUE },
    });
    expect(header.statusCode, header.body).toBe(201);
    const shared = await post(colleague, '/api/credentials', {
      name: 'Shared',
      type: 'bearer',
      values: { token: SHARED_TOKEN },
    });
    expect(shared.statusCode).toBe(201);
    expect(
      (await post(colleague, `/api/credentials/${json(shared).id}/shares`, { email: owner.email }))
        .statusCode,
    ).toBe(201);
  });
  afterAll(async () => {
    await new Promise((resolve) => echo.close(resolve));
    await t.close();
  });

  function exposing(expression: string) {
    const request = node('textInput', 'request');
    const shape = node('set', 'shape', { mappings: [{ key: 'value', value: expression }] });
    const result = node('output', 'result', { value: '$shape.value' });
    return { nodes: [request, shape, result], edges: [edge(request, shape), edge(shape, result)] };
  }

  it('$credentials values follow the spec table and come back masked', async () => {
    const wf = await createWorkflow(
      t.app,
      owner.headers,
      exposing('{{ [$credentials.Api, $credentials.Hdr, $credentials.Shared] }}'),
    );
    const answer = json(
      await t.app.inject({ method: 'POST', url: `/api/workflows/${wf.id}/execute`, payload: {} }),
    );
    expect(answer.status).toBe('success');
    expect(answer.outputs.result).toEqual(['sk-owne**', 'X-Key: **', 'sk-shar**']);
    expect(JSON.stringify(answer)).not.toContain(OWNER_TOKEN);
  });

  it('masks the stream, the history row and what the database stores', async () => {
    const wf = await createWorkflow(t.app, owner.headers, exposing('token is $credentials.Api'));
    const stream = await t.app.inject({
      method: 'POST',
      url: `/api/workflows/${wf.id}/execute/stream`,
      payload: {},
    });
    const frames = parseSseBody(stream.body);
    expect(frames.at(-1)!.data.outputs.result).toBe('token is sk-owne**');
    expect(stream.body).not.toContain(OWNER_TOKEN);
    const executionId = frames[0]!.data.execution_id;
    await t.app.inject({ url: `/api/workflows/${wf.id}/executions`, headers: owner.headers });
    const detail = await t.app.inject({ url: `/api/executions/${executionId}`, headers: owner.headers });
    expect(detail.body).toContain('sk-owne**');
    expect(detail.body).not.toContain(OWNER_TOKEN);
    const replay = await t.app.inject({
      url: `/api/executions/${executionId}/events`,
      headers: owner.headers,
    });
    expect(replay.body).not.toContain(OWNER_TOKEN);
    const rows = await t.database.db.execute(sql`select executions::text as row from executions`);
    const text = JSON.stringify((rows as unknown as { rows: unknown[] }).rows ?? rows);
    for (const secret of [OWNER_TOKEN, SHARED_TOKEN, HEADER_VALUE]) expect(text).not.toContain(secret);
  });

  it('the http node authenticates with a credential by id; the secret reaches the server only', async () => {
    const request = node('textInput', 'request');
    const call = node('http', 'call', { method: 'GET', url: echoUrl, credentialId: bearerId });
    const wf = await createWorkflow(t.app, owner.headers, {
      nodes: [request, call],
      edges: [edge(request, call)],
    });
    const answer = json(
      await t.app.inject({ method: 'POST', url: `/api/workflows/${wf.id}/execute`, payload: {} }),
    );
    expect(received.at(-1)!.authorization).toBe(`Bearer ${OWNER_TOKEN}`);
    expect(answer.outputs.call.body.saw).toBe('Bearer sk-owne**');
  });

  it('a run attributed to someone who may not use the credential fails clearly, without the secret', async () => {
    const request = node('textInput', 'request');
    const call = node('http', 'call', { method: 'GET', url: echoUrl, credentialId: bearerId });
    const wf = await createWorkflow(t.app, colleague.headers, {
      nodes: [request, call],
      edges: [edge(request, call)],
    });
    const answer = json(
      await t.app.inject({ method: 'POST', url: `/api/workflows/${wf.id}/execute`, payload: {} }),
    );
    expect(answer.status).toBe('error');
    expect(answer.outputs.error.message).toMatch(/not available/);
    expect(JSON.stringify(answer)).not.toContain(OWNER_TOKEN);
  });

  it('resolution follows the run user: the owner for anonymous calls, the token creator for token calls', async () => {
    const wf = await createWorkflow(t.app, owner.headers, exposing('$credentials.Api'), {
      auth_type: 'anonymous',
    });
    expect((await post(owner, `/api/workflows/${wf.id}/shares`, { email: colleague.email })).statusCode).toBe(
      201,
    );
    const anonymous = json(
      await t.app.inject({ method: 'POST', url: `/api/workflows/${wf.id}/execute`, payload: {} }),
    );
    expect(anonymous.outputs.result).toBe('sk-owne**');
    // The colleague's own runs see the colleague's credentials: "Api" is not among them.
    const minted = json(
      await post(colleague, `/api/workflows/${wf.id}/execution-tokens`, { ttl_seconds: 600 }),
    );
    const byToken = json(
      await t.app.inject({
        method: 'POST',
        url: `/api/workflows/${wf.id}/execute`,
        headers: { authorization: `Bearer ${minted.token}` },
        payload: {},
      }),
    );
    expect(byToken.status).toBe('success');
    expect(byToken.outputs.result).toBeNull();
  });

  it('$global reads owned and shared variables; a variable node with isGlobal persists', async () => {
    expect(
      (await post(owner, '/api/global-variables', { name: 'region', value: 'eu-west' })).statusCode,
    ).toBe(201);
    const request = node('textInput', 'request');
    const remember = node('variable', 'remember', {
      name: 'lastRegion',
      value: '$global.region',
      isGlobal: true,
    });
    const result = node('output', 'result', { value: '$global.region' });
    const wf = await createWorkflow(t.app, owner.headers, {
      nodes: [request, remember, result],
      edges: [edge(request, remember), edge(remember, result)],
    });
    const answer = json(
      await t.app.inject({ method: 'POST', url: `/api/workflows/${wf.id}/execute`, payload: {} }),
    );
    expect(answer.outputs.result).toBe('eu-west');
    const variables = json(await t.app.inject({ url: '/api/global-variables', headers: owner.headers }));
    expect(variables.items.find((v: { name: string }) => v.name === 'lastRegion')?.value).toBe('eu-west');
  });
});
