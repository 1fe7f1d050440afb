/** Safe reading and conversion of data values: own data properties only, no prototype access. */
import { EvalFailure, fail } from './errors.js';
import { checkString, MAX_STRING_LENGTH } from './limits.js';
import { NowValue } from './now.js';

const FORBIDDEN_PROPERTIES = new Set(['__proto__', 'constructor', 'prototype']);
const ARRAY_INDEX = /^(?:0|[1-9]\d*)$/;

export function assertAccessible(name: string): void {
  if (FORBIDDEN_PROPERTIES.has(name)) fail('refused', `property ${JSON.stringify(name)} is not accessible`);
}

/** Converts a computed key (`a[key]`) to a property name. */
export function propertyKey(key: unknown): string {
  if (typeof key === 'string') return key;
  if (typeof key === 'number') return String(key);
  return fail('type', `a property key must be a string or a number, not ${typeName(key)}`);
}

/**
 * Reads one property. Missing paths give null: reading from null, a missing key or a primitive
 * without that property never throws. Only strings' `length`/indexes, arrays' `length`/indexes and
 * objects' own data properties (never getters, never functions) are visible.
 */
export function readProperty(target: unknown, key: string): unknown {
  assertAccessible(key);
  if (typeof target === 'string') {
    if (key === 'length') return target.length;
    return ARRAY_INDEX.test(key) ? (target[Number(key)] ?? null) : null;
  }
  if (Array.isArray(target)) {
    if (key === 'length') return target.length;
    return ARRAY_INDEX.test(key) ? ownData(target, key) : null;
  }
  if (typeof target === 'object' && target !== null && !(target instanceof NowValue))
    return ownData(target, key);
  return null;
}

function ownData(target: object, key: string): unknown {
  const descriptor = Object.getOwnPropertyDescriptor(target, key);
  if (!descriptor || !('value' in descriptor)) return null;
  const value: unknown = descriptor.value;
  return value === undefined || typeof value === 'function' ? null : value;
}

/** The own, enumerable, data-valued entries of an object (no getters run). */
export function ownEntries(target: object): [string, unknown][] {
  return Object.keys(target).map((key) => [key, ownData(target, key)]);
}

export function typeName(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return 'array';
  if (value instanceof NowValue) return 'date';
  return typeof value;
}

export function isTruthy(value: unknown): boolean {
  return Boolean(value);
}

/** `$now` helpers become ISO strings wherever they are used as values. */
export function toPlain(value: unknown): unknown {
  if (value instanceof NowValue) return value.toISOString();
  return value === undefined ? null : value;
}

/** JSON.stringify that stops once the output would exceed MAX_STRING_LENGTH. */
export function stringifyBounded(value: unknown, space?: string | number): string | undefined {
  let remaining = MAX_STRING_LENGTH;
  const replacer = (key: string, item: unknown): unknown => {
    remaining -= key.length + 4 + (typeof item === 'string' ? item.length : 0);
    if (remaining < 0)
      fail('limit', `JSON would be longer than the limit of ${MAX_STRING_LENGTH} characters`);
    if (typeof item === 'bigint') return item.toString();
    return item instanceof NowValue ? item.toISOString() : item;
  };
  let text: string | undefined;
  try {
    text = JSON.stringify(value, replacer, space);
  } catch (error) {
    if (error instanceof EvalFailure) throw error;
    fail('type', `cannot convert to JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  return text === undefined ? undefined : checkString(text);
}

/** Template stringification: null -> "", objects and arrays -> JSON, dates -> ISO 8601. */
export function toText(value: unknown): string {
  if (value === null || value === undefined || typeof value === 'function') return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  if (typeof value === 'symbol') return '';
  if (value instanceof NowValue) return value.toISOString();
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString();
  return stringifyBounded(value) ?? '';
}
