import { Type } from 'typebox';

/** Canonical uuid text (ajv's `uuid` format also admits a `urn:uuid:` prefix PostgreSQL refuses). */
export const Uuid = Type.String({
  pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$',
});
