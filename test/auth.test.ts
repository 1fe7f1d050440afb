import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backendMatrix, createTestApp, json, type TestApp } from './support/app.js';
import { cookieHeader, register, setCookies } from './support/auth.js';

const matrix = await backendMatrix();

describe.each(matrix)('accounts and sessions on $name', ({ db, store }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ db, store });
  });
  afterAll(() => t.close());

  it('registers with 201, the design body and both cookies', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'Ada@Example.com', password: 'Sup3rSecret', name: 'Ada' },
    });
    expect(response.statusCode).toBe(201);
    const body = json(response);
    expect(body.user).toEqual({ id: expect.any(String), email: 'ada@example.com', name: 'Ada' });
    expect(body.token_type).toBe('bearer');
    expect(body.expires_in).toBeGreaterThan(0);
    expect(body).not.toHaveProperty('password_hash');
    const cookies = setCookies(response);
    expect(cookies.access_token?.attributes).toMatch(/HttpOnly/);
    expect(cookies.access_token?.attributes).toMatch(/SameSite=Lax/);
    expect(cookies.access_token?.attributes).toMatch(/Path=\//);
    expect(cookies.refresh_token?.attributes).toMatch(/HttpOnly/);
    expect(cookies.refresh_token?.attributes).toMatch(/SameSite=Strict/);
    expect(cookies.refresh_token?.attributes).toMatch(/Path=\/api\/auth\/refresh/);
  });

  it('stores an argon2id hash, never the password', async () => {
    await register(t.app, 'hash@example.com');
    const user = await t.database.db.query.users.findFirst({
      where: (u, { eq }) => eq(u.email, 'hash@example.com'),
    });
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(user?.passwordHash).not.toContain('Sup3rSecret');
  });

  it('answers 409 for a duplicate email, case-insensitively', async () => {
    await register(t.app, 'dup@example.com');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'DUP@example.com', password: 'Sup3rSecret' },
    });
    expect(response.statusCode).toBe(409);
    expect(json(response).code).toBe('email_taken');
  });

  it('lists every broken password rule with 422 and writes no row', async () => {
    const before = await t.database.db.query.users.findMany();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'weak@example.com', password: 'abc' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.headers['content-type']).toMatch(/application\/problem\+json/);
    const body = json(response);
    expect(body.code).toBe('weak_password');
    expect(body.errors.map((e: { message: string }) => e.message)).toEqual([
      'must be at least 8 characters long',
      'must contain an uppercase letter (A-Z)',
      'must contain a digit (0-9)',
    ]);
    const after = await t.database.db.query.users.findMany();
    expect(after.length).toBe(before.length);
    expect(after.some((u) => u.email === 'weak@example.com')).toBe(false);
  });

  it('logs in, and me answers by bearer and by cookie', async () => {
    await register(t.app, 'login@example.com');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'login@example.com', password: 'Sup3rSecret' },
    });
    expect(login.statusCode).toBe(200);
    const token = json(login).access_token as string;
    const byBearer = await t.app.inject({
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(byBearer.statusCode).toBe(200);
    expect(json(byBearer)).toEqual({ id: json(login).user.id, email: 'login@example.com', name: '' });
    const byCookie = await t.app.inject({
      url: '/api/auth/me',
      headers: { cookie: cookieHeader(login, 'access_token') },
    });
    expect(byCookie.statusCode).toBe(200);
  });

  it('refuses a wrong password and an unknown account alike', async () => {
    await register(t.app, 'wrong@example.com');
    for (const payload of [
      { email: 'wrong@example.com', password: 'Wrong1234' },
      { email: 'nobody@example.com', password: 'Sup3rSecret' },
    ]) {
      const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload });
      expect(response.statusCode).toBe(401);
      expect(json(response).code).toBe('invalid_credentials');
    }
  });

  it('rotates refresh tokens; a replay answers 401 and revokes the whole family', async () => {
    const first = await register(t.app, 'rotate@example.com');
    const r1 = cookieHeader(first.response, 'refresh_token');
    const second = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie: r1 } });
    expect(second.statusCode).toBe(200);
    const r2 = cookieHeader(second, 'refresh_token');
    expect(r2).not.toBe(r1);
    const access2 = json(second).access_token as string;
    expect(
      (await t.app.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${access2}` } }))
        .statusCode,
    ).toBe(200);

    const replay = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie: r1 } });
    expect(replay.statusCode).toBe(401);
    expect(json(replay).code).toBe('refresh_token_reused');

    // The thief's replay killed the family: the legitimate successor and its access token are dead.
    const afterReplay = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { cookie: r2 },
    });
    expect(afterReplay.statusCode).toBe(401);
    expect(
      (await t.app.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${access2}` } }))
        .statusCode,
    ).toBe(401);
  });

  it('accepts the refresh token in the body too', async () => {
    const first = await register(t.app, 'bodyrefresh@example.com');
    const token = setCookies(first.response).refresh_token!.value;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refresh_token: token },
    });
    expect(response.statusCode).toBe(200);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refresh_token: 'nope' },
    });
    expect(unknown.statusCode).toBe(401);
    const none = await t.app.inject({ method: 'POST', url: '/api/auth/refresh' });
    expect(none.statusCode).toBe(401);
  });

  it('logout revokes the session: refresh and the access token are refused, cookies cleared', async () => {
    const session = await register(t.app, 'logout@example.com');
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${session.accessToken}` },
    });
    expect(logout.statusCode).toBe(204);
    const cleared = setCookies(logout);
    expect(cleared.access_token?.value).toBe('');
    expect(cleared.refresh_token?.value).toBe('');
    const me = await t.app.inject({
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${session.accessToken}` },
    });
    expect(me.statusCode).toBe(401);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { cookie: cookieHeader(session.response, 'refresh_token') },
    });
    expect(refresh.statusCode).toBe(401);
  });

  it('answers 401 problem+json with WWW-Authenticate when no token is given', async () => {
    const response = await t.app.inject({ url: '/api/auth/me' });
    expect(response.statusCode).toBe(401);
    expect(response.headers['www-authenticate']).toBe('Bearer');
    expect(json(response).code).toBe('unauthorized');
  });
});
