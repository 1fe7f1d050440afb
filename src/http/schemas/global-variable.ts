/** Global variable request and response schemas (design 9, 10). The name pattern also rules out "". */
import { Type, type Static } from 'typebox';

export const VARIABLE_NAME_PATTERN = '^[A-Za-z_][A-Za-z0-9_]*$';
/** Largest value, as UTF-8 bytes of its JSON. */
export const MAX_VARIABLE_VALUE_BYTES = 64 * 1024;

export const VariableName = Type.String({ maxLength: 128, pattern: VARIABLE_NAME_PATTERN });

export const CreateGlobalVariableBody = Type.Object(
  { name: VariableName, value: Type.Unknown() },
  { additionalProperties: false },
);
export type CreateGlobalVariableBody = Static<typeof CreateGlobalVariableBody>;

export const PatchGlobalVariableBody = Type.Object(
  { name: Type.Optional(VariableName), value: Type.Optional(Type.Unknown()) },
  { additionalProperties: false },
);
export type PatchGlobalVariableBody = Static<typeof PatchGlobalVariableBody>;

const Timestamp = Type.String({ format: 'date-time' });

export const GlobalVariableRecord = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    name: Type.String(),
    /** Any JSON value. */
    value: Type.Unknown(),
    owner_id: Type.String({ format: 'uuid' }),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { additionalProperties: false },
);
export type GlobalVariableRecord = Static<typeof GlobalVariableRecord>;

export const GlobalVariableList = Type.Object({ items: Type.Array(GlobalVariableRecord) });
