import { describe, expect, it } from 'vitest';
import { runNodeForTest } from '../test-support.js';
import cron from './index.js';

describe('cron', () => {
  it('reports the trigger time from the payload', async () => {
    const result = await runNodeForTest(
      cron,
      { cronExpression: '*/5 * * * *' },
      { trigger: { triggered_by: 'cron', triggered_at: '2024-05-01T10:00:00.000Z' } },
    );
    expect(result.output).toEqual({ triggered_by: 'cron', triggered_at: '2024-05-01T10:00:00.000Z' });
  });

  it('falls back to now', async () => {
    const now = new Date('2024-06-01T00:00:00.000Z');
    const result = await runNodeForTest(cron, { cronExpression: '0 * * * *' }, { now: () => now });
    expect(result.output).toEqual({ triggered_by: 'cron', triggered_at: now.toISOString() });
  });

  it('requires a cron expression', async () => {
    await expect(runNodeForTest(cron, {})).rejects.toThrow('"cronExpression" is required');
  });
});
