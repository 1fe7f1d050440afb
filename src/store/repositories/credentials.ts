/**
 * Credential rows and their shares. Who may use a credential is one SQL condition (`usableBy`):
 * the owner, a user it is shared with, or a member of a team it is shared with (spec 5.8). Values
 * stay encrypted here; the service seals and opens them.
 */
import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../database.js';
import { credentials, credentialShares, credentialTeamShares, teams, users } from '../schema.js';
import { isUuid } from './ids.js';
import { isForeignKeyViolation, isUniqueViolation } from './pg-errors.js';
import { CREDENTIAL_SHARES, sharedWithUser, type AddShareResult } from './shares.js';

export type CredentialRow = typeof credentials.$inferSelect;
export type NewCredential = Pick<CredentialRow, 'ownerId' | 'name' | 'type' | 'encryptedValues'>;
export type CredentialChanges = Partial<Pick<CredentialRow, 'name' | 'encryptedValues'>>;
export type CredentialWriteResult =
  { ok: true; row: CredentialRow } | { ok: false; reason: 'not_found' | 'name_taken' };

/** A user share of one of several resources (`resourceId` says which). */
export interface ResourceUserShare {
  resourceId: string;
  userId: string;
  email: string;
  name: string;
  createdAt: Date;
}
export interface ResourceTeamShare {
  resourceId: string;
  teamId: string;
  name: string;
  createdAt: Date;
}
export interface TeamSharedResource {
  id: string;
  name: string;
  ownerId: string;
  sharedAt: Date;
}

export const usableBy = (userId: string): SQL =>
  or(eq(credentials.ownerId, userId), sharedWithUser(userId, credentials.id, CREDENTIAL_SHARES))!;

const newestFirst = [desc(credentials.updatedAt), desc(credentials.createdAt), desc(credentials.id)];

async function write(run: () => Promise<CredentialWriteResult>): Promise<CredentialWriteResult> {
  try {
    return await run();
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: 'name_taken' };
    throw error;
  }
}

/** `exists`: the share was there already; `gone`: the resource, user or team was deleted meanwhile. */
export async function addedShare(insert: () => Promise<{ createdAt: Date }[]>): Promise<AddShareResult> {
  try {
    const [row] = await insert();
    return row ? { ok: true, createdAt: row.createdAt } : { ok: false, reason: 'exists' };
  } catch (error) {
    if (isForeignKeyViolation(error)) return { ok: false, reason: 'gone' };
    throw error;
  }
}

export const removed = async (rows: Promise<unknown[]>) => (await rows).length > 0;

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
  const shareKey = (id: string, userId: string) =>
    and(eq(credentialShares.credentialId, id), eq(credentialShares.userId, userId));
  const teamShareKey = (id: string, teamId: string) =>
    and(eq(credentialTeamShares.credentialId, id), eq(credentialTeamShares.teamId, teamId));

  return {
    ...reader(db),

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

    /** Ids of the credentials shared with the user directly (not through a team). */
    async directlySharedWith(userId: string): Promise<Set<string>> {
      if (!isUuid(userId)) return new Set();
      const rows = await db
        .select({ id: credentialShares.credentialId })
        .from(credentialShares)
        .where(eq(credentialShares.userId, userId));
      return new Set(rows.map((row) => row.id));
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

    delete: (id: string) =>
      isUuid(id)
        ? removed(db.delete(credentials).where(eq(credentials.id, id)).returning({ id: credentials.id }))
        : Promise.resolve(false),

    async listShares(ids: string[]): Promise<ResourceUserShare[]> {
      if (ids.length === 0) return [];
      return db
        .select({
          resourceId: credentialShares.credentialId,
          userId: users.id,
          email: users.email,
          name: users.name,
          createdAt: credentialShares.createdAt,
        })
        .from(credentialShares)
        .innerJoin(users, eq(users.id, credentialShares.userId))
        .where(inArray(credentialShares.credentialId, ids))
        .orderBy(asc(credentialShares.createdAt), asc(users.email));
    },

    async listTeamShares(ids: string[]): Promise<ResourceTeamShare[]> {
      if (ids.length === 0) return [];
      return db
        .select({
          resourceId: credentialTeamShares.credentialId,
          teamId: teams.id,
          name: teams.name,
          createdAt: credentialTeamShares.createdAt,
        })
        .from(credentialTeamShares)
        .innerJoin(teams, eq(teams.id, credentialTeamShares.teamId))
        .where(inArray(credentialTeamShares.credentialId, ids))
        .orderBy(asc(credentialTeamShares.createdAt), asc(teams.id));
    },

    addShare: (id: string, userId: string) =>
      addedShare(() =>
        db
          .insert(credentialShares)
          .values({ credentialId: id, userId })
          .onConflictDoNothing()
          .returning({ createdAt: credentialShares.createdAt }),
      ),
    removeShare: (id: string, userId: string) =>
      isUuid(userId)
        ? removed(
            db
              .delete(credentialShares)
              .where(shareKey(id, userId))
              .returning({ id: credentialShares.userId }),
          )
        : Promise.resolve(false),
    addTeamShare: (id: string, teamId: string) =>
      addedShare(() =>
        db
          .insert(credentialTeamShares)
          .values({ credentialId: id, teamId })
          .onConflictDoNothing()
          .returning({ createdAt: credentialTeamShares.createdAt }),
      ),
    removeTeamShare: (id: string, teamId: string) =>
      isUuid(teamId)
        ? removed(
            db
              .delete(credentialTeamShares)
              .where(teamShareKey(id, teamId))
              .returning({ id: credentialTeamShares.teamId }),
          )
        : Promise.resolve(false),

    /** The credentials shared with a team, in the order they were shared. */
    async sharedWithTeam(teamId: string): Promise<TeamSharedResource[]> {
      if (!isUuid(teamId)) return [];
      return db
        .select({
          id: credentials.id,
          name: credentials.name,
          ownerId: credentials.ownerId,
          sharedAt: credentialTeamShares.createdAt,
        })
        .from(credentialTeamShares)
        .innerJoin(credentials, eq(credentials.id, credentialTeamShares.credentialId))
        .where(eq(credentialTeamShares.teamId, teamId))
        .orderBy(asc(credentialTeamShares.createdAt), asc(credentials.id));
    },
  };
}

export type CredentialRepository = ReturnType<typeof createCredentialRepository>;
