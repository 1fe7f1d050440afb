/** Maps a credential row to the API record (design 9, 10): secrets only masked, never in `values`. */
import type { CredentialRecord } from '../../http/schemas/credential.js';
import type { CredentialRow } from '../../store/repositories/credentials.js';
import type { ResourceTeamShare, ResourceUserShare } from '../../store/repositories/share-repository.js';
import { toTeamShare, toUserShare } from '../access/sharing.js';
import { splitForRead, type CredentialValues } from './credential-values.js';

/** `values` undefined: the row could not be decrypted (shown without values until re-entered). */
export function toCredentialRecord(
  row: CredentialRow,
  values: CredentialValues | undefined,
  shares: ResourceUserShare[],
  teamShares: ResourceTeamShare[],
): CredentialRecord {
  const split = splitForRead(row.type, values ?? {});
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    owner_id: row.ownerId,
    values: split.values,
    masked: split.masked,
    shared_with: shares.filter((share) => share.resourceId === row.id).map(toUserShare),
    team_shared_with: teamShares.filter((share) => share.resourceId === row.id).map(toTeamShare),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
