/**
 * Global variable rows and their shares (`share-repository.ts`). Who may use a variable is one SQL
 * condition (`usableBy`): the owner, a user it is shared with, or a member of a team it is shared with.
 */
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../database.js';
import { globalVariables } from '../schema.js';
import { isUuid } from './ids.js';
import { isUniqueViolation } from './pg-errors.js';
import { createShareRepository } from './share-repository.js';
import { GLOBAL_VARIABLE_SHARES, ownedOrSharedWith } from './share-tables.js';

export type GlobalVariableRow = typeof globalVariables.$inferSelect;
export type GlobalVariableWriteResult =
  { ok: true; row: GlobalVariableRow } | { ok: false; reason: 'not_found' | 'name_taken' };

export const usableBy = (userId: string): SQL => ownedOrSharedWith(userId, GLOBAL_VARIABLE_SHARES);

const newestFirst = [
  desc(globalVariables.updatedAt),
  desc(globalVariables.createdAt),
  desc(globalVariables.id),
];

async function write(run: () => Promise<GlobalVariableWriteResult>): Promise<GlobalVariableWriteResult> {
  try {
    return await run();
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: 'name_taken' };
    throw error;
  }
}

export function createGlobalVariableRepository(db: Db) {
  return {
    ...createShareRepository(db, GLOBAL_VARIABLE_SHARES),

    create(input: { ownerId: string; name: string; value: unknown }): Promise<GlobalVariableWriteResult> {
      return write(async () => {
        const [row] = await db.insert(globalVariables).values(input).returning();
        return { ok: true, row: row! };
      });
    },

    /** Inserts the owner's variable, or replaces the value of their variable of that name. */
    async upsertOwn(ownerId: string, name: string, value: unknown): Promise<GlobalVariableRow> {
      const [row] = await db
        .insert(globalVariables)
        .values({ ownerId, name, value })
        .onConflictDoUpdate({
          target: [globalVariables.ownerId, globalVariables.name],
          set: { value: sql`excluded.value`, updatedAt: sql`now()` },
        })
        .returning();
      return row!;
    },

    async findUsable(id: string, userId: string): Promise<GlobalVariableRow | undefined> {
      if (!isUuid(id) || !isUuid(userId)) return undefined;
      const [row] = await db
        .select()
        .from(globalVariables)
        .where(and(eq(globalVariables.id, id), usableBy(userId)))
        .limit(1);
      return row;
    },

    async listUsableBy(userId: string): Promise<GlobalVariableRow[]> {
      if (!isUuid(userId)) return [];
      return db
        .select()
        .from(globalVariables)
        .where(usableBy(userId))
        .orderBy(...newestFirst);
    },

    update(id: string, changes: { name?: string; value?: unknown }): Promise<GlobalVariableWriteResult> {
      if (!isUuid(id)) return Promise.resolve({ ok: false, reason: 'not_found' });
      return write(async () => {
        const [row] = await db
          .update(globalVariables)
          .set({ ...changes, updatedAt: sql`now()` })
          .where(eq(globalVariables.id, id))
          .returning();
        return row ? { ok: true, row } : { ok: false, reason: 'not_found' };
      });
    },

    async delete(id: string): Promise<boolean> {
      if (!isUuid(id)) return false;
      const deleted = await db
        .delete(globalVariables)
        .where(eq(globalVariables.id, id))
        .returning({ id: globalVariables.id });
      return deleted.length > 0;
    },
  };
}

export type GlobalVariableRepository = ReturnType<typeof createGlobalVariableRepository>;
