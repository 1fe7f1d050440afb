import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, json } from './support/app.js';
import { hasRedis } from './support/services.js';

const login = (app: FastifyInstance, ip: string, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: 'x@y.z', password: 'Whatever1' },
    remoteAddress: ip,
    headers,
  });

const redis = await hasRedis();

describe('abuse limits per client IP (spec 8.2)', () => {
  const apps: { close(): Promise<void> }[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
  });

  it('login: 10 per minute, then 429 with Retry-After for the 15-minute ban', async () => {
    const t = await createTestApp();
    apps.push(t);
    for (let i = 0; i < 10; i++) expect((await login(t.app, '192.0.2.1')).statusCode).toBe(401);
    const banned = await login(t.app, '192.0.2.1');
    expect(banned.statusCode).toBe(429);
    expect(json(banned).code).toBe('rate_limited');
    const retryAfter = Number(banned.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // Another address is unaffected.
    expect((await login(t.app, '192.0.2.2')).statusCode).toBe(401);
  });

  it('register: 5 per minute, then a 10-minute ban', async () => {
    const t = await createTestApp();
    apps.push(t);
    for (let i = 0; i < 5; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { email: `r${i}@example.com`, password: 'Sup3rSecret' },
        remoteAddress: '198.51.100.7',
      });
      expect(response.statusCode).toBe(201);
    }
    const sixth = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'r6@example.com', password: 'Sup3rSecret' },
      remoteAddress: '198.51.100.7',
    });
    expect(sixth.statusCode).toBe(429);
    const retryAfter = Number(sixth.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(9 * 60);
    expect(retryAfter).toBeLessThanOrEqual(10 * 60);
  });

  it('X-Forwarded-For is ignored without TRUST_PROXY', async () => {
    const t = await createTestApp();
    apps.push(t);
    for (let i = 0; i < 10; i++) {
      await login(t.app, '203.0.113.9', { 'x-forwarded-for': `10.1.1.${i}` });
    }
    expect((await login(t.app, '203.0.113.9', { 'x-forwarded-for': '10.9.9.9' })).statusCode).toBe(429);
  });

  it('X-Forwarded-For is honoured with TRUST_PROXY', async () => {
    const t = await createTestApp({ env: { TRUST_PROXY: 'true' } });
    apps.push(t);
    for (let i = 0; i < 10; i++) await login(t.app, '127.0.0.1', { 'x-forwarded-for': '10.2.2.2' });
    expect((await login(t.app, '127.0.0.1', { 'x-forwarded-for': '10.2.2.2' })).statusCode).toBe(429);
    expect((await login(t.app, '127.0.0.1', { 'x-forwarded-for': '10.3.3.3' })).statusCode).toBe(401);
  });

  it.skipIf(!redis)('two app instances sharing Redis share the count', async () => {
    const prefix = `skein-test:${randomBytes(6).toString('hex')}:`;
    const a = await createTestApp({ store: 'redis', storePrefix: prefix });
    const b = await createTestApp({ store: 'redis', storePrefix: prefix });
    apps.push(a, b);
    for (let i = 0; i < 5; i++) await login(a.app, '192.0.2.50');
    for (let i = 0; i < 5; i++) await login(b.app, '192.0.2.50');
    expect((await login(a.app, '192.0.2.50')).statusCode).toBe(429);
    expect((await login(b.app, '192.0.2.50')).statusCode).toBe(429);
    await a.store.delPrefix('');
  });

  it('two in-process instances do not share a count (the memory store is per worker)', async () => {
    const a = await createTestApp();
    const b = await createTestApp();
    apps.push(a, b);
    for (let i = 0; i < 10; i++) await login(a.app, '192.0.2.60');
    expect((await login(a.app, '192.0.2.60')).statusCode).toBe(429);
    expect((await login(b.app, '192.0.2.60')).statusCode).toBe(401);
  });
});
