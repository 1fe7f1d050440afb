import { describe, expect, it } from 'vitest';
import { runNodeForTest } from '../test-support.js';
import jsonOutputMapper from './index.js';

describe('jsonOutputMapper', () => {
  it('maps values into an object', async () => {
    const result = await runNodeForTest(
      jsonOutputMapper,
      {
        mappings: [
          { key: 'id', value: '$input.id' },
          { key: 'ok', value: 'true' },
        ],
      },
      { input: { id: 12 } },
    );
    expect(result.output).toEqual({ id: 12, ok: 'true' });
  });
});
