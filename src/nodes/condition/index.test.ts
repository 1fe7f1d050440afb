import { describe, expect, it } from 'vitest';
import { runNodeForTest } from '../test-support.js';
import condition from './index.js';

describe('condition', () => {
  it('evaluates the raw condition and routes the matching handle', async () => {
    const options = { input: { count: 3 }, nodes: { prev: { ok: true } } };
    expect(await runNodeForTest(condition, { condition: '$input.count > 2' }, options)).toEqual({
      output: { branch: 'true' },
      branch: 'true',
    });
    expect(await runNodeForTest(condition, { condition: '{{ $input.count > 5 }}' }, options)).toMatchObject({
      branch: 'false',
    });
    expect(await runNodeForTest(condition, { condition: '!$prev.ok' }, options)).toMatchObject({
      branch: 'false',
    });
  });

  it('accepts a literal boolean', async () => {
    expect(await runNodeForTest(condition, { condition: true })).toMatchObject({ branch: 'true' });
  });

  it('has true and false handles', () => {
    expect(condition.handles?.({})).toEqual(['true', 'false']);
  });

  it('fails on a broken expression', async () => {
    await expect(runNodeForTest(condition, { condition: '$input.a >' })).rejects.toThrow(/Expression error/);
  });
});
