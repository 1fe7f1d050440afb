/**
 * Teams and their members. Membership is also one SQL subquery (`memberTeamIds`), so every kind of
 * team share (workflows, credentials, global variables, ...) asks "is the caller in that team" the
 * same way, inside the query that reads the shared thing.
 */
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../database.js';
import { teamMembers, teams, users } from '../schema.js';
import { isUuid } from './ids.js';
import { isForeignKeyViolation } from './pg-errors.js';

export type TeamRow = typeof teams.$inferSelect;
export type TeamChanges = Partial<Pick<TeamRow, 'name' | 'description'>>;

export interface TeamMember {
  userId: string;
  email: string;
  name: string;
}

/** `select team_id from team_members where user_id = $userId`, for use inside other queries. */
export function memberTeamIds(userId: string): SQL {
  return sql`select ${teamMembers.teamId} from ${teamMembers} where ${teamMembers.userId} = ${userId}`;
}

/** `teamId in (the teams userId belongs to)`: the condition a team-share table joins on. */
export function inTeamsOf(userId: string, teamId: PgColumn | SQL): SQL {
  return sql`${teamId} in (${memberTeamIds(userId)})`;
}

export type AddMemberResult = 'added' | 'already_member' | 'gone';

export function createTeamRepository(db: Db) {
  return {
    /** The team and its creator's membership, in one transaction. */
    async create(input: { name: string; description: string; creatorId: string }): Promise<TeamRow> {
      return db.transaction(async (tx) => {
        const [team] = await tx.insert(teams).values(input).returning();
        await tx.insert(teamMembers).values({ teamId: team!.id, userId: input.creatorId });
        return team!;
      });
    },

    /** The team when `userId` is one of its members. */
    async findForMember(teamId: string, userId: string): Promise<TeamRow | undefined> {
      if (!isUuid(teamId) || !isUuid(userId)) return undefined;
      const [row] = await db
        .select()
        .from(teams)
        .where(and(eq(teams.id, teamId), inTeamsOf(userId, teams.id)))
        .limit(1);
      return row;
    },

    /** Every team `userId` belongs to, by name. */
    async listForMember(userId: string): Promise<TeamRow[]> {
      if (!isUuid(userId)) return [];
      return db
        .select()
        .from(teams)
        .where(inTeamsOf(userId, teams.id))
        .orderBy(asc(sql`lower(${teams.name})`), asc(teams.createdAt), asc(teams.id));
    },

    /** Members of each team, in the order they joined (the creator first). */
    async membersOf(teamIds: string[]): Promise<Map<string, TeamMember[]>> {
      const byTeam = new Map<string, TeamMember[]>(teamIds.map((id) => [id, []]));
      if (teamIds.length === 0) return byTeam;
      const rows = await db
        .select({ teamId: teamMembers.teamId, userId: users.id, email: users.email, name: users.name })
        .from(teamMembers)
        .innerJoin(users, eq(users.id, teamMembers.userId))
        .where(inArray(teamMembers.teamId, teamIds))
        .orderBy(asc(teamMembers.createdAt), asc(users.email));
      for (const { teamId, ...member } of rows) byTeam.get(teamId)?.push(member);
      return byTeam;
    },

    async update(teamId: string, changes: TeamChanges): Promise<TeamRow | undefined> {
      if (!isUuid(teamId)) return undefined;
      const [row] = await db
        .update(teams)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(eq(teams.id, teamId))
        .returning();
      return row;
    },

    /** Deletes the team; its memberships and every team share go with it (foreign keys cascade). */
    async delete(teamId: string): Promise<boolean> {
      if (!isUuid(teamId)) return false;
      const deleted = await db.delete(teams).where(eq(teams.id, teamId)).returning({ id: teams.id });
      return deleted.length > 0;
    },

    /** `gone` when the team or the user was deleted meanwhile. */
    async addMember(teamId: string, userId: string): Promise<AddMemberResult> {
      if (!isUuid(teamId) || !isUuid(userId)) return 'gone';
      try {
        const inserted = await db
          .insert(teamMembers)
          .values({ teamId, userId })
          .onConflictDoNothing()
          .returning({ userId: teamMembers.userId });
        return inserted.length > 0 ? 'added' : 'already_member';
      } catch (error) {
        if (isForeignKeyViolation(error)) return 'gone';
        throw error;
      }
    },

    /** True when a membership was removed. */
    async removeMember(teamId: string, userId: string): Promise<boolean> {
      if (!isUuid(teamId) || !isUuid(userId)) return false;
      const removed = await db
        .delete(teamMembers)
        .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
        .returning({ userId: teamMembers.userId });
      return removed.length > 0;
    },
  };
}

export type TeamRepository = ReturnType<typeof createTeamRepository>;
