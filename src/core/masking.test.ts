import { describe, expect, it } from 'vitest';
import { createMasker, maskSecret, noMasking } from './masking.js';

describe('masking credential values in run data', () => {
  const mask = createMasker(['sk-live-1234567890', 'short', 'sk-live-1234567890-extended']);

  it('keeps the first 7 characters and replaces the rest with **', () => {
    expect(maskSecret('sk-live-1234567890')).toBe('sk-live**');
    expect(mask('token=sk-live-1234567890;')).toBe('token=sk-live**;');
  });

  it('walks objects and arrays and masks every occurrence', () => {
    expect(
      mask({
        a: ['sk-live-1234567890', { b: 'x sk-live-1234567890 y sk-live-1234567890' }],
        n: 3,
        t: true,
        z: null,
      }),
    ).toEqual({ a: ['sk-live**', { b: 'x sk-live** y sk-live**' }], n: 3, t: true, z: null });
  });

  it('replaces a longer secret whole before a shorter one it contains', () => {
    expect(mask('sk-live-1234567890-extended')).toBe('sk-live**');
  });

  it('leaves secrets of 7 characters or fewer alone, and values without secrets untouched', () => {
    expect(mask('a short word')).toBe('a short word');
    expect(createMasker(['short'])).toBe(noMasking);
    const input = { keep: 'me' };
    expect(mask(input)).toEqual(input);
  });
});
