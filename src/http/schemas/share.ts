/**
 * Share request and response schemas of workflows, credentials and global variables (design 9):
 * user shares by email, team shares by id.
 */
import { Type, type Static } from 'typebox';

const Timestamp = Type.String({ format: 'date-time' });

/** Ids in paths are plain strings: a malformed one answers 404 like anything the caller cannot see. */
export const ShareableIdParams = Type.Object({ id: Type.String() });
export const UserShareParams = Type.Object({ id: Type.String(), user_id: Type.String() });
export const TeamShareParams = Type.Object({ id: Type.String(), team_id: Type.String() });

export const ShareWithUserBody = Type.Object(
  { email: Type.String({ minLength: 1, maxLength: 254 }) },
  { additionalProperties: false },
);
export type ShareWithUserBody = Static<typeof ShareWithUserBody>;

export const ShareWithTeamBody = Type.Object(
  { team_id: Type.String({ maxLength: 64 }) },
  { additionalProperties: false },
);
export type ShareWithTeamBody = Static<typeof ShareWithTeamBody>;

export const UserShare = Type.Object({
  user_id: Type.String({ format: 'uuid' }),
  email: Type.String(),
  name: Type.String(),
  created_at: Timestamp,
});
export type UserShare = Static<typeof UserShare>;

export const TeamShare = Type.Object({
  team_id: Type.String({ format: 'uuid' }),
  name: Type.String(),
  created_at: Timestamp,
});
export type TeamShare = Static<typeof TeamShare>;

export const UserShareList = Type.Object({ items: Type.Array(UserShare) });
export const TeamShareList = Type.Object({ items: Type.Array(TeamShare) });
