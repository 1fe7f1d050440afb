import { describe, expect, it } from 'vitest';
import { createTestContext, runNodeWithContext } from '../test-support.js';
import consoleLog from './index.js';

describe('consoleLog', () => {
  it('logs the rendered message and passes the input through', async () => {
    const ctx = createTestContext({ input: { user: 'ada' } });
    const result = await runNodeWithContext(consoleLog, { message: 'user is $input.user' }, ctx);
    expect(result.output).toEqual({ user: 'ada' });
    expect(ctx.logs).toEqual([{ level: 'info', message: 'user is ada' }]);
  });

  it('logs the input as JSON without a message', async () => {
    const ctx = createTestContext({ input: { a: 1 } });
    await runNodeWithContext(consoleLog, {}, ctx);
    expect(ctx.logs).toEqual([{ level: 'info', message: '{"a":1}' }]);
  });
});
