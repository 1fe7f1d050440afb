import { describe, expect, it } from 'vitest';
import { runNodeForTest } from '../test-support.js';
import output from './index.js';

describe('output', () => {
  it('outputs the rendered value', async () => {
    expect(await runNodeForTest(output, { value: '$input.a' }, { input: { a: [1] } })).toEqual({
      output: [1],
      returnEarly: false,
    });
  });

  it('defaults to $input', async () => {
    expect(await runNodeForTest(output, {}, { input: { a: 1 } })).toMatchObject({ output: { a: 1 } });
    expect(await runNodeForTest(output, { value: '' }, { input: 'x' })).toMatchObject({ output: 'x' });
  });

  it('asks for an early answer with returnEarly', async () => {
    expect(await runNodeForTest(output, { value: 'ok', returnEarly: true })).toEqual({
      output: 'ok',
      returnEarly: true,
    });
  });
});
