import { describe, expect, it } from 'vitest';
import { runNodeForTest } from '../test-support.js';
import errorHandler from './index.js';

describe('errorHandler', () => {
  it('outputs the error it was given', async () => {
    const input = { error: { message: 'boom', node_label: 'a', node_id: 'n1' } };
    expect(await runNodeForTest(errorHandler, {}, { input })).toEqual({ output: input });
  });
});
