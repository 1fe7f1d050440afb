import { describe, expect, it } from 'vitest';
import { runNodeForTest } from '../test-support.js';
import merge from './index.js';

describe('merge', () => {
  it('outputs the live inputs keyed by source label', async () => {
    const inputs = { left: { a: 1 }, right: [2] };
    expect(await runNodeForTest(merge, {}, { inputs, input: inputs })).toEqual({ output: inputs });
  });

  it('keys a single input by its label too', async () => {
    expect(await runNodeForTest(merge, {}, { inputs: { only: 1 }, input: 1 })).toEqual({
      output: { only: 1 },
    });
  });
});
