/**
 * Operator semantics. Deliberately stricter than JS to avoid coercion surprises:
 * - `==` and `===` are the same strict equality (JS `===`); `!=` and `!==` its negation.
 * - `+` adds two numbers, or concatenates when either side is a string (the other side converted as
 *   JS would for primitives, as JSON for objects and arrays); any other mix is a type error.
 * - `- * / %` and unary `-` need numbers; `< > <= >=` need two numbers or two strings.
 * - `&& || ??` (in evaluate.ts) short-circuit and return an operand, as in JS; `!` uses JS truthiness.
 */
import { fail } from './errors.js';
import { checkStringLength } from './limits.js';
import { isTruthy, stringifyBounded, typeName } from './values.js';

function operandText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'object') return stringifyBounded(value) ?? 'null';
  return String(value);
}

function concat(left: unknown, right: unknown): string {
  const a = operandText(left);
  const b = operandText(right);
  checkStringLength(a.length + b.length);
  return a + b;
}

function numbers(operator: string, left: unknown, right: unknown): [number, number] {
  if (typeof left !== 'number' || typeof right !== 'number') {
    fail('type', `operator ${operator} needs numbers, got ${typeName(left)} and ${typeName(right)}`);
  }
  return [left, right];
}

function order<T extends number | string>(left: T, right: T): number {
  if (left < right) return -1;
  if (left > right) return 1;
  return left === right ? 0 : NaN;
}

/** -1, 0 or 1; NaN when either side is NaN (every comparison is then false, as in JS). */
function compare(operator: string, left: unknown, right: unknown): number {
  if (typeof left === 'number' && typeof right === 'number') return order(left, right);
  if (typeof left === 'string' && typeof right === 'string') return order(left, right);
  return fail(
    'type',
    `operator ${operator} needs two numbers or two strings, got ${typeName(left)} and ${typeName(right)}`,
  );
}

export function applyBinary(operator: string, left: unknown, right: unknown): unknown {
  switch (operator) {
    case '+':
      if (typeof left === 'number' && typeof right === 'number') return left + right;
      if (typeof left === 'string' || typeof right === 'string') return concat(left, right);
      return fail(
        'type',
        `operator + needs numbers or a string, got ${typeName(left)} and ${typeName(right)}`,
      );
    case '-': {
      const [a, b] = numbers(operator, left, right);
      return a - b;
    }
    case '*': {
      const [a, b] = numbers(operator, left, right);
      return a * b;
    }
    case '/': {
      const [a, b] = numbers(operator, left, right);
      return a / b;
    }
    case '%': {
      const [a, b] = numbers(operator, left, right);
      return a % b;
    }
    case '==':
    case '===':
      return left === right;
    case '!=':
    case '!==':
      return left !== right;
    case '<':
      return compare(operator, left, right) < 0;
    case '>':
      return compare(operator, left, right) > 0;
    case '<=':
      return compare(operator, left, right) <= 0;
    case '>=':
      return compare(operator, left, right) >= 0;
    default:
      return fail('syntax', `operator ${operator} is not supported`);
  }
}

export function applyUnary(operator: string, value: unknown): unknown {
  if (operator === '!') return !isTruthy(value);
  if (operator === '-') {
    if (typeof value !== 'number') fail('type', `unary - needs a number, got ${typeName(value)}`);
    return -value;
  }
  return fail('syntax', `operator ${operator} is not supported`);
}
