/**
 * Forged, broken and misused execution tokens are refused on the execute endpoints (spec 5.2 rule 2,
 * design 10): each claim, the algorithm, the signature, the revocation row and the token's role.
 */
import { randomUUID } from 'node:crypto';
import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executionTokens } from '../src/store/schema.js';
import { backendMatrix, createTestApp, json, type TestApp } from './support/app.js';
import { register, type Registered } from './support/auth.js';
import { createWorkflow, execute, greeter, listExecutions } from './support/executions.js';
import { expectProblem } from './support/workflow-api.js';

const matrix = await backendMatrix();
const now = () => Math.floor(Date.now() / 1000);

describe.each(matrix)('forged execution tokens on $name', ({ db, store }) => {
  let t: TestApp;
  let owner: Registered;
  let stranger: Registered;
  let secret: Uint8Array;
  let workflowId: string;
  let otherWorkflowId: string;
  /** A live row for `workflowId`, owned by `owner`: forged claims point at it. */
  let liveJti: string;
  let genuine: string;
  let otherGenuine: string;
  let revokedGenuine: string;

  const issue = async (id: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/workflows/${id}/execution-tokens`,
      headers: owner.headers,
      payload: { ttl_seconds: 3600 },
    });
    expect(response.statusCode, response.body).toBe(201);
    return json(response) as { id: string; token: string };
  };
  const runWith = (token: string, endpoint: 'execute' | 'execute/stream' = 'execute') =>
    execute(t.app, workflowId, {
      endpoint,
      payload: { name: 'x' },
      headers: { authorization: `Bearer ${token}` },
    });

  /** Claims that verify, minus `drop`, plus `claims`; signed HS256 with the app's secret unless told. */
  const forge = (
    claims: Record<string, unknown> = {},
    { alg = 'HS256', key = secret, drop = [] as string[] } = {},
  ) => {
    const payload: Record<string, unknown> = {
      sub: owner.userId,
      wid: workflowId,
      scope: 'workflow:execute',
      jti: liveJti,
      iat: now(),
      exp: now() + 600,
      ...claims,
    };
    for (const name of drop) delete payload[name];
    return new SignJWT(payload).setProtectedHeader({ alg, typ: 'JWT' }).sign(key);
  };

  beforeAll(async () => {
    t = await createTestApp({ db, store });
    secret = new TextEncoder().encode(t.config.secretKey);
    owner = await register(t.app, 'forge-owner@example.com');
    stranger = await register(t.app, 'forge-stranger@example.com');
    workflowId = (await createWorkflow(t.app, owner.headers, greeter(), { auth_type: 'jwt' })).id;
    otherWorkflowId = (await createWorkflow(t.app, owner.headers, greeter(), { auth_type: 'jwt' })).id;
    const live = await issue(workflowId);
    liveJti = live.id;
    genuine = live.token;
    otherGenuine = (await issue(otherWorkflowId)).token;
    const revoked = await issue(workflowId);
    revokedGenuine = revoked.token;
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/workflows/${workflowId}/execution-tokens/${revoked.id}`,
      headers: owner.headers,
    });
    expect(response.statusCode).toBe(204);
  });
  afterAll(() => t.close());

  it('accepts the genuine token and a correctly forged one (controls)', async () => {
    expect((await runWith(genuine)).statusCode).toBe(200);
    expect((await runWith(await forge())).statusCode).toBe(200);
  });

  const cases: [string, () => Promise<string>][] = [
    ['a genuine token of another workflow', async () => otherGenuine],
    ['another wid on a live jti', () => forge({ wid: otherWorkflowId })],
    ['an unknown wid', () => forge({ wid: randomUUID() })],
    ['a wrong scope', () => forge({ scope: 'workflow:read' })],
    ['a scope array', () => forge({ scope: ['workflow:execute'] })],
    ['no scope', () => forge({}, { drop: ['scope'] })],
    ['typ "access" added', () => forge({ typ: 'access' })],
    ['a revoked jti', async () => revokedGenuine],
    ['an unknown jti', () => forge({ jti: randomUUID() })],
    ['a jti that is not a uuid', () => forge({ jti: 'token-1' })],
    ['no jti', () => forge({}, { drop: ['jti'] })],
    ['no wid', () => forge({}, { drop: ['wid'] })],
    ['no sub', () => forge({}, { drop: ['sub'] })],
    ['another sub on a live jti', () => forge({ sub: stranger.userId })],
    ['no exp', () => forge({}, { drop: ['exp'] })],
    ['no iat', () => forge({}, { drop: ['iat'] })],
    ['expired', () => forge({ iat: now() - 7200, exp: now() - 60 })],
    ['issued in the future', () => forge({ iat: now() + 3600, exp: now() + 7200 })],
    [
      'alg none',
      async () =>
        new UnsecuredJWT({ sub: owner.userId, wid: workflowId, scope: 'workflow:execute', jti: liveJti })
          .setIssuedAt()
          .setExpirationTime('5m')
          .encode(),
    ],
    ['HS512 with the real secret', () => forge({}, { alg: 'HS512' })],
    ['HS384 with the real secret', () => forge({}, { alg: 'HS384' })],
    [
      'signed with another secret',
      () => forge({}, { key: new TextEncoder().encode('not-the-secret-at-all-0123456789') }),
    ],
    [
      'a tampered payload (wid swapped, signature kept)',
      async () => {
        const [header, payload, signature] = otherGenuine.split('.');
        const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
        claims.wid = workflowId;
        return [header, Buffer.from(JSON.stringify(claims)).toString('base64url'), signature].join('.');
      },
    ],
    ['a signature stripped', async () => `${genuine.split('.').slice(0, 2).join('.')}.`],
    ['junk', async () => 'not.a.jwt'],
    ['an oversized token', async () => `${genuine}${'A'.repeat(5000)}`],
  ];

  it.each(cases)('%s: 401 invalid_token on both endpoints, and nothing runs', async (_name, make) => {
    const before = (await listExecutions(t.app, owner.headers, workflowId)).total;
    const token = await make();
    for (const endpoint of ['execute', 'execute/stream'] as const) {
      const response = await runWith(token, endpoint);
      expectProblem(response, 401, 'invalid_token');
      expect(response.headers['www-authenticate']).toBe('Bearer realm="skein", error="invalid_token"');
    }
    expect((await listExecutions(t.app, owner.headers, workflowId)).total).toBe(before);
  });

  it('a row that expired is refused even while the JWT says otherwise', async () => {
    const [row] = await t.database.db
      .insert(executionTokens)
      .values({
        workflowId,
        userId: owner.userId,
        createdAt: new Date(Date.now() - 120_000),
        expiresAt: new Date(Date.now() - 1000),
      })
      .returning();
    expectProblem(await runWith(await forge({ jti: row!.id })), 401, 'invalid_token');
  });

  it("a session token of a user without access answers 404, as the workflow's other routes do", async () => {
    expectProblem(await runWith(stranger.accessToken), 404, 'not_found');
    expectProblem(await runWith(stranger.accessToken, 'execute/stream'), 404, 'not_found');
  });

  it('an execution token is refused on /api/auth/me', async () => {
    for (const token of [genuine, await forge()]) {
      const response = await t.app.inject({
        url: '/api/auth/me',
        headers: { authorization: `Bearer ${token}` },
      });
      expectProblem(response, 401, 'invalid_token');
    }
  });
});
