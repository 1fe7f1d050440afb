import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from './support/app.js';
import { register } from './support/auth.js';

describe('forged and broken access tokens are refused with 401', () => {
  let t: TestApp;
  let userId: string;
  let secret: Uint8Array;
  let valid: string;
  beforeAll(async () => {
    t = await createTestApp();
    secret = new TextEncoder().encode(t.config.secretKey);
    const session = await register(t.app, 'jwt@example.com');
    userId = session.userId;
    valid = session.accessToken;
  });
  afterAll(() => t.close());

  const me = (token: string) =>
    t.app.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
  const sign = (claims: Record<string, unknown>, alg = 'HS256', key: Uint8Array = secret) => {
    let jwt = new SignJWT({ typ: 'access', sid: crypto.randomUUID(), ...claims })
      .setProtectedHeader({ alg })
      .setIssuedAt();
    if (!('sub' in claims)) jwt = jwt.setSubject(userId);
    if (!('exp' in claims)) jwt = jwt.setExpirationTime('5m');
    return jwt.sign(key);
  };

  it('accepts the genuine token (control)', async () => {
    expect((await me(valid)).statusCode).toBe(200);
  });

  it.each([
    ['signed with HS512', () => sign({}, 'HS512', new Uint8Array(64).fill(1))],
    ['HS512 with the real secret', () => sign({}, 'HS512', new TextEncoder().encode('x'.repeat(64)))],
    [
      'signed with another secret',
      () => sign({}, 'HS256', new TextEncoder().encode('not-the-secret-at-all-0123456789')),
    ],
    [
      'alg none',
      async () => new UnsecuredJWT({ typ: 'access', sid: 's', sub: userId }).setExpirationTime('5m').encode(),
    ],
    ['expired', () => sign({ exp: Math.floor(Date.now() / 1000) - 10 })],
    [
      'without sid',
      async () =>
        new SignJWT({ typ: 'access', sub: userId })
          .setProtectedHeader({ alg: 'HS256' })
          .setIssuedAt()
          .setExpirationTime('5m')
          .sign(secret),
    ],
    ['without typ access', () => sign({ typ: 'refresh' })],
    [
      'an execution-token shape',
      () => sign({ typ: undefined, scope: 'workflow:execute', wid: crypto.randomUUID() }),
    ],
    [
      'without exp',
      async () =>
        new SignJWT({ typ: 'access', sid: 's', sub: userId })
          .setProtectedHeader({ alg: 'HS256' })
          .setIssuedAt()
          .sign(secret),
    ],
    ['with a numeric sub', () => sign({ sub: 42 })],
  ])('%s', async (_name, make) => {
    const response = await me(await make());
    expect(response.statusCode).toBe(401);
    expect(json(response).code).toBe('invalid_token');
  });

  it('a tampered payload', async () => {
    const [header, payload, signature] = valid.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    claims.sub = crypto.randomUUID();
    const forged = [header, Buffer.from(JSON.stringify(claims)).toString('base64url'), signature].join('.');
    expect((await me(forged)).statusCode).toBe(401);
  });

  it.each(['', 'garbage', 'a.b.c', 'Bearer', '\u0000\u0001', 'é'.repeat(5000), '.'.repeat(100)])(
    'junk token %#',
    async (token) => {
      const response = await t.app.inject({
        url: '/api/auth/me',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.statusCode).toBe(401);
    },
  );

  it('a valid token of a deleted account', async () => {
    const ghost = await sign({ sub: crypto.randomUUID() });
    const response = await me(ghost);
    expect(response.statusCode).toBe(401);
  });
});
