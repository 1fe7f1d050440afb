import { describe, expect, it } from 'vitest';
import { runNodeForTest } from '../test-support.js';
import switchNode from './index.js';

describe('switch', () => {
  it('compares the value with each case as strings', async () => {
    const data = { expression: '$input.code', cases: ['200', '404', 'true'] };
    expect(await runNodeForTest(switchNode, data, { input: { code: 404 } })).toEqual({
      output: { branch: 'case-1', value: 404 },
      branch: 'case-1',
    });
    expect(await runNodeForTest(switchNode, data, { input: { code: true } })).toMatchObject({
      branch: 'case-2',
    });
    expect(await runNodeForTest(switchNode, data, { input: { code: 500 } })).toMatchObject({
      branch: 'default',
    });
  });

  it('lists one handle per case plus default', () => {
    expect(switchNode.handles?.({ cases: ['a', 'b'] })).toEqual(['case-0', 'case-1', 'default']);
    expect(switchNode.handles?.({})).toEqual(['default']);
  });
});
