/**
 * The whitelisted methods, per receiver type. Nothing else can be called on a value. A whitelisted
 * method called on null (a missing path) gives null, like the path itself.
 */
import { fail } from './errors.js';
import { checkArrayLength, checkString, checkStringLength, MAX_ARRAY_LENGTH, type Budget } from './limits.js';
import { NOW_METHODS, NowValue } from './now.js';
import { isTruthy, ownEntries, toText, typeName } from './values.js';

export type Callback = (item: unknown, index: number) => unknown;

export interface MethodCall {
  readonly name: string;
  /** Evaluated arguments; the arrow function of a callback method is in `callback` instead. */
  readonly args: unknown[];
  readonly callback: Callback | undefined;
  readonly budget: Budget;
}

/** Methods whose first argument is an arrow function `x => ...` or `(x, i) => ...`. */
export const CALLBACK_METHODS = new Set(['map', 'filter', 'find', 'some', 'every']);

function stringArg(call: MethodCall, index: number): string {
  const value = call.args[index];
  if (typeof value !== 'string') {
    fail('type', `${call.name}() expects a string as argument ${index + 1}, got ${typeName(value)}`);
  }
  return value;
}

function optionalNumber(call: MethodCall, index: number): number | undefined {
  const value = call.args[index];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number') {
    fail('type', `${call.name}() expects a number as argument ${index + 1}, got ${typeName(value)}`);
  }
  return value;
}

function split(text: string, call: MethodCall): string[] {
  call.budget.chargeChars(text.length);
  if (call.args[0] === undefined || call.args[0] === null) return [text];
  const separator = stringArg(call, 0);
  const limit = optionalNumber(call, 1);
  const cap = Math.min(limit === undefined ? Infinity : Math.max(0, Math.trunc(limit)), MAX_ARRAY_LENGTH + 1);
  const parts = text.split(separator, cap);
  checkArrayLength(parts.length);
  call.budget.charge(parts.length);
  return parts;
}

function countOccurrences(text: string, pattern: string, budget: Budget): number {
  if (pattern === '') return text.length + 1;
  let count = 0;
  for (let at = text.indexOf(pattern); at !== -1; at = text.indexOf(pattern, at + pattern.length)) {
    count++;
    budget.charge();
  }
  return count;
}

/** String replacement; the replacement text is literal (no `$&`-style patterns). */
function replace(text: string, call: MethodCall, all: boolean): string {
  const pattern = stringArg(call, 0);
  const replacement = stringArg(call, 1);
  call.budget.chargeChars(text.length);
  const count = all ? countOccurrences(text, pattern, call.budget) : text.includes(pattern) ? 1 : 0;
  checkStringLength(text.length + count * (replacement.length - pattern.length));
  return all ? text.replaceAll(pattern, () => replacement) : text.replace(pattern, () => replacement);
}

type StringMethod = (text: string, call: MethodCall) => unknown;
const STRING_METHODS = new Map<string, StringMethod>([
  ['toUpperCase', (text) => checkString(text.toUpperCase())],
  ['toLowerCase', (text) => checkString(text.toLowerCase())],
  ['trim', (text) => text.trim()],
  ['split', split],
  ['replace', (text, call) => replace(text, call, false)],
  ['replaceAll', (text, call) => replace(text, call, true)],
  ['includes', (text, call) => text.includes(stringArg(call, 0))],
  ['startsWith', (text, call) => text.startsWith(stringArg(call, 0))],
  ['endsWith', (text, call) => text.endsWith(stringArg(call, 0))],
  ['slice', (text, call) => text.slice(optionalNumber(call, 0), optionalNumber(call, 1))],
]);

function callbackOf(call: MethodCall): Callback {
  if (!call.callback) fail('type', `${call.name}() needs an arrow function such as x => x.id`);
  return call.callback;
}

function join(items: unknown[], call: MethodCall): string {
  const separator = call.args[0] === undefined ? ',' : stringArg(call, 0);
  let length = 0;
  const parts = items.map((item, index) => {
    const text = toText(item);
    length += text.length + (index > 0 ? separator.length : 0);
    checkStringLength(length);
    return text;
  });
  return parts.join(separator);
}

type ArrayMethod = (items: unknown[], call: MethodCall) => unknown;
const ARRAY_METHODS = new Map<string, ArrayMethod>([
  [
    'map',
    (items, call) => {
      const callback = callbackOf(call);
      checkArrayLength(items.length);
      return items.map((item, index) => callback(item, index));
    },
  ],
  ['filter', (items, call) => items.filter((item, index) => isTruthy(callbackOf(call)(item, index)))],
  ['find', (items, call) => items.find((item, index) => isTruthy(callbackOf(call)(item, index))) ?? null],
  ['some', (items, call) => items.some((item, index) => isTruthy(callbackOf(call)(item, index)))],
  ['every', (items, call) => items.every((item, index) => isTruthy(callbackOf(call)(item, index)))],
  ['join', join],
  [
    'slice',
    (items, call) => {
      const result = items.slice(optionalNumber(call, 0), optionalNumber(call, 1));
      call.budget.charge(result.length);
      checkArrayLength(result.length);
      return result;
    },
  ],
  ['includes', (items, call) => items.includes(call.args[0])],
  ['first', (items) => items[0] ?? null],
  ['last', (items) => items[items.length - 1] ?? null],
]);

type ObjectMethod = (target: object) => unknown[];
const OBJECT_METHODS = new Map<string, ObjectMethod>([
  ['keys', (target) => ownEntries(target).map(([key]) => key)],
  ['values', (target) => ownEntries(target).map(([, value]) => value)],
]);

export function isKnownMethod(name: string): boolean {
  return (
    STRING_METHODS.has(name) || ARRAY_METHODS.has(name) || OBJECT_METHODS.has(name) || NOW_METHODS.has(name)
  );
}

export function callMethod(receiver: unknown, call: MethodCall): unknown {
  const { name } = call;
  if (receiver === null || receiver === undefined) return null;
  if (receiver instanceof NowValue) {
    const method = NOW_METHODS.get(name);
    if (method) return method(receiver, call.args);
  } else if (typeof receiver === 'string') {
    const method = STRING_METHODS.get(name);
    if (method) return method(receiver, call);
  } else if (Array.isArray(receiver)) {
    const method = ARRAY_METHODS.get(name);
    if (!method) return fail('type', `${name}() is not available on array`);
    if (name === 'includes' || name === 'join') call.budget.charge(receiver.length);
    return method(receiver, call);
  } else if (typeof receiver === 'object') {
    const method = OBJECT_METHODS.get(name);
    if (method) {
      const result = method(receiver);
      call.budget.charge(result.length);
      checkArrayLength(result.length);
      return result;
    }
  }
  return fail('type', `${name}() is not available on ${typeName(receiver)}`);
}
