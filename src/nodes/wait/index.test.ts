import { describe, expect, it } from 'vitest';
import { runNodeForTest } from '../test-support.js';
import wait from './index.js';

describe('wait', () => {
  it('passes its input through after the delay', async () => {
    expect(await runNodeForTest(wait, { durationMs: 1 }, { input: { x: 1 } })).toEqual({ output: { x: 1 } });
    expect(await runNodeForTest(wait, { durationMs: '0' }, { input: 'y' })).toEqual({ output: 'y' });
  });

  it('is cancelled by the run signal', async () => {
    const controller = new AbortController();
    const pending = runNodeForTest(wait, { durationMs: 600_000 }, { signal: controller.signal });
    controller.abort(new Error('stop'));
    await expect(pending).rejects.toThrow('stop');
  });

  it('refuses a negative or huge duration', async () => {
    await expect(runNodeForTest(wait, { durationMs: -1 })).rejects.toThrow('"durationMs"');
    await expect(runNodeForTest(wait, { durationMs: '999999999999' })).rejects.toThrow(
      '"durationMs" must be between',
    );
  });
});
