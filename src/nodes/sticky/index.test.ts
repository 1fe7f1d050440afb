import { describe, expect, it } from 'vitest';
import { runNodeForTest } from '../test-support.js';
import sticky from './index.js';

describe('sticky', () => {
  it('is a note with no output', async () => {
    expect(await runNodeForTest(sticky, { note: 'remember $input' })).toEqual({ output: null });
  });
});
