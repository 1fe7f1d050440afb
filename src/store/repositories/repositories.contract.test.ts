/** Every repository, run against PGlite and PostgreSQL by the same cases. */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type DatabaseKind, type TestDatabase } from '../../../test/support/databases.js';
import { hasPostgres } from '../../../test/support/services.js';
import { createRefreshTokenRepository } from './refresh-tokens.js';
import { createUserRepository } from './users.js';

const kinds: DatabaseKind[] = ['pglite'];
if (await hasPostgres()) kinds.push('postgres');

describe.each(kinds)('repositories on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.destroy());

  describe('users', () => {
    it('creates, finds by email and id, refuses a duplicate email', async () => {
      const users = createUserRepository(database.db);
      const created = await users.create({ email: 'a@example.com', name: 'A', passwordHash: 'h' });
      expect(created.ok).toBe(true);
      if (!created.ok) return;
      expect(await users.findByEmail('a@example.com')).toMatchObject({ id: created.user.id, name: 'A' });
      expect(await users.findById(created.user.id)).toMatchObject({ email: 'a@example.com' });
      expect(await users.create({ email: 'a@example.com', name: 'B', passwordHash: 'h' })).toEqual({
        ok: false,
        reason: 'email_taken',
      });
      expect(await users.findByEmail('missing@example.com')).toBeUndefined();
    });
  });

  describe('refresh tokens', () => {
    const future = () => new Date(Date.now() + 60_000);

    it('rotates once; the second use is a replay that revokes the family', async () => {
      const users = createUserRepository(database.db);
      const tokens = createRefreshTokenRepository(database.db);
      const user = await users.create({ email: `${randomUUID()}@x.io`, name: '', passwordHash: 'h' });
      if (!user.ok) throw new Error('user');
      const familyId = randomUUID();
      await tokens.insert({ userId: user.user.id, familyId, tokenHash: 'h1', expiresAt: future() });
      const rotated = await tokens.rotate('h1', { tokenHash: 'h2', expiresAt: future() }, new Date());
      expect(rotated.kind).toBe('rotated');
      const replay = await tokens.rotate('h1', { tokenHash: 'h3', expiresAt: future() }, new Date());
      expect(replay).toEqual({ kind: 'reused', familyId, userId: user.user.id });
      const family = await tokens.listFamily(familyId);
      expect(family.map((t) => t.tokenHash).sort()).toEqual(['h1', 'h2']);
      expect(family.every((t) => t.revokedAt !== null)).toBe(true);
      expect((await tokens.rotate('h2', { tokenHash: 'h4', expiresAt: future() }, new Date())).kind).toBe(
        'reused',
      );
    });

    it('refuses unknown and expired tokens without writing', async () => {
      const users = createUserRepository(database.db);
      const tokens = createRefreshTokenRepository(database.db);
      const user = await users.create({ email: `${randomUUID()}@x.io`, name: '', passwordHash: 'h' });
      if (!user.ok) throw new Error('user');
      expect((await tokens.rotate('nope', { tokenHash: 'n2', expiresAt: future() }, new Date())).kind).toBe(
        'unknown',
      );
      const familyId = randomUUID();
      await tokens.insert({
        userId: user.user.id,
        familyId,
        tokenHash: 'old',
        expiresAt: new Date(Date.now() - 1000),
      });
      expect((await tokens.rotate('old', { tokenHash: 'old2', expiresAt: future() }, new Date())).kind).toBe(
        'expired',
      );
      expect((await tokens.listFamily(familyId)).length).toBe(1);
    });

    it('concurrent rotations of one token: exactly one wins', async () => {
      const users = createUserRepository(database.db);
      const tokens = createRefreshTokenRepository(database.db);
      const user = await users.create({ email: `${randomUUID()}@x.io`, name: '', passwordHash: 'h' });
      if (!user.ok) throw new Error('user');
      await tokens.insert({
        userId: user.user.id,
        familyId: randomUUID(),
        tokenHash: 'race',
        expiresAt: future(),
      });
      const results = await Promise.all(
        [1, 2, 3, 4].map((i) =>
          tokens.rotate('race', { tokenHash: `race-${i}`, expiresAt: future() }, new Date()),
        ),
      );
      expect(results.filter((r) => r.kind === 'rotated')).toHaveLength(1);
      expect(results.filter((r) => r.kind === 'reused')).toHaveLength(3);
    });
  });
});
