/**
 * Shares: who besides the owner may use a workflow, a credential or a global variable. A user gets
 * access through a direct share or through a team share of a team they belong to; both count
 * (spec 5.8). `sharedWithUser` is that rule as one SQL condition for any shareable kind; the
 * workflow share rows themselves are managed by `createWorkflowShareRepository`.
 */
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../database.js';
import {
  credentialShares,
  credentialTeamShares,
  globalVariableShares,
  globalVariableTeamShares,
  teams,
  users,
  workflows,
  workflowShares,
  workflowTeamShares,
} from '../schema.js';
import { isUuid } from './ids.js';
import { isForeignKeyViolation } from './pg-errors.js';
import { inTeamsOf } from './teams.js';

/** The two share tables of one shareable kind: user shares and team shares. */
export interface ShareTables {
  users: { table: PgTable; entityId: PgColumn; userId: PgColumn };
  teams: { table: PgTable; entityId: PgColumn; teamId: PgColumn };
}

export const WORKFLOW_SHARES: ShareTables = {
  users: { table: workflowShares, entityId: workflowShares.workflowId, userId: workflowShares.userId },
  teams: {
    table: workflowTeamShares,
    entityId: workflowTeamShares.workflowId,
    teamId: workflowTeamShares.teamId,
  },
};

export const CREDENTIAL_SHARES: ShareTables = {
  users: {
    table: credentialShares,
    entityId: credentialShares.credentialId,
    userId: credentialShares.userId,
  },
  teams: {
    table: credentialTeamShares,
    entityId: credentialTeamShares.credentialId,
    teamId: credentialTeamShares.teamId,
  },
};

export const GLOBAL_VARIABLE_SHARES: ShareTables = {
  users: {
    table: globalVariableShares,
    entityId: globalVariableShares.variableId,
    userId: globalVariableShares.userId,
  },
  teams: {
    table: globalVariableTeamShares,
    entityId: globalVariableTeamShares.variableId,
    teamId: globalVariableTeamShares.teamId,
  },
};

/**
 * True for rows of the entity (`entityId`, e.g. `workflows.id`) shared with `userId` directly or
 * through one of their teams. Ownership is the caller's own OR: `or(eq(t.ownerId, u), sharedWithUser(...))`.
 */
export function sharedWithUser(userId: string, entityId: PgColumn, tables: ShareTables): SQL {
  const { users: direct, teams: team } = tables;
  return sql`(exists (select 1 from ${direct.table} where ${direct.entityId} = ${entityId} and ${direct.userId} = ${userId})
    or exists (select 1 from ${team.table} where ${team.entityId} = ${entityId} and ${inTeamsOf(userId, team.teamId)}))`;
}

export interface UserShareRow {
  userId: string;
  email: string;
  name: string;
  createdAt: Date;
}

export interface TeamShareRow {
  teamId: string;
  name: string;
  createdAt: Date;
}

export interface TeamSharedWorkflow {
  id: string;
  name: string;
  ownerId: string;
  sharedAt: Date;
}

/** `exists`: that share is there already; `gone`: the workflow, user or team was deleted meanwhile. */
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

export function createWorkflowShareRepository(db: Db) {
  return {
    async listUsers(workflowId: string): Promise<UserShareRow[]> {
      if (!isUuid(workflowId)) return [];
      return db
        .select({
          userId: users.id,
          email: users.email,
          name: users.name,
          createdAt: workflowShares.createdAt,
        })
        .from(workflowShares)
        .innerJoin(users, eq(users.id, workflowShares.userId))
        .where(eq(workflowShares.workflowId, workflowId))
        .orderBy(asc(workflowShares.createdAt), asc(users.email));
    },

    async addUser(workflowId: string, userId: string): Promise<AddShareResult> {
      if (!isUuid(workflowId) || !isUuid(userId)) return { ok: false, reason: 'gone' };
      return added(() =>
        db
          .insert(workflowShares)
          .values({ workflowId, userId })
          .onConflictDoNothing()
          .returning({ createdAt: workflowShares.createdAt }),
      );
    },

    /** True when a share was removed. */
    async removeUser(workflowId: string, userId: string): Promise<boolean> {
      if (!isUuid(workflowId) || !isUuid(userId)) return false;
      const removed = await db
        .delete(workflowShares)
        .where(and(eq(workflowShares.workflowId, workflowId), eq(workflowShares.userId, userId)))
        .returning({ userId: workflowShares.userId });
      return removed.length > 0;
    },

    async listTeams(workflowId: string): Promise<TeamShareRow[]> {
      if (!isUuid(workflowId)) return [];
      return db
        .select({ teamId: teams.id, name: teams.name, createdAt: workflowTeamShares.createdAt })
        .from(workflowTeamShares)
        .innerJoin(teams, eq(teams.id, workflowTeamShares.teamId))
        .where(eq(workflowTeamShares.workflowId, workflowId))
        .orderBy(asc(workflowTeamShares.createdAt), asc(teams.id));
    },

    async addTeam(workflowId: string, teamId: string): Promise<AddShareResult> {
      if (!isUuid(workflowId) || !isUuid(teamId)) return { ok: false, reason: 'gone' };
      return added(() =>
        db
          .insert(workflowTeamShares)
          .values({ workflowId, teamId })
          .onConflictDoNothing()
          .returning({ createdAt: workflowTeamShares.createdAt }),
      );
    },

    /** True when a team share was removed. */
    async removeTeam(workflowId: string, teamId: string): Promise<boolean> {
      if (!isUuid(workflowId) || !isUuid(teamId)) return false;
      const removed = await db
        .delete(workflowTeamShares)
        .where(and(eq(workflowTeamShares.workflowId, workflowId), eq(workflowTeamShares.teamId, teamId)))
        .returning({ teamId: workflowTeamShares.teamId });
      return removed.length > 0;
    },

    /** The workflows shared with a team, in the order they were shared. */
    async sharedWithTeam(teamId: string): Promise<TeamSharedWorkflow[]> {
      if (!isUuid(teamId)) return [];
      return db
        .select({
          id: workflows.id,
          name: workflows.name,
          ownerId: workflows.ownerId,
          sharedAt: workflowTeamShares.createdAt,
        })
        .from(workflowTeamShares)
        .innerJoin(workflows, eq(workflows.id, workflowTeamShares.workflowId))
        .where(eq(workflowTeamShares.teamId, teamId))
        .orderBy(asc(workflowTeamShares.createdAt), asc(workflows.id));
    },
  };
}

export type WorkflowShareRepository = ReturnType<typeof createWorkflowShareRepository>;
