/**
 * Credential rows and their shares (`share-repository.ts`). Who may use a credential is one SQL
 * condition (`usableBy`): the owner, a user it is shared with, or a member of a team it is shared
 * with (spec 5.8). Values stay encrypted here; the service seals and opens them.
 */
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../database.js';
import { credentials } from '../schema.js';
import { isUuid } from './ids.js';
import { isUniqueViolation } from './pg-errors.js';
import { createShareRepository } from './share-repository.js';
import { CREDENTIAL_SHARES, ownedOrSharedWith } from './share-tables.js';

export type CredentialRow = typeof credentials.$inferSelect;
export type NewCredential = Pick<CredentialRow, 'ownerId' | 'name' | 'type' | 'encryptedValues'>;
export type CredentialChanges = Partial<Pick<CredentialRow, 'name' | 'encryptedValues'>>;
export type CredentialWriteResult =
  { ok: true; row: CredentialRow } | { ok: false; reason: 'not_found' | 'name_taken' };

export const usableBy = (userId: string): SQL => ownedOrSharedWith(userId, CREDENTIAL_SHARES);

const newestFirst = [desc(credentials.updatedAt), desc(credentials.createdAt), desc(credentials.id)];

async function write(run: () => Promise<CredentialWriteResult>): Promise<CredentialWriteResult> {
  try {
    return await run();
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: 'name_taken' };
    throw error;
  }
}

export interface CredentialReader {
  /** The credential when `userId` may use it. */
  findUsable(id: string, userId: string): Promise<CredentialRow | undefined>;
}

function reader(db: Db): CredentialReader {
  return {
    async findUsable(id, userId) {
      if (!isUuid(id) || !isUuid(userId)) return undefined;
      const [row] = await db
        .select()
        .from(credentials)
        .where(and(eq(credentials.id, id), usableBy(userId)))
        .limit(1);
      return row;
    },
  };
}

export function createCredentialRepository(db: Db) {
  return {
    ...reader(db),
    ...createShareRepository(db, CREDENTIAL_SHARES),

    create(input: NewCredential): Promise<CredentialWriteResult> {
      return write(async () => {
        const [row] = await db.insert(credentials).values(input).returning();
        return { ok: true, row: row! };
      });
    },

    async listUsableBy(userId: string): Promise<CredentialRow[]> {
      if (!isUuid(userId)) return [];
      return db
        .select()
        .from(credentials)
        .where(usableBy(userId))
        .orderBy(...newestFirst);
    },

    /**
     * Read-check-write in one transaction: locks the row, lets `compute` derive the changes from it
     * (reading other credentials through the transaction), then updates. A throw rolls back.
     */
    async modify(
      id: string,
      compute: (current: CredentialRow, reads: CredentialReader) => Promise<CredentialChanges>,
    ): Promise<CredentialWriteResult> {
      if (!isUuid(id)) return { ok: false, reason: 'not_found' };
      return write(() =>
        db.transaction(async (tx): Promise<CredentialWriteResult> => {
          const [current] = await tx
            .select()
            .from(credentials)
            .where(eq(credentials.id, id))
            .limit(1)
            .for('update');
          if (!current) return { ok: false, reason: 'not_found' };
          const changes = await compute(current, reader(tx as unknown as Db));
          const [row] = await tx
            .update(credentials)
            .set({ ...changes, updatedAt: sql`now()` })
            .where(eq(credentials.id, id))
            .returning();
          return { ok: true, row: row! };
        }),
      );
    },

    async delete(id: string): Promise<boolean> {
      if (!isUuid(id)) return false;
      const deleted = await db
        .delete(credentials)
        .where(eq(credentials.id, id))
        .returning({ id: credentials.id });
      return deleted.length > 0;
    },
  };
}

export type CredentialRepository = ReturnType<typeof createCredentialRepository>;
