import { fail } from './errors.js';

/** Longest expression source (one whole-field expression, one `{{ }}` block or one template reference). */
export const MAX_SOURCE_LENGTH = 10_000;
/** Deepest syntax tree, and deepest bracket nesting in a source; also bounds the evaluator's recursion. */
export const MAX_AST_DEPTH = 100;
/** Evaluation steps per rendered field: one per node visited, one per callback call, plus size-based costs. */
export const MAX_STEPS = 1_000_000;
/** Longest string an expression or a template may produce. */
export const MAX_STRING_LENGTH = 1_000_000;
/** Longest array an expression may produce (literals, map/filter results, split, slice). */
export const MAX_ARRAY_LENGTH = 100_000;
/** Characters of look-ahead the template scanner may spend on one field (guards against quadratic scans). */
export const MAX_SCAN_WORK = 10_000_000;

/** Native work on long strings costs one step per this many characters. */
const CHARS_PER_STEP = 64;

/** Step counter for one evaluation (one field). */
export class Budget {
  private steps = 0;

  charge(count = 1): void {
    this.steps += count;
    if (this.steps > MAX_STEPS) fail('limit', `evaluation exceeded the limit of ${MAX_STEPS} steps`);
  }

  /** Charges for native work proportional to a string length. */
  chargeChars(length: number): void {
    this.charge(1 + Math.floor(length / CHARS_PER_STEP));
  }
}

export function checkStringLength(length: number): void {
  if (length > MAX_STRING_LENGTH) {
    fail('limit', `result string would be longer than the limit of ${MAX_STRING_LENGTH} characters`);
  }
}

export function checkString(value: string): string {
  checkStringLength(value.length);
  return value;
}

export function checkArrayLength(length: number): void {
  if (length > MAX_ARRAY_LENGTH) {
    fail('limit', `result array would be longer than the limit of ${MAX_ARRAY_LENGTH} items`);
  }
}
