/**
 * Global variable rows and their shares. Who may use a variable is one SQL condition
 * (`usableBy`): the owner, a user it is shared with, or a member of a team it is shared with.
 */
import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../database.js';
import { globalVariables, globalVariableShares, globalVariableTeamShares, teams, users } from '../schema.js';
import {
  addedShare,
  removed,
  type ResourceTeamShare,
  type ResourceUserShare,
  type TeamSharedResource,
} from './credentials.js';
import { isUuid } from './ids.js';
import { isUniqueViolation } from './pg-errors.js';
import { GLOBAL_VARIABLE_SHARES, sharedWithUser } from './shares.js';

export type GlobalVariableRow = typeof globalVariables.$inferSelect;
export type GlobalVariableWriteResult =
  { ok: true; row: GlobalVariableRow } | { ok: false; reason: 'not_found' | 'name_taken' };

export const usableBy = (userId: string): SQL =>
  or(
    eq(globalVariables.ownerId, userId),
    sharedWithUser(userId, globalVariables.id, GLOBAL_VARIABLE_SHARES),
  )!;

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
  const shareKey = (id: string, userId: string) =>
    and(eq(globalVariableShares.variableId, id), eq(globalVariableShares.userId, userId));
  const teamShareKey = (id: string, teamId: string) =>
    and(eq(globalVariableTeamShares.variableId, id), eq(globalVariableTeamShares.teamId, teamId));

  return {
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

    /** Ids of the variables shared with the user directly (not through a team). */
    async directlySharedWith(userId: string): Promise<Set<string>> {
      if (!isUuid(userId)) return new Set();
      const rows = await db
        .select({ id: globalVariableShares.variableId })
        .from(globalVariableShares)
        .where(eq(globalVariableShares.userId, userId));
      return new Set(rows.map((row) => row.id));
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

    delete: (id: string) =>
      isUuid(id)
        ? removed(
            db
              .delete(globalVariables)
              .where(eq(globalVariables.id, id))
              .returning({ id: globalVariables.id }),
          )
        : Promise.resolve(false),

    async listShares(ids: string[]): Promise<ResourceUserShare[]> {
      if (ids.length === 0) return [];
      return db
        .select({
          resourceId: globalVariableShares.variableId,
          userId: users.id,
          email: users.email,
          name: users.name,
          createdAt: globalVariableShares.createdAt,
        })
        .from(globalVariableShares)
        .innerJoin(users, eq(users.id, globalVariableShares.userId))
        .where(inArray(globalVariableShares.variableId, ids))
        .orderBy(asc(globalVariableShares.createdAt), asc(users.email));
    },

    async listTeamShares(ids: string[]): Promise<ResourceTeamShare[]> {
      if (ids.length === 0) return [];
      return db
        .select({
          resourceId: globalVariableTeamShares.variableId,
          teamId: teams.id,
          name: teams.name,
          createdAt: globalVariableTeamShares.createdAt,
        })
        .from(globalVariableTeamShares)
        .innerJoin(teams, eq(teams.id, globalVariableTeamShares.teamId))
        .where(inArray(globalVariableTeamShares.variableId, ids))
        .orderBy(asc(globalVariableTeamShares.createdAt), asc(teams.id));
    },

    addShare: (id: string, userId: string) =>
      addedShare(() =>
        db
          .insert(globalVariableShares)
          .values({ variableId: id, userId })
          .onConflictDoNothing()
          .returning({ createdAt: globalVariableShares.createdAt }),
      ),
    removeShare: (id: string, userId: string) =>
      isUuid(userId)
        ? removed(
            db
              .delete(globalVariableShares)
              .where(shareKey(id, userId))
              .returning({ id: globalVariableShares.userId }),
          )
        : Promise.resolve(false),
    addTeamShare: (id: string, teamId: string) =>
      addedShare(() =>
        db
          .insert(globalVariableTeamShares)
          .values({ variableId: id, teamId })
          .onConflictDoNothing()
          .returning({ createdAt: globalVariableTeamShares.createdAt }),
      ),
    removeTeamShare: (id: string, teamId: string) =>
      isUuid(teamId)
        ? removed(
            db
              .delete(globalVariableTeamShares)
              .where(teamShareKey(id, teamId))
              .returning({ id: globalVariableTeamShares.teamId }),
          )
        : Promise.resolve(false),

    /** The variables shared with a team, in the order they were shared. */
    async sharedWithTeam(teamId: string): Promise<TeamSharedResource[]> {
      if (!isUuid(teamId)) return [];
      return db
        .select({
          id: globalVariables.id,
          name: globalVariables.name,
          ownerId: globalVariables.ownerId,
          sharedAt: globalVariableTeamShares.createdAt,
        })
        .from(globalVariableTeamShares)
        .innerJoin(globalVariables, eq(globalVariables.id, globalVariableTeamShares.variableId))
        .where(eq(globalVariableTeamShares.teamId, teamId))
        .orderBy(asc(globalVariableTeamShares.createdAt), asc(globalVariables.id));
    },
  };
}

export type GlobalVariableRepository = ReturnType<typeof createGlobalVariableRepository>;
