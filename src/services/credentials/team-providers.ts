/** `GET /api/teams/{id}/shared-entities` providers for credentials and global variables. */
import type { Db } from '../../store/database.js';
import { createCredentialRepository, type TeamSharedResource } from '../../store/repositories/credentials.js';
import { createGlobalVariableRepository } from '../../store/repositories/global-variables.js';
import type { SharedEntityProvider } from '../teams/shared-entities.js';

const toEntity = (row: TeamSharedResource) => ({
  id: row.id,
  name: row.name,
  owner_id: row.ownerId,
  shared_at: row.sharedAt.toISOString(),
});

export function credentialsSharedWithTeam(db: Db): SharedEntityProvider {
  const credentials = createCredentialRepository(db);
  return {
    kind: 'credentials',
    list: async (teamId) => (await credentials.sharedWithTeam(teamId)).map(toEntity),
  };
}

export function globalVariablesSharedWithTeam(db: Db): SharedEntityProvider {
  const variables = createGlobalVariableRepository(db);
  return {
    kind: 'global_variables',
    list: async (teamId) => (await variables.sharedWithTeam(teamId)).map(toEntity),
  };
}
