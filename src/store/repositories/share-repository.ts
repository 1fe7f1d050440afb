/**
 * The share rows of one shareable kind (`ShareTables`): who besides the owner may use a workflow,
 * a credential or a global variable, directly or through a team (spec 4.6, 4.7, 5.8).
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../database.js';
import { teams, users } from '../schema.js';
import { isUuid } from './ids.js';
import { isForeignKeyViolation } from './pg-errors.js';
import type { ShareTables } from './share-tables.js';

/** A user share of one of several entities (`resourceId` says which). */
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

/** `exists`: the share was there already; `gone`: the entity, user or team was deleted meanwhile. */
export type AddShareResult = { ok: true; createdAt: Date } | { ok: false; reason: 'exists' | 'gone' };

async function added(insert: () => Promise<{ createdAt: Date }[]>): Promise<AddShareResult> {
  try {
    const [row] = await insert();
    return row ? { ok: true, createdAt: row.createdAt } : { ok: false, reason: 'exists' };
  } catch (error) {
    if (isForeignKeyViolation(error)) return { ok: false, reason: 'gone' };
    throw error;
  }
}

const removedAny = async (deleted: Promise<unknown[]>) => (await deleted).length > 0;

export function createShareRepository(db: Db, { entity, entityKey, userShares, teamShares }: ShareTables) {
  return {
    async listShares(ids: string[]): Promise<ResourceUserShare[]> {
      if (ids.length === 0) return [];
      return db
        .select({
          resourceId: userShares.entityId,
          userId: users.id,
          email: users.email,
          name: users.name,
          createdAt: userShares.createdAt,
        })
        .from(userShares.table)
        .innerJoin(users, eq(users.id, userShares.userId))
        .where(inArray(userShares.entityId, ids))
        .orderBy(asc(userShares.createdAt), asc(users.email));
    },

    async listTeamShares(ids: string[]): Promise<ResourceTeamShare[]> {
      if (ids.length === 0) return [];
      return db
        .select({
          resourceId: teamShares.entityId,
          teamId: teams.id,
          name: teams.name,
          createdAt: teamShares.createdAt,
        })
        .from(teamShares.table)
        .innerJoin(teams, eq(teams.id, teamShares.teamId))
        .where(inArray(teamShares.entityId, ids))
        .orderBy(asc(teamShares.createdAt), asc(teams.id));
    },

    async addShare(id: string, userId: string): Promise<AddShareResult> {
      if (!isUuid(id) || !isUuid(userId)) return { ok: false, reason: 'gone' };
      return added(() =>
        db
          .insert(userShares.table)
          .values({ [entityKey]: id, userId })
          .onConflictDoNothing()
          .returning({ createdAt: userShares.createdAt }),
      );
    },

    /** False when there was no such share. */
    async removeShare(id: string, userId: string): Promise<boolean> {
      if (!isUuid(id) || !isUuid(userId)) return false;
      return removedAny(
        db
          .delete(userShares.table)
          .where(and(eq(userShares.entityId, id), eq(userShares.userId, userId)))
          .returning({ userId: userShares.userId }),
      );
    },

    async addTeamShare(id: string, teamId: string): Promise<AddShareResult> {
      if (!isUuid(id) || !isUuid(teamId)) return { ok: false, reason: 'gone' };
      return added(() =>
        db
          .insert(teamShares.table)
          .values({ [entityKey]: id, teamId })
          .onConflictDoNothing()
          .returning({ createdAt: teamShares.createdAt }),
      );
    },

    /** False when there was no such share. */
    async removeTeamShare(id: string, teamId: string): Promise<boolean> {
      if (!isUuid(id) || !isUuid(teamId)) return false;
      return removedAny(
        db
          .delete(teamShares.table)
          .where(and(eq(teamShares.entityId, id), eq(teamShares.teamId, teamId)))
          .returning({ teamId: teamShares.teamId }),
      );
    },

    /** Ids of the entities shared with the user directly (not through a team). */
    async directlySharedWith(userId: string): Promise<Set<string>> {
      if (!isUuid(userId)) return new Set();
      const rows = await db
        .select({ id: userShares.entityId })
        .from(userShares.table)
        .where(eq(userShares.userId, userId));
      return new Set(rows.map((row) => row.id));
    },

    /** The entities shared with a team, in the order they were shared. */
    async sharedWithTeam(teamId: string): Promise<TeamSharedResource[]> {
      if (!isUuid(teamId)) return [];
      return db
        .select({
          id: entity.id,
          name: entity.name,
          ownerId: entity.ownerId,
          sharedAt: teamShares.createdAt,
        })
        .from(teamShares.table)
        .innerJoin(entity.table, eq(entity.id, teamShares.entityId))
        .where(eq(teamShares.teamId, teamId))
        .orderBy(asc(teamShares.createdAt), asc(entity.id));
    },
  };
}

export type ShareRepository = ReturnType<typeof createShareRepository>;
