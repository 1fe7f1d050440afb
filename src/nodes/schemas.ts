/** Schema pieces and small value helpers shared by several node types. */
import { Type, type Static } from 'typebox';
import { NonRetriableError } from '../core/engine/index.js';
import { setOwn } from '../core/expressions/index.js';

/** `[{key, value}]`, as the editor stores headers, mappings and inputs. */
export const KeyValueList = Type.Array(
  Type.Object({ key: Type.String(), value: Type.Optional(Type.Unknown()) }),
  { default: [] },
);
export type KeyValueList = Static<typeof KeyValueList>;

/** A number, or a numeric string as a text field may hold it. */
export const NumberLike = (options: { minimum?: number; maximum?: number; default?: number } = {}) =>
  Type.Union([Type.Number(options), Type.String({ pattern: '^\\s*-?\\d+(\\.\\d+)?\\s*$' })], {
    ...(options.default !== undefined ? { default: options.default } : {}),
  });

/** Converts a NumberLike value; a numeric string is checked against the same bounds. */
export function toNumber(
  value: number | string,
  field: string,
  bounds: { minimum?: number; maximum?: number } = {},
): number {
  const number = typeof value === 'number' ? value : Number(value.trim());
  const { minimum, maximum } = bounds;
  if ((minimum !== undefined && number < minimum) || (maximum !== undefined && number > maximum)) {
    throw new NonRetriableError(`"${field}" must be between ${minimum ?? '-inf'} and ${maximum ?? 'inf'}`);
  }
  return number;
}

/** Builds an object from `[{key, value}]`; empty keys are ignored, later keys win. */
export function keyValueObject(list: KeyValueList): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  for (const entry of list) if (entry.key !== '') setOwn(object, entry.key, entry.value ?? null);
  return object;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Text of a value for headers, query strings, switch cases and logs. */
export function asText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  return JSON.stringify(value);
}
