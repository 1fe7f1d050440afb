/**
 * Execution tokens over HTTP (spec 2.4, 3.2, 4.2, 5.2; design 10): issuing, listing, revoking,
 * the JWT's claims, attribution of token runs, and what becomes of a token when its creator loses
 * access.
 */
import { randomUUID } from 'node:crypto';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executionTokens } from '../src/store/schema.js';
import { backendMatrix, createTestApp, json, type TestApp } from './support/app.js';
import { register, type Registered } from './support/auth.js';
import { createWorkflow, execute, getExecution, greeter } from './support/executions.js';
import { expectProblem } from './support/workflow-api.js';

const matrix = await backendMatrix();
const TEN_YEARS = 315_360_000;
const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

describe.each(matrix)('execution tokens on $name', ({ db, store }) => {
  let t: TestApp;
  let owner: Registered;
  let collaborator: Registered;
  let stranger: Registered;

  const tokensUrl = (workflowId: string) => `/api/workflows/${workflowId}/execution-tokens`;
  const create = (user: Registered | null, workflowId: string, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: tokensUrl(workflowId),
      headers: user?.headers ?? {},
      payload: payload as object,
    });
  const issue = async (user: Registered, workflowId: string, ttl = 3600) => {
    const response = await create(user, workflowId, { ttl_seconds: ttl });
    expect(response.statusCode, response.body).toBe(201);
    return json(response) as { id: string; token: string; expires_at: string; created_at: string };
  };
  const list = (user: Registered | null, workflowId: string) =>
    t.app.inject({ url: tokensUrl(workflowId), headers: user?.headers ?? {} });
  const revoke = (user: Registered | null, workflowId: string, tokenId: string) =>
    t.app.inject({
      method: 'DELETE',
      url: `${tokensUrl(workflowId)}/${tokenId}`,
      headers: user?.headers ?? {},
    });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const runWith = (workflowId: string, token: string) =>
    execute(t.app, workflowId, { payload: { name: 'Token' }, headers: bearer(token) });
  const share = async (workflowId: string, user: Registered) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/workflows/${workflowId}/shares`,
      headers: owner.headers,
      payload: { email: user.email },
    });
    expect(response.statusCode, response.body).toBe(201);
  };
  const unshare = async (workflowId: string, user: Registered) => {
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/workflows/${workflowId}/shares/${user.userId}`,
      headers: owner.headers,
    });
    expect(response.statusCode, response.body).toBe(204);
  };

  beforeAll(async () => {
    t = await createTestApp({ db, store });
    owner = await register(t.app, 'token-owner@example.com');
    collaborator = await register(t.app, 'token-collaborator@example.com');
    stranger = await register(t.app, 'token-stranger@example.com');
  });
  afterAll(() => t.close());

  describe('issuing', () => {
    it('answers 201 {id, token, expires_at, created_at, revoked} with the spec 2.4 claims', async () => {
      const wf = await createWorkflow(t.app, owner.headers, greeter(), { auth_type: 'jwt' });
      const before = Math.floor(Date.now() / 1000);
      const response = await create(owner, wf.id, { ttl_seconds: 3600 });
      expect(response.statusCode, response.body).toBe(201);
      const body = json(response);
      expect(Object.keys(body).sort()).toEqual(['created_at', 'expires_at', 'id', 'revoked', 'token']);
      expect(body.revoked).toBe(false);
      expect(body.token).toMatch(JWT_SHAPE);
      expect(Date.parse(body.expires_at) - Date.parse(body.created_at)).toBe(3600_000);

      expect(decodeProtectedHeader(body.token).alg).toBe('HS256');
      const claims = decodeJwt(body.token);
      expect(claims).toEqual({
        sub: owner.userId,
        wid: wf.id,
        scope: 'workflow:execute',
        jti: body.id,
        iat: expect.any(Number),
        exp: expect.any(Number),
      });
      expect(claims).not.toHaveProperty('typ');
      expect(claims.iat).toBeGreaterThanOrEqual(before);
      expect(claims.exp! - claims.iat!).toBe(3600);
      expect(claims.exp! * 1000).toBe(Date.parse(body.expires_at));
      expect(claims.iat! * 1000).toBe(Date.parse(body.created_at));
    });

    it('accepts 60 seconds to 10 years and answers 422 outside, or for a non-integer', async () => {
      const wf = await createWorkflow(t.app, owner.headers, greeter());
      for (const ttl of [60, TEN_YEARS]) {
        const body = await issue(owner, wf.id, ttl);
        expect(Date.parse(body.expires_at) - Date.parse(body.created_at)).toBe(ttl * 1000);
      }
      for (const payload of [
        { ttl_seconds: 59 },
        { ttl_seconds: TEN_YEARS + 1 },
        { ttl_seconds: 0 },
        { ttl_seconds: -60 },
        { ttl_seconds: 90.5 },
        { ttl_seconds: '3600' },
        { ttl_seconds: null },
        {},
      ]) {
        expectProblem(await create(owner, wf.id, payload), 422, 'validation_failed');
      }
      expect(json(await list(owner, wf.id)).items).toHaveLength(2);
    });

    it('needs a signed-in user with access: 401 anonymous, 404 otherwise', async () => {
      const wf = await createWorkflow(t.app, owner.headers, greeter());
      const anonymous = await create(null, wf.id, { ttl_seconds: 60 });
      expectProblem(anonymous, 401, 'unauthorized');
      expect(anonymous.headers['www-authenticate']).toMatch(/^Bearer/);
      expectProblem(await create(stranger, wf.id, { ttl_seconds: 60 }), 404, 'not_found');
      expectProblem(await create(owner, randomUUID(), { ttl_seconds: 60 }), 404, 'not_found');
      expectProblem(await create(owner, 'not-a-uuid', { ttl_seconds: 60 }), 422, 'validation_failed');
      // An execution token is no session: it cannot mint more tokens.
      const token = await issue(owner, wf.id);
      const minted = await t.app.inject({
        method: 'POST',
        url: tokensUrl(wf.id),
        headers: bearer(token.token),
        payload: { ttl_seconds: 60 },
      });
      expectProblem(minted, 401, 'invalid_token');
    });

    it('a collaborator with access issues tokens for the shared workflow', async () => {
      const wf = await createWorkflow(t.app, owner.headers, greeter(), { auth_type: 'jwt' });
      await share(wf.id, collaborator);
      const token = await issue(collaborator, wf.id);
      expect(decodeJwt(token.token).sub).toBe(collaborator.userId);
      expect((await runWith(wf.id, token.token)).statusCode).toBe(200);
    });
  });

  describe('listing', () => {
    it("lists only the caller's own tokens for that workflow, without the token string", async () => {
      const wf = await createWorkflow(t.app, owner.headers, greeter());
      const other = await createWorkflow(t.app, owner.headers, greeter());
      await share(wf.id, collaborator);
      const first = await issue(owner, wf.id);
      const second = await issue(owner, wf.id, 120);
      await issue(owner, other.id);
      const theirs = await issue(collaborator, wf.id);

      const response = await list(owner, wf.id);
      expect(response.statusCode).toBe(200);
      const { items } = json(response);
      expect(items.map((item: { id: string }) => item.id).sort()).toEqual([first.id, second.id].sort());
      for (const item of items) {
        expect(Object.keys(item).sort()).toEqual(['created_at', 'expired', 'expires_at', 'id', 'revoked']);
        expect(item).toMatchObject({ revoked: false, expired: false });
      }
      expect(response.body).not.toContain(first.token);
      expect(json(await list(collaborator, wf.id)).items.map((i: { id: string }) => i.id)).toEqual([
        theirs.id,
      ]);
    });

    it('keeps expired and revoked tokens in the list, flagged', async () => {
      const wf = await createWorkflow(t.app, owner.headers, greeter());
      const live = await issue(owner, wf.id);
      const revoked = await issue(owner, wf.id);
      expect((await revoke(owner, wf.id, revoked.id)).statusCode).toBe(204);
      const [expired] = await t.database.db
        .insert(executionTokens)
        .values({
          workflowId: wf.id,
          userId: owner.userId,
          createdAt: new Date(Date.now() - 7200_000),
          expiresAt: new Date(Date.now() - 3600_000),
        })
        .returning();

      const items: { id: string; revoked: boolean; expired: boolean }[] = json(
        await list(owner, wf.id),
      ).items;
      const byId = new Map(items.map((item) => [item.id, item]));
      expect(items).toHaveLength(3);
      expect(byId.get(live.id)).toMatchObject({ revoked: false, expired: false });
      expect(byId.get(revoked.id)).toMatchObject({ revoked: true, expired: false });
      expect(byId.get(expired!.id)).toMatchObject({ revoked: false, expired: true });
    });

    it('answers 401 anonymous and 404 for a workflow the caller may not see', async () => {
      const wf = await createWorkflow(t.app, owner.headers, greeter());
      expectProblem(await list(null, wf.id), 401, 'unauthorized');
      expectProblem(await list(stranger, wf.id), 404, 'not_found');
      expectProblem(await list(owner, randomUUID()), 404, 'not_found');
    });
  });

  describe('revoking', () => {
    it('is immediate and irreversible: the next request with the token is 401', async () => {
      const wf = await createWorkflow(t.app, owner.headers, greeter(), { auth_type: 'jwt' });
      const token = await issue(owner, wf.id);
      expect((await runWith(wf.id, token.token)).statusCode).toBe(200);
      const revoked = await revoke(owner, wf.id, token.id);
      expect(revoked.statusCode).toBe(204);
      expect(revoked.body).toBe('');
      const refused = await runWith(wf.id, token.token);
      expectProblem(refused, 401, 'invalid_token');
      expect(refused.headers['www-authenticate']).toBe('Bearer realm="skein", error="invalid_token"');
      // Revoking again changes nothing; there is no way back.
      expect((await revoke(owner, wf.id, token.id)).statusCode).toBe(204);
      expectProblem(await runWith(wf.id, token.token), 401, 'invalid_token');
    });

    it("does not touch the issuing user's session", async () => {
      const wf = await createWorkflow(t.app, owner.headers, greeter(), { auth_type: 'jwt' });
      const token = await issue(owner, wf.id);
      expect((await revoke(owner, wf.id, token.id)).statusCode).toBe(204);
      expect((await t.app.inject({ url: '/api/auth/me', headers: owner.headers })).statusCode).toBe(200);
      const run = await execute(t.app, wf.id, { payload: { name: 'x' }, headers: owner.headers });
      expect(run.statusCode).toBe(200);
    });

    it("answers 404 for someone else's token, a token of another workflow, or an unknown id", async () => {
      const wf = await createWorkflow(t.app, owner.headers, greeter(), { auth_type: 'jwt' });
      const other = await createWorkflow(t.app, owner.headers, greeter());
      await share(wf.id, collaborator);
      const token = await issue(owner, wf.id);
      expectProblem(await revoke(collaborator, wf.id, token.id), 404, 'not_found');
      expectProblem(await revoke(stranger, wf.id, token.id), 404, 'not_found');
      expectProblem(await revoke(owner, other.id, token.id), 404, 'not_found');
      expectProblem(await revoke(owner, wf.id, randomUUID()), 404, 'not_found');
      expectProblem(await revoke(null, wf.id, token.id), 401, 'unauthorized');
      // Still alive.
      expect((await runWith(wf.id, token.token)).statusCode).toBe(200);
    });

    it('an execution token cannot revoke itself (it is not a session)', async () => {
      const wf = await createWorkflow(t.app, owner.headers, greeter(), { auth_type: 'jwt' });
      const token = await issue(owner, wf.id);
      const response = await t.app.inject({
        method: 'DELETE',
        url: `${tokensUrl(wf.id)}/${token.id}`,
        headers: bearer(token.token),
      });
      expectProblem(response, 401, 'invalid_token');
      expect((await runWith(wf.id, token.token)).statusCode).toBe(200);
    });
  });

  describe('using a token', () => {
    it('a token run is attributed to its creator in history, on jwt and anonymous workflows', async () => {
      for (const auth_type of ['jwt', 'anonymous']) {
        const wf = await createWorkflow(t.app, owner.headers, greeter(), { auth_type });
        await share(wf.id, collaborator);
        for (const user of [owner, collaborator]) {
          const token = await issue(user, wf.id);
          const response = await runWith(wf.id, token.token);
          expect(response.statusCode, response.body).toBe(200);
          const body = json(response);
          expect(body).toMatchObject({ status: 'success', outputs: { result: 'Hello Token' } });
          const row = await getExecution(t.app, owner.headers, body.execution_id);
          expect(row).toMatchObject({ user_id: user.userId, test_run: false, trigger_source: 'API' });
        }
      }
    });

    it('is refused as a session token on the session routes', async () => {
      const wf = await createWorkflow(t.app, owner.headers, greeter());
      const token = await issue(owner, wf.id);
      for (const url of ['/api/auth/me', `/api/workflows/${wf.id}`, '/api/workflows']) {
        const response = await t.app.inject({ url, headers: bearer(token.token) });
        expectProblem(response, 401, 'invalid_token');
      }
      const cookie = await t.app.inject({
        url: '/api/auth/me',
        headers: { cookie: `access_token=${token.token}` },
      });
      expectProblem(cookie, 401, 'invalid_token');
    });

    it('dies with its creator’s access: unshared, the token is 401; shared again, it works again', async () => {
      const wf = await createWorkflow(t.app, owner.headers, greeter(), { auth_type: 'jwt' });
      await share(wf.id, collaborator);
      const token = await issue(collaborator, wf.id);
      expect((await runWith(wf.id, token.token)).statusCode).toBe(200);

      await unshare(wf.id, collaborator);
      expectProblem(await runWith(wf.id, token.token), 401, 'invalid_token');
      expectProblem(await list(collaborator, wf.id), 404, 'not_found');
      expectProblem(await create(collaborator, wf.id, { ttl_seconds: 60 }), 404, 'not_found');

      await share(wf.id, collaborator);
      expect((await runWith(wf.id, token.token)).statusCode).toBe(200);
      // Its creator may always revoke it, with or without access.
      await unshare(wf.id, collaborator);
      expect((await revoke(collaborator, wf.id, token.id)).statusCode).toBe(204);
      await share(wf.id, collaborator);
      expectProblem(await runWith(wf.id, token.token), 401, 'invalid_token');
    });

    it('goes with its workflow: a deleted workflow answers 404 and leaves no token behind', async () => {
      const wf = await createWorkflow(t.app, owner.headers, greeter(), { auth_type: 'jwt' });
      const token = await issue(owner, wf.id);
      const deleted = await t.app.inject({
        method: 'DELETE',
        url: `/api/workflows/${wf.id}`,
        headers: owner.headers,
      });
      expect(deleted.statusCode).toBe(204);
      expectProblem(await runWith(wf.id, token.token), 404, 'not_found');
      const rows = await t.database.db.select().from(executionTokens);
      expect(rows.find((row) => row.id === token.id)).toBeUndefined();
    });
  });
});
