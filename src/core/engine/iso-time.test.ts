import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isoTime } from './iso-time.js';

describe('isoTime', () => {
  it('matches Date#toISOString for any instant, in any order', () => {
    fc.assert(
      fc.property(fc.integer({ min: -8.64e15, max: 8.64e15 }), (ms) => {
        expect(isoTime(ms)).toBe(new Date(ms).toISOString());
      }),
      { numRuns: 5000 },
    );
  });

  it('matches across the edges of a second and before 1970', () => {
    for (const ms of [0, 1, 9, 10, 99, 100, 999, 1000, 1001, -1, -999, -1000, -1001, 1_700_000_000_999]) {
      expect(isoTime(ms)).toBe(new Date(ms).toISOString());
    }
  });
});
