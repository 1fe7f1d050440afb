import { describe, expect, it } from 'vitest';
import { applySuggestion, complete, looksComplete, looksLikeExpression } from './autocomplete';

const context = {
  ancestors: [
    { label: 'request', sample: { body: { name: 'Ada', 'first name': 'A' }, headers: {}, query: {} } },
    { label: 'shape', sample: { items: [1, 2] } },
  ],
  input: { greeting: 'hi' },
};

describe('complete', () => {
  it('offers roots (ancestor labels first, then built-ins) after $', () => {
    const result = complete('$', 1, context)!;
    expect(result.from).toBe(0);
    expect(result.items.map((s) => s.insert).slice(0, 4)).toEqual([
      '$request',
      '$shape',
      '$input',
      '$trigger',
    ]);
    expect(complete('Hi $re', 6, context)!.items.map((s) => s.insert)).toEqual(['$request']);
  });

  it('offers the fields of the sample along the typed path', () => {
    const result = complete('$request.bo', 11, context)!;
    expect(result.items.map((s) => s.insert)).toEqual(['$request.body']);
    const fields = complete('$request.body.', 14, context)!.items.map((s) => s.insert);
    expect(fields).toEqual(['$request.body.name', '$request.body["first name"]']);
    expect(complete('$shape.items.', 13, context)!.items.map((s) => s.label)).toEqual(['length']);
    expect(complete('$input.', 7, context)!.items.map((s) => s.insert)).toEqual(['$input.greeting']);
  });

  it('is silent outside references and after $$', () => {
    expect(complete('plain text', 5, context)).toBeNull();
    expect(complete('$$re', 4, context)).toBeNull();
    expect(complete('$unknown.', 9, context)!.items).toEqual([]);
  });

  it('replaces the typed reference and puts the caret after it', () => {
    const text = 'Hello $re!';
    const completion = complete(text, 9, context)!;
    expect(applySuggestion(text, completion, completion.items[0]!)).toEqual({
      value: 'Hello $request!',
      caret: 14,
    });
  });
});

describe('expression heuristics', () => {
  it('knows what holds an expression', () => {
    expect(looksLikeExpression('$a.b')).toBe(true);
    expect(looksLikeExpression('Hi {{ 1 + 1 }}')).toBe(true);
    expect(looksLikeExpression('costs $$5')).toBe(false);
    expect(looksLikeExpression('plain')).toBe(false);
  });

  it('waits for finished input before previewing', () => {
    expect(looksComplete('$a.b == "x"')).toBe(true);
    expect(looksComplete('$a.b == "x')).toBe(false);
    expect(looksComplete('$a.b ==')).toBe(false);
    expect(looksComplete('$a.')).toBe(false);
    expect(looksComplete('$a.map(x => x')).toBe(false);
    expect(looksComplete('{{ [1, 2] }}')).toBe(true);
  });
});
