import { describe, expect, it } from 'vitest';
import { runNodeForTest } from '../test-support.js';
import set from './index.js';

describe('set', () => {
  it('builds an object from rendered mappings, keeping native types', async () => {
    const result = await runNodeForTest(
      set,
      {
        mappings: [
          { key: 'greeting', value: 'Hello $req.body.name' },
          { key: 'count', value: '$req.body.items.length + 1' },
          { key: 'literal', value: 'a $$5 bill' },
          { key: '', value: 'ignored' },
          { key: 'empty' },
        ],
      },
      { nodes: { req: { body: { name: 'Ada', items: [1, 2] } } } },
    );
    expect(result.output).toEqual({ greeting: 'Hello Ada', count: 3, literal: 'a $5 bill', empty: null });
  });

  it("lets a later mapping of the same key win, in the first one's place", async () => {
    const result = await runNodeForTest(set, {
      mappings: [
        { key: 'a', value: '1' },
        { key: 'b', value: '2' },
        { key: 'a', value: '3' },
      ],
    });
    expect(Object.entries(result.output as object)).toEqual([
      ['a', '3'],
      ['b', '2'],
    ]);
  });

  it('does not let a __proto__ key touch the prototype', async () => {
    const result = await runNodeForTest(set, { mappings: [{ key: '__proto__', value: 'x' }] });
    expect(Object.getPrototypeOf(result.output)).toBe(Object.prototype);
    expect(Object.keys(result.output as object)).toEqual(['__proto__']);
  });

  it('refuses malformed mappings', async () => {
    await expect(runNodeForTest(set, { mappings: [{ value: 1 }] })).rejects.toThrow(
      '"mappings[0].key" is required',
    );
  });
});
