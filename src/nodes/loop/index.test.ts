import { describe, expect, it } from 'vitest';
import { runNodeForTest } from '../test-support.js';
import loop from './index.js';

describe('loop', () => {
  it('asks the engine to iterate over the items', async () => {
    expect(await runNodeForTest(loop, { items: '$input.list' }, { input: { list: ['a', 'b'] } })).toEqual({
      output: null,
      iterate: ['a', 'b'],
    });
  });

  it('treats a missing list as empty', async () => {
    expect(await runNodeForTest(loop, { items: '$input.nothing' }, { input: {} })).toMatchObject({
      iterate: [],
    });
  });

  it('refuses a value that is not an array', async () => {
    await expect(runNodeForTest(loop, { items: '$input.n' }, { input: { n: 5 } })).rejects.toThrow('"items"');
  });

  it('refuses more items than the iteration cap', async () => {
    await expect(runNodeForTest(loop, { items: new Array(100_001).fill(0) })).rejects.toThrow(
      'exceeds the limit of 100000 iterations',
    );
  });

  it('has loop and done handles', () => {
    expect(loop.handles?.({})).toEqual(['loop', 'done']);
  });
});
