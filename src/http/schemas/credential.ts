/**
 * Credential request and response schemas (design 9, 10). The record's `values` and `masked` list
 * every non-secret and every secret field name of the registry and nothing else, so the response
 * serialiser itself drops a secret that strayed into `values`.
 */
import { Type, type Static, type TSchema } from 'typebox';
import { CREDENTIAL_TYPE_NAMES, CREDENTIAL_TYPES } from '../../services/credentials/credential-types.js';
import { TeamShare, UserShare } from './share.js';

const definitions = Object.values(CREDENTIAL_TYPES);
export const SECRET_FIELDS = [...new Set(definitions.flatMap((d) => [...d.secrets]))].sort();
export const PLAIN_FIELDS = [
  ...new Set(definitions.flatMap((d) => d.fields.filter((field) => !d.secrets.includes(field)))),
].sort();

const optionalFields = (names: string[], schema: () => TSchema) =>
  Object.fromEntries(names.map((name) => [name, Type.Optional(schema())]));

export const CredentialName = Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' });
/** One `enum` (not a union of literals), so a bad type is one validation error. */
export const CredentialTypeName = Type.Enum(CREDENTIAL_TYPE_NAMES);
/** Checked field by field against the type's schema by the service (422 at `values/<field>`). */
const InputValues = Type.Record(Type.String(), Type.Unknown(), { maxProperties: 64 });

export const CreateCredentialBody = Type.Object(
  { name: CredentialName, type: CredentialTypeName, values: InputValues },
  { additionalProperties: false },
);
export type CreateCredentialBody = Static<typeof CreateCredentialBody>;

/** `type` is accepted only to refuse a change of it (422); members of a read record are dropped. */
export const PatchCredentialBody = Type.Object(
  {
    name: Type.Optional(CredentialName),
    type: Type.Optional(Type.String({ maxLength: 100 })),
    values: Type.Optional(InputValues),
  },
  { additionalProperties: false },
);
export type PatchCredentialBody = Static<typeof PatchCredentialBody>;

const Timestamp = Type.String({ format: 'date-time' });

export const CredentialRecord = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    name: Type.String(),
    type: Type.String(),
    owner_id: Type.String({ format: 'uuid' }),
    /** Non-secret fields only. */
    values: Type.Object(optionalFields(PLAIN_FIELDS, Type.Unknown), { additionalProperties: false }),
    /** Secret fields only, masked: first 7 characters + `**`, or `********`. */
    masked: Type.Object(optionalFields(SECRET_FIELDS, Type.String), { additionalProperties: false }),
    shared_with: Type.Array(UserShare),
    team_shared_with: Type.Array(TeamShare),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { additionalProperties: false },
);
export type CredentialRecord = Static<typeof CredentialRecord>;

export const CredentialList = Type.Object({ items: Type.Array(CredentialRecord) });
