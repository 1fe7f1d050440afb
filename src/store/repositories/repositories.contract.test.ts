/** Every repository, run against PGlite and PostgreSQL by the same cases. */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type DatabaseKind, type TestDatabase } from '../../../test/support/databases.js';
import { hasPostgres } from '../../../test/support/services.js';
import { workflows as workflowTable } from '../schema.js';
import { createRefreshTokenRepository } from './refresh-tokens.js';
import { createUserRepository } from './users.js';
import { createWorkflowRepository } from './workflows.js';

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

  describe('workflows', () => {
    const newOwner = async () => {
      const created = await createUserRepository(database.db).create({
        email: `${randomUUID()}@x.io`,
        name: '',
        passwordHash: 'h',
      });
      if (!created.ok) throw new Error('user');
      return created.user.id;
    };
    const nodes = [{ id: 'n1', type: 'textInput', position: { x: 0, y: 0 }, data: { label: 'a' } }];

    it('creates with column defaults, finds by id, refuses unknown and malformed ids', async () => {
      const workflows = createWorkflowRepository(database.db);
      const ownerId = await newOwner();
      const created = await workflows.create({ name: 'W', ownerId, nodes });
      if (!created.ok) throw new Error(created.reason);
      expect(created.row).toMatchObject({
        name: 'W',
        description: '',
        nodes,
        edges: [],
        ownerId,
        folderId: null,
        authType: 'anonymous',
        allowAnonymous: true,
        httpMethod: null,
        webhookBodyMode: 'defined',
        sseNodeConfig: {},
        portalSlug: null,
        scheduledForDeletion: null,
      });
      expect(created.row.createdAt).toBeInstanceOf(Date);
      expect(await workflows.findById(created.row.id)).toEqual(created.row);
      expect(await workflows.findById(randomUUID())).toBeUndefined();
      for (const bad of ['nope', '', "1' or '1'='1", `${randomUUID()}x`, `{${randomUUID()}}`]) {
        expect(await workflows.findById(bad)).toBeUndefined();
        expect(await workflows.findAccessible(bad, ownerId)).toBeUndefined();
        expect(await workflows.update(bad, { name: 'x' })).toEqual({ ok: false, reason: 'not_found' });
        expect(await workflows.modify(bad, () => ({ name: 'x' }))).toEqual({
          ok: false,
          reason: 'not_found',
        });
        expect(await workflows.delete(bad)).toBe(false);
      }
    });

    it("lists an owner's workflows, most recently updated first; access is the owner's", async () => {
      const workflows = createWorkflowRepository(database.db);
      const ownerId = await newOwner();
      const otherId = await newOwner();
      const ids: string[] = [];
      for (const name of ['first', 'second', 'third']) {
        const created = await workflows.create({ name, ownerId });
        if (!created.ok) throw new Error(created.reason);
        ids.push(created.row.id);
      }
      await workflows.create({ name: 'theirs', ownerId: otherId });
      // Rows created in one millisecond tie on updated_at (and created_at): give each its own, out of
      // creation order, so the order checked is the updated_at order.
      const updatedAt = ['2020-01-01T00:00:00Z', '2020-01-03T00:00:00Z', '2020-01-02T00:00:00Z'];
      for (const [index, id] of ids.entries()) {
        const at = new Date(updatedAt[index]!);
        await database.db.update(workflowTable).set({ updatedAt: at }).where(eq(workflowTable.id, id));
      }
      const listed = async () => (await workflows.listForOwner(ownerId)).map((row) => row.name);
      expect(await listed()).toEqual(['second', 'third', 'first']);
      await workflows.update(ids[0]!, { description: 'touched' }); // sets updated_at to now()
      const names = await listed();
      expect(names).toEqual(['first', 'second', 'third']);
      expect((await workflows.listAccessibleBy(ownerId)).map((row) => row.name)).toEqual(names);
      expect(await workflows.findAccessible(ids[0]!, ownerId)).toMatchObject({ id: ids[0] });
      expect(await workflows.findAccessible(ids[0]!, otherId)).toBeUndefined();
      expect(await workflows.modify(ids[0]!, () => ({ name: 'stolen' }), { accessibleBy: otherId })).toEqual({
        ok: false,
        reason: 'not_found',
      });
      expect((await workflows.findById(ids[0]!))?.name).toBe('first');
      expect(await workflows.listForOwner('not-a-uuid')).toEqual([]);
    });

    it('updates partially, moves updated_at forward and returns the row', async () => {
      const workflows = createWorkflowRepository(database.db);
      const created = await workflows.create({ name: 'W', ownerId: await newOwner(), cacheTtlSeconds: 5 });
      if (!created.ok) throw new Error(created.reason);
      await new Promise((resolve) => setTimeout(resolve, 5)); // timestamps read back with ms precision
      const updated = await workflows.update(created.row.id, { name: 'V', httpMethod: 'GET' });
      if (!updated.ok) throw new Error(updated.reason);
      expect(updated.row).toMatchObject({ name: 'V', httpMethod: 'GET', cacheTtlSeconds: 5 });
      expect(updated.row.createdAt).toEqual(created.row.createdAt);
      expect(updated.row.updatedAt.getTime()).toBeGreaterThan(created.row.updatedAt.getTime());
      expect(await workflows.findById(created.row.id)).toEqual(updated.row);
      expect(await workflows.update(randomUUID(), { name: 'x' })).toEqual({ ok: false, reason: 'not_found' });
    });

    it('refuses a taken portal slug on create and update without writing', async () => {
      const workflows = createWorkflowRepository(database.db);
      const ownerId = await newOwner();
      const slug = `slug-${randomUUID().slice(0, 8)}`;
      expect((await workflows.create({ name: 'A', ownerId, portalSlug: slug })).ok).toBe(true);
      const before = (await workflows.listForOwner(ownerId)).length;
      expect(await workflows.create({ name: 'B', ownerId, portalSlug: slug })).toEqual({
        ok: false,
        reason: 'portal_slug_taken',
      });
      expect((await workflows.listForOwner(ownerId)).length).toBe(before);
      const other = await workflows.create({ name: 'C', ownerId });
      if (!other.ok) throw new Error(other.reason);
      expect(await workflows.update(other.row.id, { name: 'C2', portalSlug: slug })).toEqual({
        ok: false,
        reason: 'portal_slug_taken',
      });
      expect(await workflows.modify(other.row.id, () => ({ name: 'C3', portalSlug: slug }))).toEqual({
        ok: false,
        reason: 'portal_slug_taken',
      });
      expect(await workflows.findById(other.row.id)).toEqual(other.row);
      // Many workflows may have no slug.
      expect((await workflows.create({ name: 'D', ownerId, portalSlug: null })).ok).toBe(true);
    });

    it('modify rolls back when the computation throws and serialises concurrent saves', async () => {
      const workflows = createWorkflowRepository(database.db);
      const created = await workflows.create({ name: '0', ownerId: await newOwner() });
      if (!created.ok) throw new Error(created.reason);
      const { id } = created.row;
      await expect(
        workflows.modify(id, () => {
          throw new Error('refused');
        }),
      ).rejects.toThrow('refused');
      expect(await workflows.findById(id)).toEqual(created.row);
      await Promise.all(
        Array.from({ length: 5 }, () =>
          workflows.modify(id, (current) => ({ name: String(Number(current.name) + 1) })),
        ),
      );
      expect((await workflows.findById(id))?.name).toBe('5');
    });

    it('deletes once', async () => {
      const workflows = createWorkflowRepository(database.db);
      const created = await workflows.create({ name: 'W', ownerId: await newOwner() });
      if (!created.ok) throw new Error(created.reason);
      expect(await workflows.delete(created.row.id)).toBe(true);
      expect(await workflows.delete(created.row.id)).toBe(false);
      expect(await workflows.findById(created.row.id)).toBeUndefined();
    });
  });
});
