import { afterAll, describe, expect, it, vi } from 'vitest';
import { hasRedis, REDIS_URL } from '../../../test/support/services.js';
import { RedisStore } from './redis-store.js';
import { runSharedStoreContract, uniquePrefix } from './test-support/shared-store.contract.js';

const redis = await hasRedis();

describe.skipIf(!redis)('RedisStore', () => {
  runSharedStoreContract('RedisStore', (options) => new RedisStore({ ...options, url: REDIS_URL }));

  describe('several instances on one Redis', () => {
    const prefix = uniquePrefix();
    const first = new RedisStore({ url: REDIS_URL, prefix });
    const second = new RedisStore({ url: REDIS_URL, prefix });
    const elsewhere = new RedisStore({ url: REDIS_URL, prefix: uniquePrefix() });

    afterAll(async () => {
      await first.delPrefix('');
      await elsewhere.delPrefix('');
      await Promise.all([first.close(), second.close(), elsewhere.close()]);
    });

    it('share window counts exactly: 15 + 15 simultaneous hits with limit 10 give 20 rejections', async () => {
      const hits = Array.from({ length: 15 }, () => [
        first.slidingWindowHit('shared', 10, 60_000),
        second.slidingWindowHit('shared', 10, 60_000),
      ]).flat();
      const results = await Promise.all(hits);
      expect(results.filter((r) => !r.allowed)).toHaveLength(20);
    });

    it('share keys and messages', async () => {
      const received: string[] = [];
      await first.set('greeting', 'hello');
      await first.subscribe('cancel', (message) => received.push(message));
      await second.publish('cancel', 'run-1');
      expect(await second.get('greeting')).toBe('hello');
      await vi.waitFor(() => expect(received).toEqual(['run-1']), { timeout: 5000, interval: 10 });
    });

    it('do not see keys, windows or messages of another prefix', async () => {
      const received: string[] = [];
      await first.set('isolated', 'mine');
      await first.slidingWindowHit('isolated-window', 1, 60_000, 1_000_000);
      await first.subscribe('isolated-channel', (message) => received.push(`first:${message}`));
      await elsewhere.subscribe('isolated-channel', (message) => received.push(`elsewhere:${message}`));

      expect(await elsewhere.get('isolated')).toBeNull();
      expect((await elsewhere.slidingWindowHit('isolated-window', 1, 60_000, 1_000_000)).allowed).toBe(true);
      expect(await elsewhere.delPrefix('')).toBe(1);
      expect(await first.get('isolated')).toBe('mine');

      await elsewhere.publish('isolated-channel', 'm');
      await first.publish('isolated-channel', 'n');
      // Redis writes messages to each connection in publish order, so once `first` has its own
      // later message, it would already hold any message leaked from the other prefix.
      await vi.waitFor(() => expect(received).toContain('first:n'), { timeout: 5000, interval: 10 });
      await vi.waitFor(() => expect(received).toContain('elsewhere:m'), { timeout: 5000, interval: 10 });
      expect(received.sort()).toEqual(['elsewhere:m', 'first:n']);
    });
  });
});
