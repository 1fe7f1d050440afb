/**
 * The providers behind `GET /api/teams/{id}/shared-entities`, one per kind a team can be given.
 * To add a kind with share tables (vector stores, files, ...): describe them in `share-tables.ts`
 * and list a provider here; any other `{kind, list(teamId)}` answering `{id, name, owner_id,
 * shared_at}` items works too.
 */
import type { SharedEntityKind } from '../../http/schemas/team.js';
import type { Db } from '../../store/database.js';
import { createShareRepository } from '../../store/repositories/share-repository.js';
import {
  CREDENTIAL_SHARES,
  GLOBAL_VARIABLE_SHARES,
  WORKFLOW_SHARES,
  type ShareTables,
} from '../../store/repositories/share-tables.js';
import type { SharedEntityProvider } from './shared-entities.js';

function sharedWithTeam(db: Db, kind: SharedEntityKind, tables: ShareTables): SharedEntityProvider {
  const shares = createShareRepository(db, tables);
  return {
    kind,
    list: async (teamId) =>
      (await shares.sharedWithTeam(teamId)).map((row) => ({
        id: row.id,
        name: row.name,
        owner_id: row.ownerId,
        shared_at: row.sharedAt.toISOString(),
      })),
  };
}

export function sharedEntityProviders(db: Db): SharedEntityProvider[] {
  return [
    sharedWithTeam(db, 'workflows', WORKFLOW_SHARES),
    sharedWithTeam(db, 'credentials', CREDENTIAL_SHARES),
    sharedWithTeam(db, 'global_variables', GLOBAL_VARIABLE_SHARES),
  ];
}
