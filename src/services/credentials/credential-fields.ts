/**
 * Building blocks of the credential type schemas: a field is a TypeBox schema plus whether it is a
 * secret (encrypted like every value, but never shown again) and whether it may be left out.
 */
import { Type, type TObject, type TSchema } from 'typebox';
import type { FieldError } from '../../core/errors.js';

export interface FieldSpec {
  schema: TSchema;
  secret: boolean;
  optional: boolean;
}

/** Longest secret or text value; OAuth token bundles and PEM keys fit comfortably. */
export const MAX_VALUE_LENGTH = 16_384;

export const SecretText = Type.String({ minLength: 1, maxLength: MAX_VALUE_LENGTH });
export const PlainText = Type.String({ minLength: 1, maxLength: 2_048, pattern: '\\S' });
export const HttpUrl = Type.String({ maxLength: 2_048, pattern: '^https?://[^\\s/?#]+[^\\s]*$' });
export const Host = Type.String({
  minLength: 1,
  maxLength: 253,
  pattern: '^[^\\s/:]+$|^\\[[0-9A-Fa-f:.]+\\]$',
});
export const Port = Type.Integer({ minimum: 1, maximum: 65_535 });
export const Email = Type.String({ maxLength: 320, pattern: '^[^\\s@]+@[^\\s@]+$' });
/** An HTTP header name (RFC 9110 token). */
export const HeaderName = Type.String({ maxLength: 256, pattern: "^[!#$%&'*+.^_`|~0-9A-Za-z-]+$" });
export const Uuid = Type.String({
  pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$',
});

/** A connection URL with one of the given schemes (`redis|rediss`). */
export const urlOf = (schemes: string) =>
  Type.String({ maxLength: 2_048, pattern: `^(${schemes})://[^\\s]+$` });

export const plain = (schema: TSchema = PlainText): FieldSpec => ({ schema, secret: false, optional: false });
export const secret = (schema: TSchema = SecretText): FieldSpec => ({
  schema,
  secret: true,
  optional: false,
});
export const optional = (field: FieldSpec): FieldSpec => ({ ...field, optional: true });

export interface CredentialTypeDefinition {
  /** The `values` of this type: every field, nothing else. */
  schema: TObject;
  fields: readonly string[];
  /** The secret fields, in the order the design lists them. */
  secrets: readonly string[];
  /**
   * What `$credentials.<Name>` yields: `excluded` keeps the type out; a function picks the value;
   * by default the first secret that is set.
   */
  expose: 'excluded' | ((values: Record<string, unknown>) => string | undefined);
  /** Rules a schema cannot say (one of several optional fields required). Paths are field names. */
  check?: (values: Record<string, unknown>) => FieldError[];
}

export interface TypeOptions {
  expose?: CredentialTypeDefinition['expose'];
  check?: CredentialTypeDefinition['check'];
}

export function firstSet(fields: readonly string[]) {
  return (values: Record<string, unknown>): string | undefined => {
    for (const field of fields) {
      const value = values[field];
      if (typeof value === 'string' && value !== '') return value;
    }
    return undefined;
  };
}

/** At least one of the fields must be given (reported at the first). */
export function oneOf(...fields: string[]) {
  return (values: Record<string, unknown>): FieldError[] =>
    fields.some((field) => values[field] !== undefined)
      ? []
      : [{ path: fields[0]!, message: `one of ${fields.join(', ')} is required` }];
}

export function credentialType(
  fieldSpecs: Record<string, FieldSpec>,
  options: TypeOptions = {},
): CredentialTypeDefinition {
  const entries = Object.entries(fieldSpecs);
  const properties = Object.fromEntries(
    entries.map(([name, field]) => [name, field.optional ? Type.Optional(field.schema) : field.schema]),
  );
  const secrets = entries.filter(([, field]) => field.secret).map(([name]) => name);
  return {
    schema: Type.Object(properties, { additionalProperties: false }),
    fields: entries.map(([name]) => name),
    secrets,
    expose: options.expose ?? firstSet(secrets),
    ...(options.check ? { check: options.check } : {}),
  };
}
