/**
 * The callable globals: `Number(x)`, `String(x)`, `Boolean(x)`, `JSON.stringify(value, null, indent)`,
 * `JSON.parse(text)`, the `Math` functions listed below and the constants `Math.PI`, `Math.E`.
 */
import { fail } from './errors.js';
import { checkString, type Budget } from './limits.js';
import { isTruthy, stringifyBounded, toPlain, typeName } from './values.js';

type GlobalFunction = (args: unknown[], budget: Budget) => unknown;

function mathArgs(name: string, args: unknown[]): number[] {
  return args.map((arg) => {
    if (typeof arg !== 'number') fail('type', `Math.${name}() expects numbers, got ${typeName(arg)}`);
    return arg;
  });
}

const unaryMath = (name: string, fn: (value: number) => number): [string, GlobalFunction] => [
  name,
  (args) => fn(mathArgs(name, args)[0] ?? NaN),
];

const MATH_FUNCTIONS = new Map<string, GlobalFunction>([
  unaryMath('abs', Math.abs),
  unaryMath('ceil', Math.ceil),
  unaryMath('floor', Math.floor),
  unaryMath('round', Math.round),
  unaryMath('sqrt', Math.sqrt),
  unaryMath('trunc', Math.trunc),
  unaryMath('sign', Math.sign),
  ['min', (args) => Math.min(...mathArgs('min', args))],
  ['max', (args) => Math.max(...mathArgs('max', args))],
  [
    'pow',
    (args) => {
      const [base = NaN, exponent = NaN] = mathArgs('pow', args);
      return Math.pow(base, exponent);
    },
  ],
  ['random', () => Math.random()],
]);

const MATH_CONSTANTS = new Map<string, number>([
  ['PI', Math.PI],
  ['E', Math.E],
]);

function indentOf(space: unknown): string | number | undefined {
  if (space === undefined || space === null) return undefined;
  if (typeof space === 'number') return Math.max(0, Math.min(10, Math.trunc(space)));
  if (typeof space === 'string') return space.slice(0, 10);
  return fail('type', `JSON.stringify() indent must be a number or a string, got ${typeName(space)}`);
}

const JSON_FUNCTIONS = new Map<string, GlobalFunction>([
  [
    'stringify',
    (args, budget) => {
      if (args[1] !== undefined && args[1] !== null)
        fail('type', 'JSON.stringify() replacers are not supported');
      const text = stringifyBounded(args[0], indentOf(args[2]));
      if (text !== undefined) budget.chargeChars(text.length);
      return text ?? null;
    },
  ],
  [
    'parse',
    (args, budget) => {
      const [text] = args;
      if (typeof text !== 'string') fail('type', `JSON.parse() expects a string, got ${typeName(text)}`);
      budget.chargeChars(text.length);
      try {
        return JSON.parse(text) as unknown;
      } catch (error) {
        return fail('type', `JSON.parse(): ${error instanceof Error ? error.message : String(error)}`);
      }
    },
  ],
]);

function toNumber(value: unknown): number {
  if (value === undefined || value === null) return 0;
  if (typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean')
    return Number(value);
  return NaN;
}

/** JS semantics for primitives; objects and arrays become JSON. */
function toStringValue(value: unknown): string {
  const plain = toPlain(value);
  if (typeof plain === 'object' && plain !== null) return stringifyBounded(plain) ?? '';
  return checkString(String(plain));
}

const FUNCTIONS = new Map<string, GlobalFunction>([
  ['Number', (args) => toNumber(args[0])],
  ['String', (args) => (args.length === 0 ? '' : toStringValue(args[0]))],
  ['Boolean', (args) => isTruthy(args[0])],
]);

const NAMESPACES = new Map<string, Map<string, GlobalFunction>>([
  ['JSON', JSON_FUNCTIONS],
  ['Math', MATH_FUNCTIONS],
]);

export function isGlobalName(name: string): boolean {
  return FUNCTIONS.has(name) || NAMESPACES.has(name);
}

export function isNamespace(name: string): boolean {
  return NAMESPACES.has(name);
}

/** `Number(x)` etc.; `namespace` is set for `JSON.parse(x)` and `Math.max(...)`. */
export function callGlobal(
  namespace: string | undefined,
  name: string,
  args: unknown[],
  budget: Budget,
): unknown {
  const fn = namespace === undefined ? FUNCTIONS.get(name) : NAMESPACES.get(namespace)?.get(name);
  if (!fn) fail('reference', `unknown function ${namespace === undefined ? name : `${namespace}.${name}`}`);
  return fn(args, budget);
}

export function readNamespaceConstant(namespace: string, name: string): unknown {
  const value = namespace === 'Math' ? MATH_CONSTANTS.get(name) : undefined;
  if (value === undefined) {
    fail(
      'reference',
      `${namespace}.${name} is not a value; only Math.PI and Math.E are (did you mean to call it?)`,
    );
  }
  return value;
}
