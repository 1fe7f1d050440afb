/** Team request and response schemas (design 9, spec 4.6). */
import { Type, type Static, type TSchema } from 'typebox';

const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Name = Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' });
const Description = nullable(Type.String({ maxLength: 5_000 }));

/** Ids in paths are plain strings: a malformed one answers 404 like any team the caller is not in. */
export const TeamIdParams = Type.Object({ id: Type.String() });
export const TeamMemberParams = Type.Object({ id: Type.String(), user_id: Type.String() });

export const CreateTeamBody = Type.Object(
  { name: Name, description: Type.Optional(Description) },
  { additionalProperties: false },
);
export type CreateTeamBody = Static<typeof CreateTeamBody>;

export const PatchTeamBody = Type.Object(
  { name: Type.Optional(Name), description: Type.Optional(Description) },
  { additionalProperties: false },
);
export type PatchTeamBody = Static<typeof PatchTeamBody>;

export const AddMemberBody = Type.Object(
  { email: Type.String({ minLength: 1, maxLength: 254 }) },
  { additionalProperties: false },
);
export type AddMemberBody = Static<typeof AddMemberBody>;

export const TeamMemberRecord = Type.Object({
  user_id: Type.String({ format: 'uuid' }),
  email: Type.String(),
  name: Type.String(),
});
export type TeamMemberRecord = Static<typeof TeamMemberRecord>;

export const TeamRecord = Type.Object({
  id: Type.String({ format: 'uuid' }),
  name: Type.String(),
  description: Type.String(),
  creator_id: Type.String({ format: 'uuid' }),
  members: Type.Array(TeamMemberRecord),
});
export type TeamRecord = Static<typeof TeamRecord>;

export const TeamList = Type.Object({ items: Type.Array(TeamRecord) });

/** One thing shared with a team, whatever its kind. */
export const SharedEntity = Type.Object({
  id: Type.String({ format: 'uuid' }),
  name: Type.String(),
  owner_id: Type.String({ format: 'uuid' }),
  shared_at: Type.String({ format: 'date-time' }),
});
export type SharedEntity = Static<typeof SharedEntity>;

const kindList = Type.Array(SharedEntity);
/** Every kind of spec 4.6 is always present; kinds nothing provides yet are empty lists. */
export const SharedEntities = Type.Object({
  workflows: kindList,
  credentials: kindList,
  global_variables: kindList,
  vector_stores: kindList,
  files: kindList,
  workflow_templates: kindList,
  node_templates: kindList,
});
export type SharedEntities = Static<typeof SharedEntities>;
export type SharedEntityKind = keyof SharedEntities;
