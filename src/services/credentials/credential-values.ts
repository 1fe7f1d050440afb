/**
 * The `values` of a credential: checked against its type, merged on PATCH, split for reading.
 * Secrets leave this module only masked (design 10): the first 7 characters and `**`, or `********`
 * for a secret of 7 characters or fewer.
 */
import Value from 'typebox/value';
import { AppError, type FieldError } from '../../core/errors.js';
import { credentialTypeOf } from './credential-types.js';

export type CredentialValues = Record<string, unknown>;

const SHORT_SECRET_MASK = '********';
const KEPT_CHARACTERS = 7;

/** Counted in code points, so a mask never ends in half a surrogate pair. */
export function maskSecret(secret: string): string {
  const characters = Array.from(secret);
  return characters.length > KEPT_CHARACTERS
    ? `${characters.slice(0, KEPT_CHARACTERS).join('')}**`
    : SHORT_SECRET_MASK;
}

/** Non-secret fields in `values`, secret fields only as masks (never the other way round). */
export function splitForRead(type: string, stored: CredentialValues) {
  const definition = credentialTypeOf(type);
  const values: CredentialValues = {};
  const masked: Record<string, string> = {};
  if (!definition) return { values, masked };
  for (const field of definition.fields) {
    const value = stored[field];
    if (value === undefined) continue;
    if (definition.secrets.includes(field))
      masked[field] = maskSecret(typeof value === 'string' ? value : '');
    else values[field] = value;
  }
  return { values, masked };
}

const isBlank = (value: unknown) => value === null || value === '';

/** Field order of the type, blanks (null or "") left out. */
function ordered(fields: readonly string[], values: CredentialValues): CredentialValues {
  const out: CredentialValues = {};
  for (const field of fields)
    if (values[field] !== undefined && !isBlank(values[field])) out[field] = values[field];
  for (const [field, value] of Object.entries(values))
    if (!(field in out) && !isBlank(value)) out[field] = value;
  return out;
}

function schemaErrors(type: string, values: CredentialValues): FieldError[] {
  const definition = credentialTypeOf(type)!;
  const out: FieldError[] = [];
  for (const error of Value.Errors(definition.schema, values)) {
    const path = error.instancePath.slice(1);
    if (error.keyword === 'additionalProperties') continue;
    if (error.keyword === 'required') {
      for (const name of error.params.requiredProperties)
        out.push({ path: path === '' ? name : `${path}/${name}`, message: 'is required' });
    } else if (error.keyword === 'boolean' && error.schemaPath.endsWith('additionalProperties')) {
      out.push({ path, message: path.includes('/') ? 'is not a known member' : `is not a field of ${type}` });
    } else {
      out.push({ path, message: error.message });
    }
  }
  return [...out, ...(definition.check?.(values) ?? [])];
}

/** One entry per field, at `values/<field>` (deeper for nested members). */
export function valueErrors(type: string, values: CredentialValues): FieldError[] {
  const seen = new Set<string>();
  const out: FieldError[] = [];
  for (const error of schemaErrors(type, values)) {
    const path = error.path === '' ? 'values' : `values/${error.path}`;
    if (seen.has(path)) continue;
    seen.add(path);
    out.push({ path, message: error.message });
  }
  return out;
}

export function invalidValues(errors: FieldError[]): AppError {
  return new AppError('validation_failed', { detail: 'The credential values are invalid', errors });
}

/** The values of a new credential: blanks dropped, checked against the type. */
export function parseNewValues(type: string, input: CredentialValues): CredentialValues {
  const definition = credentialTypeOf(type);
  if (!definition) {
    throw new AppError('validation_failed', {
      errors: [{ path: 'type', message: 'is not a credential type' }],
    });
  }
  const values = ordered(definition.fields, input);
  const errors = valueErrors(type, values);
  if (errors.length > 0) throw invalidValues(errors);
  return values;
}

/**
 * A PATCH's values over the stored ones. A secret that is left out, empty or sent back as its own
 * mask keeps the stored secret (so a client can send back the form it read); `null` removes an
 * optional field. A code-hosting `base_url` sent empty keeps the stored one (spec 2.7); other
 * non-secret fields sent empty are removed.
 */
export function mergeValues(
  type: string,
  stored: CredentialValues,
  input: CredentialValues,
): CredentialValues {
  const definition = credentialTypeOf(type)!;
  const merged: CredentialValues = { ...stored };
  for (const [field, value] of Object.entries(input)) {
    if (value === undefined) continue;
    const storedValue = stored[field];
    if (definition.secrets.includes(field)) {
      const keep = value === '' || (typeof storedValue === 'string' && value === maskSecret(storedValue));
      if (!keep) merged[field] = value;
      continue;
    }
    if (type === 'code_hosting' && field === 'base_url' && value === '') continue;
    merged[field] = value;
  }
  const values = ordered(definition.fields, merged);
  const errors = valueErrors(type, values);
  if (errors.length > 0) throw invalidValues(errors);
  return values;
}

/** Every secret string of the values (for output masking). */
export function secretStrings(type: string, values: CredentialValues): string[] {
  const definition = credentialTypeOf(type);
  if (!definition) return [];
  return definition.secrets
    .map((field) => values[field])
    .filter((value): value is string => typeof value === 'string' && value !== '');
}
