/** Attack inputs on the auth endpoints never produce a 500, a stack trace or a partial row. */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.js';
import { randomIp } from './support/auth.js';

const hostileString = fc.oneof(
  fc.string({ maxLength: 300 }),
  fc.string({ unit: 'grapheme', maxLength: 100 }),
  fc.string({ unit: 'binary', maxLength: 100 }),
  fc.constantFrom(
    "' OR 1=1 --",
    "admin'--",
    '"; DROP TABLE users; --',
    'a@b.c\u0000',
    '\u202eevil@example.com',
    'ＡＢＣ@ｅｘａｍｐｌｅ.com',
    'x'.repeat(5000),
    '__proto__',
    '{"$gt": ""}',
    '%00',
    '\ud800',
  ),
);
const hostileValue = fc.oneof(
  hostileString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(hostileString, { maxLength: 3 }),
  fc.dictionary(hostileString, hostileString, { maxKeys: 3 }),
);
const hostileBody = fc.oneof(
  fc.record({ email: hostileValue, password: hostileValue, name: hostileValue }, { requiredKeys: [] }),
  fc.dictionary(hostileString, hostileValue, { maxKeys: 5 }),
  fc.constantFrom(
    { __proto__: { admin: true } },
    JSON.parse('{"__proto__": {"polluted": 1}, "email": "p@x.io"}'),
  ),
  hostileValue,
);

describe('auth endpoints under hostile input', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const endpoints = ['/api/auth/register', '/api/auth/login', '/api/auth/refresh'];

  it('JSON bodies of any shape', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...endpoints), hostileBody, async (url, body) => {
        const response = await t.app.inject({
          method: 'POST',
          url,
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify(body) ?? 'null',
          remoteAddress: randomIp(),
        });
        expect(response.statusCode).toBeGreaterThanOrEqual(200);
        expect(response.statusCode).toBeLessThan(500);
        expect(response.body).not.toMatch(/at .+\.(ts|js):\d+|node_modules/);
      }),
      { numRuns: 150 },
    );
  });

  it('raw bytes with any content type', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...endpoints),
        fc.uint8Array({ maxLength: 400 }),
        fc.constantFrom(
          'application/json',
          'text/plain',
          'application/json; charset=utf-16',
          'multipart/form-data',
          '',
        ),
        async (url, bytes, contentType) => {
          const response = await t.app.inject({
            method: 'POST',
            url,
            headers: contentType ? { 'content-type': contentType } : {},
            payload: Buffer.from(bytes),
            remoteAddress: randomIp(),
          });
          expect(response.statusCode).toBeLessThan(500);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('no half-written rows: every user row is complete and valid', async () => {
    const rows = await t.database.db.query.users.findMany();
    for (const row of rows) {
      expect(row.passwordHash).toMatch(/^\$argon2id\$/);
      expect(row.email).toContain('@');
    }
    const tokens = await t.database.db.query.refreshTokens.findMany();
    const ids = new Set(rows.map((r) => r.id));
    expect(tokens.every((token) => ids.has(token.userId))).toBe(true);
  });
});
