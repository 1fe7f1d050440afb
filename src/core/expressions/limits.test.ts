import { describe, expect, it } from 'vitest';
import {
  evaluateExpression,
  ExpressionError,
  MAX_ARRAY_LENGTH,
  MAX_AST_DEPTH,
  MAX_SOURCE_LENGTH,
  MAX_STEPS,
  MAX_STRING_LENGTH,
  renderField,
  type ExpressionScope,
} from './index.js';

const range = (length: number): number[] => Array.from({ length }, (_, index) => index);

function scopeWith(input: unknown): ExpressionScope {
  return { input, nodes: {} };
}

function limitError(run: () => unknown): ExpressionError {
  try {
    run();
  } catch (error) {
    if (error instanceof ExpressionError && error.kind === 'limit') return error;
    throw error;
  }
  throw new Error('expected a limit error');
}

describe('limits', () => {
  it('exports sane values', () => {
    expect(MAX_SOURCE_LENGTH).toBe(10_000);
    expect(MAX_AST_DEPTH).toBe(100);
    expect(MAX_STEPS).toBe(1_000_000);
    expect(MAX_STRING_LENGTH).toBe(1_000_000);
    expect(MAX_ARRAY_LENGTH).toBe(100_000);
  });

  it('rejects a source longer than MAX_SOURCE_LENGTH', () => {
    const source = `"${'x'.repeat(MAX_SOURCE_LENGTH)}"`;
    expect(limitError(() => evaluateExpression(source, scopeWith(null))).reason).toMatch(
      /longer than the limit/,
    );
  });

  it('accepts a source just under the limit', () => {
    const source = `"${'x'.repeat(MAX_SOURCE_LENGTH - 2)}"`;
    expect(evaluateExpression(source, scopeWith(null))).toHaveLength(MAX_SOURCE_LENGTH - 2);
  });

  it.each([
    ['parentheses', (n: number) => `${'('.repeat(n)}1${')'.repeat(n)}`],
    ['arrays', (n: number) => `${'['.repeat(n)}1${']'.repeat(n)}`],
    ['objects', (n: number) => `${'{a:'.repeat(n)}1${'}'.repeat(n)}`],
    ['unary minus', (n: number) => `${'-'.repeat(n)}1`],
    ['negation', (n: number) => `${'!'.repeat(n)}1`],
    ['a binary chain', (n: number) => Array.from({ length: n + 2 }, () => '1').join(' + ')],
    ['member chains', (n: number) => `$input${'.a'.repeat(n + 1)}`],
    ['nested ternaries', (n: number) => `${'true ? '.repeat(n)}1${' : 2'.repeat(n)}`],
  ])('rejects %s nested deeper than MAX_AST_DEPTH', (_name, build) => {
    const error = limitError(() => evaluateExpression(build(MAX_AST_DEPTH + 1), scopeWith({})));
    expect(error.reason).toMatch(/nested (deeper than the limit|too deeply)/);
  });

  it('survives absurd nesting without a stack overflow', () => {
    const source = '('.repeat(4_000) + '1' + ')'.repeat(4_000);
    expect(limitError(() => evaluateExpression(source, scopeWith(null))).reason).toMatch(/nested/);
    const unary = '-'.repeat(MAX_SOURCE_LENGTH - 1) + '1';
    expect(limitError(() => evaluateExpression(unary, scopeWith(null))).reason).toMatch(/nested/);
  });

  it('accepts nesting within the limit', () => {
    expect(evaluateExpression(`${'('.repeat(40)}1${')'.repeat(40)}`, scopeWith(null))).toBe(1);
    expect(evaluateExpression(`${'['.repeat(40)}${']'.repeat(40)}`, scopeWith(null))).toHaveLength(1);
  });

  it('stops runaway nested loops at the step limit', () => {
    const scope = scopeWith({ items: range(1000) });
    const started = Date.now();
    const error = limitError(() =>
      evaluateExpression('$input.items.map(x => $input.items.map(y => $input.items.map(z => 1)))', scope),
    );
    expect(error.reason).toBe(`evaluation exceeded the limit of ${MAX_STEPS} steps`);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('charges native array work: includes inside map hits the step limit', () => {
    const scope = scopeWith({ items: range(5_000) });
    expect(
      limitError(() => evaluateExpression('$input.items.filter(x => $input.items.includes(x))', scope))
        .reason,
    ).toMatch(/steps/);
  });

  it('allows a large but linear map', () => {
    const scope = scopeWith({ items: range(50_000) });
    const result = evaluateExpression('$input.items.map(x => x * 2)', scope) as number[];
    expect(result).toHaveLength(50_000);
    expect(result[49_999]).toBe(99_998);
  });

  it.each([
    ['concatenation', '$input.big + $input.big'],
    ['join', '$input.items.map(x => $input.big).join("")'],
    ['replaceAll', '$input.big.replaceAll("x", "xxxxxxxxxx")'],
    ['replaceAll with an empty pattern', '$input.small.replaceAll("", $input.big)'],
    ['replace', '$input.big.replace("x", $input.big)'],
    ['JSON.stringify', 'JSON.stringify($input.items.map(x => $input.big))'],
    ['String()', 'String($input.items.map(x => $input.big))'],
    ['concatenation in a loop', '$input.items.map(x => $input.big + $input.big).length'],
  ])('stops giant string building: %s', (_name, source) => {
    const scope = scopeWith({ big: 'x'.repeat(600_000), small: 'abc', items: range(10) });
    expect(limitError(() => evaluateExpression(source, scope)).reason).toMatch(/longer than the limit/);
  });

  it('stops giant arrays: split, slice and literals', () => {
    const scope = scopeWith({ big: 'x'.repeat(MAX_ARRAY_LENGTH + 10), items: range(MAX_ARRAY_LENGTH + 10) });
    expect(limitError(() => evaluateExpression('$input.big.split("")', scope)).reason).toMatch(
      /array would be longer/,
    );
    expect(limitError(() => evaluateExpression('$input.items.slice(0)', scope)).reason).toMatch(
      /array would be longer/,
    );
    expect(limitError(() => evaluateExpression('$input.items.map(x => x)', scope)).reason).toMatch(
      /array would be longer/,
    );
  });

  it('stops a template whose output would exceed the string limit', () => {
    const scope = scopeWith({ big: 'y'.repeat(400_000) });
    expect(limitError(() => renderField('$input.big $input.big $input.big', scope)).reason).toMatch(
      /longer than the limit/,
    );
  });

  it('stops pathological templates quickly', () => {
    const field = '$input.a('.repeat(50_000);
    const started = Date.now();
    expect(limitError(() => renderField(field, scopeWith({ a: 1 }))).reason).toMatch(/too complex/);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('handles huge plain text and huge inputs without trouble', () => {
    const text = 'plain '.repeat(200_000);
    expect(renderField(text, scopeWith(null))).toBe(text);
    const scope = scopeWith({ big: 'z'.repeat(MAX_STRING_LENGTH) });
    expect(renderField('$input.big', scope)).toHaveLength(MAX_STRING_LENGTH);
    expect(evaluateExpression('$input.big.length', scope)).toBe(MAX_STRING_LENGTH);
  });

  it('treats a too-long whole-field candidate as a template of references', () => {
    const field = `$input.a ${'x'.repeat(MAX_SOURCE_LENGTH)}`;
    expect(renderField(field, scopeWith({ a: 'A' }))).toBe(`A ${'x'.repeat(MAX_SOURCE_LENGTH)}`);
  });

  it('counts steps per field, not per process', () => {
    const scope = scopeWith({ items: range(200) });
    for (let round = 0; round < 20; round++) {
      expect(evaluateExpression('$input.items.map(x => $input.items.map(y => 1)).length', scope)).toBe(200);
    }
  });
});
