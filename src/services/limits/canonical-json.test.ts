import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical-json.js';

describe('canonicalJson', () => {
  it('sorts object keys at every depth and keeps array order', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[3,{"y":2,"z":1}]},"b":1}',
    );
  });

  it('gives the same text for the same value written in another key order', () => {
    expect(canonicalJson({ x: 1, y: { p: 'a', q: 'b' } })).toBe(
      canonicalJson({ y: { q: 'b', p: 'a' }, x: 1 }),
    );
  });

  it('drops undefined properties as JSON does', () => {
    expect(canonicalJson({ a: undefined, b: 2 })).toBe('{"b":2}');
  });
});
