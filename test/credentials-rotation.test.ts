/**
 * ENCRYPTION_KEY rotation: all rows or none, on every backend; and the `skein rotate-encryption-key`
 * command against a PGlite data directory (secrets.json rewritten, or instructions for the env key).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rotateEncryptionKeyCommand } from '../src/cli/rotate-encryption-key.js';
import { createFernet, FernetError } from '../src/services/credentials/fernet.js';
import { rotateEncryptionKey, RotationError } from '../src/services/credentials/key-rotation.js';
import { createValueCipher } from '../src/services/credentials/value-cipher.js';
import { openDatabase } from '../src/store/database.js';
import { credentials, users } from '../src/store/schema.js';
import { backendMatrix, createTestApp, json, type TestApp } from './support/app.js';
import { register, type Registered } from './support/auth.js';

const matrix = await backendMatrix();
const fernetKey = () => randomBytes(32).toString('base64').replace(/\+/g, '-').replace(/\//g, '_');

describe.each(matrix)('key rotation on $name', ({ db, store }) => {
  let t: TestApp;
  let alice: Registered;
  const ids: string[] = [];

  const rows = () => t.database.db.select().from(credentials).orderBy(asc(credentials.id));

  beforeAll(async () => {
    t = await createTestApp({ db, store });
    alice = await register(t.app, 'alice@example.com');
    for (const [index, token] of [
      'rotate-token-one-01',
      'rotate-token-two-02',
      'rotate-token-three3',
    ].entries()) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/credentials',
        headers: alice.headers,
        payload: { name: `rotate-${index}`, type: 'bearer', values: { token } },
      });
      ids.push(json(response).id);
    }
  });
  afterAll(() => t.close());

  it('changes nothing when a failure is injected halfway', async () => {
    const before = await rows();
    await expect(
      rotateEncryptionKey(t.database.db, t.config.encryptionKey, fernetKey(), { failAfter: 2 }),
    ).rejects.toThrow(/injected failure after 2 rows/);
    expect(await rows()).toEqual(before);
    const old = createValueCipher(t.config.encryptionKey);
    for (const row of await rows()) expect(old.open(row.encryptedValues)).toHaveProperty('token');
  });

  it('changes nothing when any row does not decrypt with the current key', async () => {
    const [stray] = await t.database.db
      .insert(credentials)
      .values({
        ownerId: alice.userId,
        name: 'stray',
        type: 'bearer',
        encryptedValues: createValueCipher('a-different-key-0123456789').seal({ token: 'stray' }),
      })
      .returning();
    const before = await rows();
    const failure = await rotateEncryptionKey(t.database.db, t.config.encryptionKey, fernetKey()).catch(
      (e) => e,
    );
    expect(failure).toBeInstanceOf(RotationError);
    expect(failure.credentialIds).toEqual([stray!.id]);
    expect(await rows()).toEqual(before);
    await t.database.db.delete(credentials).where(eq(credentials.id, stray!.id));
  });

  it('refuses the same key', async () => {
    await expect(
      rotateEncryptionKey(t.database.db, t.config.encryptionKey, t.config.encryptionKey),
    ).rejects.toThrow(RotationError);
  });

  it('re-encrypts every row under the new key; an app on the new key reads them', async () => {
    const newKey = fernetKey();
    const old = createValueCipher(t.config.encryptionKey);
    const before = new Map((await rows()).map((row) => [row.id, old.open(row.encryptedValues)]));
    expect(await rotateEncryptionKey(t.database.db, t.config.encryptionKey, newKey)).toEqual({ rotated: 3 });

    // A Fernet-format key is used as is: any Fernet implementation with that key reads the rows.
    const direct = createFernet(newKey);
    for (const row of await rows()) {
      expect(JSON.parse(direct.decrypt(row.encryptedValues).toString())).toEqual(before.get(row.id));
      expect(() => old.open(row.encryptedValues)).toThrow(FernetError);
    }

    const rotated = await createTestApp({ database: t.database, store, env: { ENCRYPTION_KEY: newKey } });
    try {
      const response = await rotated.app.inject({
        url: `/api/credentials/${ids[0]}`,
        headers: alice.headers,
      });
      expect(json(response).masked).toEqual({ token: 'rotate-**' });
    } finally {
      await rotated.close();
    }
  });
});

describe('skein rotate-encryption-key', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  function capture() {
    const out: string[] = [];
    const err: string[] = [];
    return { io: { out: (line: string) => out.push(line), err: (line: string) => err.push(line) }, out, err };
  }

  /** A data dir with one user and one credential sealed with `key`. */
  async function seededDataDir(key: string, extraRows: string[] = []) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'skein-cli-'));
    dirs.push(dataDir);
    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
    const [user] = await database.db
      .insert(users)
      .values({ email: 'cli@example.com', passwordHash: 'x' })
      .returning();
    await database.db.insert(credentials).values({
      ownerId: user!.id,
      name: 'cli',
      type: 'bearer',
      encryptedValues: createValueCipher(key).seal({ token: 'cli-token-0123456' }),
    });
    for (const [index, token] of extraRows.entries())
      await database.db
        .insert(credentials)
        .values({ ownerId: user!.id, name: `extra-${index}`, type: 'bearer', encryptedValues: token });
    await database.close();
    return dataDir;
  }

  async function storedTokens(dataDir: string) {
    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
    try {
      return (await database.db.select().from(credentials)).map((row) => row.encryptedValues);
    } finally {
      await database.close();
    }
  }

  it('rotates a key kept in secrets.json and rewrites that file (mode 0600)', async () => {
    const oldKey = randomBytes(32).toString('base64url');
    const dataDir = await seededDataDir(oldKey);
    const file = path.join(dataDir, 'secrets.json');
    fs.writeFileSync(
      file,
      JSON.stringify({ SECRET_KEY: 'kept-secret-key-0123456789', ENCRYPTION_KEY: oldKey }),
      {
        mode: 0o644,
      },
    );
    const newKey = fernetKey();
    const { io, out, err } = capture();
    expect(await rotateEncryptionKeyCommand(['--new-key', newKey], { DATA_DIR: dataDir }, io)).toBe(0);
    expect(err).toEqual([]);
    expect(out.join('\n')).toMatch(/Re-encrypted 1 credential with the new key/);
    expect(out.join('\n')).toContain(file);
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual({
      SECRET_KEY: 'kept-secret-key-0123456789',
      ENCRYPTION_KEY: newKey,
    });
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(dataDir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    const [token] = await storedTokens(dataDir);
    expect(createValueCipher(newKey).open(token!)).toEqual({ token: 'cli-token-0123456' });
  });

  it('rotates an environment key from NEW_ENCRYPTION_KEY and says to update ENCRYPTION_KEY', async () => {
    const oldKey = 'environment-key-0123456789';
    const dataDir = await seededDataDir(oldKey);
    const newKey = 'the-next-environment-key-0123';
    const { io, out } = capture();
    const env = { DATA_DIR: dataDir, SECRET_KEY: 'secret-key-0123456789abcdef', ENCRYPTION_KEY: oldKey };
    expect(await rotateEncryptionKeyCommand([], { ...env, NEW_ENCRYPTION_KEY: newKey }, io)).toBe(0);
    expect(out.join('\n')).toMatch(/set ENCRYPTION_KEY to the new key/);
    expect(out.join('\n')).not.toContain(newKey);
    expect(fs.existsSync(path.join(dataDir, 'secrets.json'))).toBe(false);
    const [token] = await storedTokens(dataDir);
    expect(createValueCipher(newKey).open(token!)).toEqual({ token: 'cli-token-0123456' });
  });

  it('changes nothing when a row does not decrypt, and refuses weak or missing keys', async () => {
    const oldKey = 'environment-key-0123456789';
    const stray = createValueCipher('another-key-0123456789').seal({ token: 'x' });
    const dataDir = await seededDataDir(oldKey, [stray]);
    const before = await storedTokens(dataDir);
    const env = { DATA_DIR: dataDir, SECRET_KEY: 'secret-key-0123456789abcdef', ENCRYPTION_KEY: oldKey };

    const failed = capture();
    expect(await rotateEncryptionKeyCommand(['--new-key=fresh-key-0123456789abc'], env, failed.io)).toBe(1);
    expect(failed.err.join('\n')).toMatch(
      /1 of 2 credentials do not decrypt with the current key; nothing was changed/,
    );
    expect(await storedTokens(dataDir)).toEqual(before);

    for (const [args, code, message] of [
      [['--new-key', 'short'], 1, /too short/],
      [['--new-key', 'your-encryption-key'], 1, /placeholder/],
      [[], 2, /no new key/],
      [['--new-key'], 2, /needs a value/],
      [['--bogus'], 2, /unknown argument/],
    ] as const) {
      const run = capture();
      expect(await rotateEncryptionKeyCommand([...args], env, run.io)).toBe(code);
      expect(run.err.join('\n')).toMatch(message);
    }
    expect(await storedTokens(dataDir)).toEqual(before);
  });
});
