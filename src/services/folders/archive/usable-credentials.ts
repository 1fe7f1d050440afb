/**
 * Which credentials an importer may reference from imported workflows. This is the one function to
 * extend when credential sharing lands (spec 5.8: shared with the user directly or through a
 * team); for now a user may use the credentials they own.
 */
import type { FolderImportRepository } from '../../../store/repositories/folder-import.js';

/** The ids among `ids` that `userId` may use. */
export type UsableCredentials = (userId: string, ids: readonly string[]) => Promise<Set<string>>;

export function credentialsUsableByImporter(
  repository: Pick<FolderImportRepository, 'ownedCredentialIds'>,
): UsableCredentials {
  return (userId, ids) => repository.ownedCredentialIds(userId, ids);
}
