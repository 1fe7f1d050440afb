import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { newExecutionId } from './execution-id.js';

describe('newExecutionId', () => {
  it('is a version 7, variant 10 uuid carrying the time in its first 48 bits', () => {
    const at = Date.UTC(2026, 10, 21, 5, 30, 0, 123);
    const id = newExecutionId(at);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBe(at);
  });

  it('carries any 48-bit millisecond count exactly, with the version and variant bits set', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 48 - 1 }), (at) => {
        const id = newExecutionId(at);
        expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
        expect(parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBe(at);
      }),
      { numRuns: 2000 },
    );
  });

  it('sorts by time, and ids of one millisecond differ', () => {
    const earlier = newExecutionId(1_000);
    const later = newExecutionId(1_001);
    expect(earlier < later).toBe(true);
    const sameMs = new Set(Array.from({ length: 1000 }, () => newExecutionId(5_000)));
    expect(sameMs.size).toBe(1000);
  });
});
