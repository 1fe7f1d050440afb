import { describe, expect, it } from 'vitest';
import { createTestContext, runNodeForTest, runNodeWithContext } from '../test-support.js';
import variable from './index.js';

describe('variable', () => {
  it('sets a run variable', async () => {
    const ctx = createTestContext({ input: { n: 2 } });
    const result = await runNodeWithContext(variable, { name: 'total', value: '$input.n * 3' }, ctx);
    expect(result.output).toEqual({ name: 'total', value: 6 });
    expect(ctx.vars).toEqual({ total: 6 });
    expect(ctx.globals).toEqual({});
  });

  it('sets a global variable through the port', async () => {
    const stored: unknown[] = [];
    const ctx = createTestContext({ setGlobal: (name, value) => void stored.push([name, value]) });
    await runNodeWithContext(variable, { name: 'flag', value: 'on', isGlobal: true }, ctx);
    expect(stored).toEqual([['flag', 'on']]);
    expect(ctx.globals).toEqual({ flag: 'on' });
  });

  it('refuses a name that is not an identifier', async () => {
    await expect(runNodeForTest(variable, { name: 'a b', value: 1 })).rejects.toThrow('"name"');
  });
});
