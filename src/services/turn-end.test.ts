import { describe, expect, it } from 'vitest';
import { TurnEnd } from './turn-end.js';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('TurnEnd', () => {
  it('runs nothing before the end of the turn, then every reply before any background task', async () => {
    const order: string[] = [];
    const turnEnd = new TurnEnd(() => {});
    turnEnd.afterReplies(() => order.push('background 1'));
    turnEnd.reply(() => order.push('reply 1'));
    turnEnd.afterReplies(() => order.push('background 2'));
    turnEnd.reply(() => order.push('reply 2'));
    await Promise.resolve();
    expect(order).toEqual([]);
    await nextTurn();
    expect(order).toEqual(['reply 1', 'reply 2', 'background 1', 'background 2']);
  });

  it('runs the tasks queued by a task in a later turn', async () => {
    const order: string[] = [];
    const turnEnd = new TurnEnd(() => {});
    turnEnd.reply(() => {
      order.push('first');
      turnEnd.reply(() => order.push('queued by first'));
    });
    await nextTurn();
    expect(order).toEqual(['first']);
    await nextTurn();
    expect(order).toEqual(['first', 'queued by first']);
  });

  it('reports a task that throws and still runs the others', async () => {
    const errors: unknown[] = [];
    const ran: string[] = [];
    const turnEnd = new TurnEnd((error) => errors.push(error));
    turnEnd.reply(() => {
      throw new Error('boom');
    });
    turnEnd.reply(() => ran.push('reply'));
    turnEnd.afterReplies(() => ran.push('background'));
    await nextTurn();
    expect(ran).toEqual(['reply', 'background']);
    expect(errors).toHaveLength(1);
    expect((errors[0] as Error).message).toBe('boom');
  });
});
