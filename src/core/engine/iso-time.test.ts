import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isoTime, isoTimeMs } from './iso-time.js';

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

describe('isoTimeMs', () => {
  it('reads back every instant isoTime writes, as Date.parse does', () => {
    fc.assert(
      fc.property(fc.integer({ min: -8.64e15, max: 8.64e15 }), (ms) => {
        const text = isoTime(ms);
        expect(isoTimeMs(text)).toBe(Date.parse(text));
        expect(isoTimeMs(text)).toBe(ms);
      }),
      { numRuns: 5000 },
    );
  });

  it('reads texts of the second isoTime last wrote as Date.parse does, however their milliseconds read', () => {
    const prefix = isoTime(1_763_740_800_000).slice(0, 20);
    for (const tail of ['000Z', '999Z', '05Z', '0a1Z', '-01Z', '123+']) {
      expect(isoTimeMs(prefix + tail)).toEqual(Date.parse(prefix + tail));
    }
    expect(isoTimeMs('2026-11-21T16:00:01.250Z')).toBe(Date.parse('2026-11-21T16:00:01.250Z'));
  });

  it('reads years before 100 as they are, and hands other forms to Date.parse', () => {
    for (const text of [
      '0050-01-02T03:04:05.006Z',
      '2026-11-21T05:00:00Z',
      '2026-11-21 05:00:00.101Z',
      'no',
    ]) {
      expect(isoTimeMs(text)).toEqual(Date.parse(text));
    }
  });
});
