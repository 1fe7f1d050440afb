/**
 * The providers behind `GET /api/teams/{id}/shared-entities`, one per kind a team can be given.
 * To add a kind (credentials, global variables, ...): write a provider over its team-share table,
 * `{kind, list(teamId)}` answering `{id, name, owner_id, shared_at}` items, and list it here.
 */
import type { Db } from '../../store/database.js';
import { createWorkflowShareRepository } from '../../store/repositories/shares.js';
import { credentialsSharedWithTeam, globalVariablesSharedWithTeam } from '../credentials/team-providers.js';
import type { SharedEntityProvider } from './shared-entities.js';

function workflowsSharedWithTeam(db: Db): SharedEntityProvider {
  const shares = createWorkflowShareRepository(db);
  return {
    kind: 'workflows',
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
  return [workflowsSharedWithTeam(db), credentialsSharedWithTeam(db), globalVariablesSharedWithTeam(db)];
}
