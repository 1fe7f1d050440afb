/**
 * The tables behind each shareable kind (workflows, credentials, global variables): the entity
 * table and its user-share and team-share tables. A user may use an entity they own, one shared
 * with them directly, or one shared with a team they belong to; both kinds of share count
 * (spec 5.8). `ownedOrSharedWith` is that rule as one SQL condition for any kind.
 */
import { eq, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  credentials,
  credentialShares,
  credentialTeamShares,
  globalVariables,
  globalVariableShares,
  globalVariableTeamShares,
  workflows,
  workflowShares,
  workflowTeamShares,
} from '../schema.js';
import { inTeamsOf } from './teams.js';

type Column<T> = AnyPgColumn<{ data: T; notNull: true }>;
type EntityTable = PgTable & Record<'id' | 'name' | 'ownerId', Column<string>>;
type ShareTable<Ids extends string> = PgTable & Record<Ids, Column<string>> & { createdAt: Column<Date> };

export interface ShareTables {
  entity: { table: PgTable; id: Column<string>; name: Column<string>; ownerId: Column<string> };
  /** The share tables' property for the entity id (`workflowId`), as `insert().values()` takes it. */
  entityKey: string;
  userShares: { table: PgTable; entityId: Column<string>; userId: Column<string>; createdAt: Column<Date> };
  teamShares: { table: PgTable; entityId: Column<string>; teamId: Column<string>; createdAt: Column<Date> };
}

/** Each share table holds the entity id (`entityKey`), `userId` or `teamId`, and `createdAt`. */
function shareTables<Key extends string>(
  entity: EntityTable,
  entityKey: Key,
  userShares: ShareTable<Key | 'userId'>,
  teamShares: ShareTable<Key | 'teamId'>,
): ShareTables {
  return {
    entity: { table: entity, id: entity.id, name: entity.name, ownerId: entity.ownerId },
    entityKey,
    userShares: {
      table: userShares,
      entityId: userShares[entityKey],
      userId: userShares.userId,
      createdAt: userShares.createdAt,
    },
    teamShares: {
      table: teamShares,
      entityId: teamShares[entityKey],
      teamId: teamShares.teamId,
      createdAt: teamShares.createdAt,
    },
  };
}

export const WORKFLOW_SHARES = shareTables(workflows, 'workflowId', workflowShares, workflowTeamShares);
export const CREDENTIAL_SHARES = shareTables(
  credentials,
  'credentialId',
  credentialShares,
  credentialTeamShares,
);
export const GLOBAL_VARIABLE_SHARES = shareTables(
  globalVariables,
  'variableId',
  globalVariableShares,
  globalVariableTeamShares,
);

/** True for entities shared with `userId` directly or through one of their teams. */
export function sharedWithUser(userId: string, { entity, userShares, teamShares }: ShareTables): SQL {
  return sql`(exists (select 1 from ${userShares.table} where ${userShares.entityId} = ${entity.id} and ${userShares.userId} = ${userId})
    or exists (select 1 from ${teamShares.table} where ${teamShares.entityId} = ${entity.id} and ${inTeamsOf(userId, teamShares.teamId)}))`;
}

/** True for entities `userId` owns or that are shared with them (directly or through a team). */
export const ownedOrSharedWith = (userId: string, tables: ShareTables): SQL =>
  or(eq(tables.entity.ownerId, userId), sharedWithUser(userId, tables))!;
