/**
 * Credentials and global variables, built once in services/index.ts: their CRUD services, their
 * sharing, and the run-time building blocks (`credentialScope`, `globalVariables.globalScopeFor`).
 */
import type { Db } from '../../store/database.js';
import { createCredentialRepository } from '../../store/repositories/credentials.js';
import { createGlobalVariableRepository } from '../../store/repositories/global-variables.js';
import { createSharing, type SharingDeps } from '../access/sharing.js';
import { createGlobalVariableService } from '../variables/variable-service.js';
import { createCredentialScope } from './credential-scope.js';
import { createCredentialService, type CredentialLogger } from './credential-service.js';
import { createValueCipher } from './value-cipher.js';

export interface CredentialServicesDeps {
  db: Db;
  encryptionKey: string;
  users: SharingDeps['users'];
  teams: SharingDeps['teams'];
  logger?: CredentialLogger;
}

export function createCredentialServices({
  db,
  encryptionKey,
  users,
  teams,
  logger,
}: CredentialServicesDeps) {
  const cipher = createValueCipher(encryptionKey);
  const credentialRepository = createCredentialRepository(db);
  const globalVariableRepository = createGlobalVariableRepository(db);
  return {
    credentialRepository,
    credentials: createCredentialService({ credentials: credentialRepository, cipher, logger }),
    credentialSharing: createSharing({ store: credentialRepository, users, teams, noun: 'credential' }),
    credentialScope: createCredentialScope({ credentials: credentialRepository, cipher, logger }),
    globalVariableRepository,
    globalVariables: createGlobalVariableService({ variables: globalVariableRepository }),
    globalVariableSharing: createSharing({
      store: globalVariableRepository,
      users,
      teams,
      noun: 'global variable',
    }),
  };
}
