import { describe, expect, it } from 'vitest';
import { RunChannel, RunChannels } from './run-channel.js';

describe('run channels', () => {
  it('replays frames after an id, follows live ones and ends at execution_complete', () => {
    const channel = new RunChannel();
    channel.push({ type: 'execution_started' });
    channel.push({ type: 'node_start' });
    const seen: number[] = [];
    let ended = 0;
    channel.follow(
      1,
      (frame) => seen.push(frame.id),
      () => ended++,
    );
    channel.push({ type: 'node_complete' });
    channel.push({ type: 'execution_complete' });
    channel.push({ type: 'late' });
    expect(seen).toEqual([2, 3, 4]);
    expect(ended).toBe(1);
  });

  it('tells followers the run is over when it closes without a final frame', () => {
    const channel = new RunChannel();
    let ended = 0;
    channel.follow(
      0,
      () => {},
      () => ended++,
    );
    channel.close();
    channel.close();
    expect(ended).toBe(1);
    let lateEnded = 0;
    channel.follow(
      0,
      () => {},
      () => lateEnded++,
    );
    expect(lateEnded).toBe(1);
  });

  it('a follower whose listener throws is still ended at execution_complete', () => {
    const channel = new RunChannel();
    let ended = 0;
    channel.follow(
      0,
      () => {
        throw new Error('broken client');
      },
      () => ended++,
    );
    expect(() => channel.push({ type: 'execution_complete' })).toThrow('broken client');
    expect(ended).toBe(1);
  });

  it('forgets a finished run at once (its frames live on in history)', () => {
    const channels = new RunChannels();
    channels.open('a');
    expect(channels.get('a')).toBeDefined();
    channels.finish('a');
    expect(channels.get('a')).toBeUndefined();
  });
});
