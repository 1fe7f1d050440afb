/** Credential CRUD over HTTP (design 9, 10; spec 2.7) on every backend: masking, validation, PATCH rules, at-rest encryption. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREDENTIAL_TYPE_NAMES, CREDENTIAL_TYPES } from '../src/services/credentials/credential-types.js';
import { maskSecret } from '../src/services/credentials/credential-values.js';
import {
  INVALID_VALUES,
  secretsOf,
  VALID_VALUES,
} from '../src/services/credentials/test-support/type-examples.js';
import { createValueCipher } from '../src/services/credentials/value-cipher.js';
import { credentials } from '../src/store/schema.js';
import { backendMatrix, createTestApp, json, type TestApp } from './support/app.js';
import { register, type Registered } from './support/auth.js';
import { expectProblem } from './support/workflow-api.js';

const RECORD_KEYS = [
  'created_at',
  'id',
  'masked',
  'name',
  'owner_id',
  'shared_with',
  'team_shared_with',
  'type',
  'updated_at',
  'values',
];

const matrix = await backendMatrix();

describe.each(matrix)('credentials on $name', ({ db, store }) => {
  let t: TestApp;
  let alice: Registered;
  let bob: Registered;
  /** Every response body of the session, scanned for secrets at the end. */
  const bodies: string[] = [];
  const secrets = new Set<string>();
  let counter = 0;
  const unique = (prefix: string) => `${prefix}-${++counter}`;

  beforeAll(async () => {
    t = await createTestApp({ db, store });
    alice = await register(t.app, 'alice@example.com');
    bob = await register(t.app, 'bob@example.com');
  });
  afterAll(() => t.close());

  async function call(user: Registered | null, method: string, url: string, payload?: unknown) {
    const response = await t.app.inject({
      method: method as 'GET',
      url,
      headers: user ? user.headers : {},
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
    bodies.push(response.body);
    return response;
  }

  async function create(
    user: Registered,
    type: string,
    values: Record<string, unknown>,
    name = unique(type),
  ) {
    for (const secret of secretsOf(values, CREDENTIAL_TYPES[type as 'bearer']?.secrets ?? []))
      secrets.add(secret);
    const response = await call(user, 'POST', '/api/credentials', { name, type, values });
    expect(response.statusCode, response.body).toBe(201);
    return json(response);
  }

  describe('CRUD', () => {
    it('creates with 201: non-secret fields in values, secrets only masked', async () => {
      const record = await create(alice, 'imap', VALID_VALUES.imap, '  Mailbox  ');
      expect(Object.keys(record).sort()).toEqual(RECORD_KEYS);
      expect(record).toMatchObject({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        name: 'Mailbox',
        type: 'imap',
        owner_id: alice.userId,
        values: {
          host: 'imap.example.com',
          port: 993,
          secure: true,
          username: 'me@example.com',
          mailbox: 'INBOX',
        },
        masked: { password: 'imap-pa**' },
        shared_with: [],
        team_shared_with: [],
      });
      expect(record.updated_at).toBe(record.created_at);
      const read = await call(alice, 'GET', `/api/credentials/${record.id}`);
      expect(json(read)).toEqual(record);
    });

    it.each(CREDENTIAL_TYPE_NAMES.filter((type) => type !== 'model_router'))(
      'stores a valid %s and reads it back masked',
      async (type) => {
        const definition = CREDENTIAL_TYPES[type];
        const record = await create(alice, type, VALID_VALUES[type]);
        const expectedValues: Record<string, unknown> = {};
        const expectedMasked: Record<string, string> = {};
        for (const [field, value] of Object.entries(VALID_VALUES[type])) {
          if (definition.secrets.includes(field)) expectedMasked[field] = maskSecret(value as string);
          else expectedValues[field] = value;
        }
        expect(record.values).toEqual(expectedValues);
        expect(record.masked).toEqual(expectedMasked);
      },
    );

    it.each(INVALID_VALUES.filter(([type]) => type !== 'model_router'))(
      'refuses %s %j with one error per field',
      async (type, values, paths) => {
        const response = await call(alice, 'POST', '/api/credentials', { name: unique('bad'), type, values });
        const problem = expectProblem(response, 422, 'validation_failed');
        expect(problem.errors.map((error: { path: string }) => error.path).sort()).toEqual([...paths].sort());
      },
    );

    it('refuses an unknown type, a missing name and missing values', async () => {
      const bad = await call(alice, 'POST', '/api/credentials', { name: 'x', type: 'ftp', values: {} });
      expect(expectProblem(bad, 422, 'validation_failed').errors).toEqual([
        { path: 'body/type', message: expect.any(String) },
      ]);
      const missing = await call(alice, 'POST', '/api/credentials', { type: 'bearer' });
      const paths = expectProblem(missing, 422, 'validation_failed').errors.map(
        (e: { path: string }) => e.path,
      );
      expect(paths.sort()).toEqual(['body/name', 'body/values']);
    });

    it("lists the caller's credentials, most recently updated first", async () => {
      const carol = await register(t.app, 'carol@example.com');
      const first = await create(carol, 'bearer', { token: 'carol-token-first-01' }, 'first');
      const second = await create(carol, 'bearer', { token: 'carol-token-second-1' }, 'second');
      await create(bob, 'bearer', { token: 'bob-token-not-carols' }, 'bob-only');
      expect(
        (await call(carol, 'PATCH', `/api/credentials/${first.id}`, { name: 'first!' })).statusCode,
      ).toBe(200);
      const list = json(await call(carol, 'GET', '/api/credentials'));
      expect(Object.keys(list)).toEqual(['items']);
      expect(list.items.map((item: { id: string }) => item.id)).toEqual([first.id, second.id]);
      expect(list.items[0].masked).toEqual({ token: 'carol-t**' });
    });

    it('answers 409 for a name the owner already uses; other owners may reuse it', async () => {
      await create(alice, 'bearer', { token: 'dup-token-0123456' }, 'Duplicate');
      const again = await call(alice, 'POST', '/api/credentials', {
        name: 'Duplicate',
        type: 'sentry',
        values: { auth_token: 'dup-sentry-0123' },
      });
      expectProblem(again, 409, 'conflict');
      await create(bob, 'bearer', { token: 'dup-token-bob-0123' }, 'Duplicate');
      const other = await create(alice, 'bearer', { token: 'dup-token-other-01' }, 'Other');
      expectProblem(
        await call(alice, 'PATCH', `/api/credentials/${other.id}`, { name: 'Duplicate' }),
        409,
        'conflict',
      );
    });

    it('deletes with 204; the credential is gone', async () => {
      const record = await create(alice, 'bearer', { token: 'to-be-deleted-0123' });
      const deleted = await call(alice, 'DELETE', `/api/credentials/${record.id}`);
      expect(deleted.statusCode).toBe(204);
      expect(deleted.body).toBe('');
      expectProblem(await call(alice, 'GET', `/api/credentials/${record.id}`), 404, 'not_found');
      expectProblem(await call(alice, 'DELETE', `/api/credentials/${record.id}`), 404, 'not_found');
    });

    it("hides other users' credentials (404), malformed ids too, and refuses anonymous callers", async () => {
      const record = await create(alice, 'bearer', { token: 'alice-private-0123' });
      for (const [method, payload] of [
        ['GET', undefined],
        ['PATCH', { name: 'mine now' }],
        ['DELETE', undefined],
      ] as const) {
        expectProblem(await call(bob, method, `/api/credentials/${record.id}`, payload), 404, 'not_found');
      }
      expect(json(await call(bob, 'GET', '/api/credentials')).items.map((i: any) => i.id)).not.toContain(
        record.id,
      );
      expectProblem(await call(alice, 'GET', '/api/credentials/not-a-uuid'), 404, 'not_found');
      expectProblem(await call(null, 'GET', '/api/credentials'), 401, 'unauthorized');
      expectProblem(await call(null, 'POST', '/api/credentials', { name: 'x' }), 401, 'unauthorized');
    });
  });

  describe('PATCH', () => {
    it('merges values; an omitted, empty or masked secret keeps the stored one', async () => {
      const record = await create(alice, 'smtp', VALID_VALUES.smtp);
      await new Promise((resolve) => setTimeout(resolve, 5));
      const round = await call(alice, 'PATCH', `/api/credentials/${record.id}`, {
        ...record,
        values: { ...record.values, ...record.masked, port: 2525 },
      });
      expect(round.statusCode, round.body).toBe(200);
      const updated = json(round);
      expect(updated.values.port).toBe(2525);
      expect(updated.masked).toEqual({ password: 'smtp-pa**' });
      expect(Date.parse(updated.updated_at)).toBeGreaterThan(Date.parse(record.updated_at));
      expect(updated.created_at).toBe(record.created_at);
      for (const password of [undefined, '']) {
        const values = password === undefined ? { from: 'other@example.com' } : { password };
        expect((await call(alice, 'PATCH', `/api/credentials/${record.id}`, { values })).statusCode).toBe(
          200,
        );
      }
      expect(await storedValues(record.id)).toMatchObject({
        password: 'smtp-password-0123',
        from: 'other@example.com',
      });
    });

    it('replaces a secret with a new one', async () => {
      const record = await create(alice, 'bearer', { token: 'old-bearer-token-01' });
      secrets.add('new-bearer-token-02');
      const response = await call(alice, 'PATCH', `/api/credentials/${record.id}`, {
        values: { token: 'new-bearer-token-02' },
      });
      expect(json(response).masked).toEqual({ token: 'new-bea**' });
      expect(await storedValues(record.id)).toEqual({ token: 'new-bearer-token-02' });
    });

    it('keeps the code-hosting base_url when it is sent empty (spec 2.7)', async () => {
      const record = await create(alice, 'code_hosting', VALID_VALUES.code_hosting);
      const response = await call(alice, 'PATCH', `/api/credentials/${record.id}`, {
        values: { base_url: '', token: '' },
      });
      expect(json(response).values).toEqual({ base_url: 'https://git.example.com/api/v3' });
      expect(await storedValues(record.id)).toEqual(VALID_VALUES.code_hosting);
    });

    it('refuses a type change (422) but accepts the unchanged type', async () => {
      const record = await create(alice, 'bearer', { token: 'typed-token-0123' });
      const changed = await call(alice, 'PATCH', `/api/credentials/${record.id}`, { type: 'sentry' });
      expect(expectProblem(changed, 422, 'validation_failed').errors).toEqual([
        { path: 'body/type', message: expect.stringContaining('cannot be changed') },
      ]);
      const same = await call(alice, 'PATCH', `/api/credentials/${record.id}`, {
        type: 'bearer',
        name: 'Typed',
      });
      expect(json(same)).toMatchObject({ type: 'bearer', name: 'Typed' });
    });

    it('answers 422 at values/<field> and leaves the credential as it was', async () => {
      const record = await create(alice, 'imap', VALID_VALUES.imap);
      const response = await call(alice, 'PATCH', `/api/credentials/${record.id}`, {
        values: { port: 70000, password: null, extra: 1 },
      });
      const problem = expectProblem(response, 422, 'validation_failed');
      expect(problem.errors.map((e: { path: string }) => e.path).sort()).toEqual([
        'values/extra',
        'values/password',
        'values/port',
      ]);
      expect(await storedValues(record.id)).toEqual(VALID_VALUES.imap);
    });
  });

  describe('at rest', () => {
    it('stores one Fernet token per row that holds no plaintext value', async () => {
      const rows = await t.database.db.select().from(credentials);
      expect(rows.length).toBeGreaterThan(CREDENTIAL_TYPE_NAMES.length);
      const plaintexts = Object.values(VALID_VALUES)
        .flatMap((values) => Object.values(values))
        .filter((value): value is string => typeof value === 'string' && value.length > 3);
      const cipher = createValueCipher(t.config.encryptionKey);
      for (const row of rows) {
        expect(row.encryptedValues).toMatch(/^gAAAAA[A-Za-z0-9_-]+=*$/);
        const dump = JSON.stringify(row);
        for (const plain of [...plaintexts, ...secrets]) expect(dump).not.toContain(plain);
        expect(typeof cipher.open(row.encryptedValues)).toBe('object');
      }
    });

    it('a row that no longer decrypts reads without values and can be repaired by re-entering them', async () => {
      const record = await create(alice, 'bearer', { token: 'will-be-corrupted-01' });
      const { eq } = await import('drizzle-orm');
      await t.database.db
        .update(credentials)
        .set({ encryptedValues: createValueCipher('some-other-key-0123456789').seal({ token: 'x' }) })
        .where(eq(credentials.id, record.id));
      const read = json(await call(alice, 'GET', `/api/credentials/${record.id}`));
      expect(read).toMatchObject({ values: {}, masked: {} });
      expectProblem(
        await call(alice, 'PATCH', `/api/credentials/${record.id}`, { values: {} }),
        422,
        'validation_failed',
      );
      secrets.add('repaired-token-0123');
      const repaired = await call(alice, 'PATCH', `/api/credentials/${record.id}`, {
        values: { token: 'repaired-token-0123' },
      });
      expect(json(repaired).masked).toEqual({ token: 'repaire**' });
    });
  });

  it('never answered a secret in any response body of this session', () => {
    expect(bodies.length).toBeGreaterThan(50);
    expect(secrets.size).toBeGreaterThan(30);
    for (const body of bodies) for (const secret of secrets) expect(body).not.toContain(secret);
  });

  async function storedValues(id: string) {
    const { eq } = await import('drizzle-orm');
    const [row] = await t.database.db.select().from(credentials).where(eq(credentials.id, id));
    return createValueCipher(t.config.encryptionKey).open(row!.encryptedValues);
  }
});
