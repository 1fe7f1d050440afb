/** Maps team rows to the API record (design 9): `{id, name, description, creator_id, members}`. */
import type { TeamMemberRecord, TeamRecord } from '../../http/schemas/team.js';
import type { TeamMember, TeamRow } from '../../store/repositories/teams.js';

export const toMemberRecord = (member: TeamMember): TeamMemberRecord => ({
  user_id: member.userId,
  email: member.email,
  name: member.name,
});

export function toTeamRecord(row: TeamRow, members: readonly TeamMember[]): TeamRecord {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    creator_id: row.creatorId,
    members: members.map(toMemberRecord),
  };
}
