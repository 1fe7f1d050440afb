/**
 * The behaviour every SharedStore must have, run against each implementation by its own test
 * file. Window tests inject `nowMs`, so they need no sleeping; TTL tests use short real TTLs and
 * poll.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SharedStore, SharedStoreOptions } from '../shared-store.js';

export type StoreFactory = (options: SharedStoreOptions & { prefix: string }) => SharedStore;

/** A namespace no other test run uses. */
export function uniquePrefix(): string {
  return `test:${randomUUID()}:`;
}

const T0 = 1_700_000_000_000;
const MINUTE_MS = 60_000;
const POLL = { timeout: 5000, interval: 10 };

export function runSharedStoreContract(name: string, createStore: StoreFactory): void {
  describe(`${name} (SharedStore contract)`, () => {
    let store: SharedStore;
    const handlerErrors: unknown[] = [];

    beforeEach(() => {
      handlerErrors.length = 0;
      store = createStore({ prefix: uniquePrefix(), onError: (error) => handlerErrors.push(error) });
    });
    afterEach(async () => {
      await store.delPrefix('');
      await store.close();
    });

    describe('slidingWindowHit', () => {
      it('allows exactly `limit` hits per window, counting remaining down to 0', async () => {
        const results = [];
        for (let i = 0; i < 5; i += 1) results.push(await store.slidingWindowHit('w', 3, MINUTE_MS, T0 + i));
        expect(results.map((r) => r.allowed)).toEqual([true, true, true, false, false]);
        expect(results.map((r) => r.remaining)).toEqual([2, 1, 0, 0, 0]);
        expect(results.every((r) => r.limit === 3)).toBe(true);
      });

      it('reports reset as whole seconds until the oldest hit leaves, and retry-after on rejection', async () => {
        const first = await store.slidingWindowHit('w', 3, MINUTE_MS, T0);
        const second = await store.slidingWindowHit('w', 3, MINUTE_MS, T0 + 1500);
        const third = await store.slidingWindowHit('w', 3, MINUTE_MS, T0 + 2000);
        const refused = await store.slidingWindowHit('w', 3, MINUTE_MS, T0 + 2500);
        expect([first.resetSeconds, second.resetSeconds, third.resetSeconds]).toEqual([60, 59, 58]);
        expect([first.retryAfterSeconds, second.retryAfterSeconds, third.retryAfterSeconds]).toEqual([
          0, 0, 0,
        ]);
        expect(refused).toEqual({
          allowed: false,
          limit: 3,
          remaining: 0,
          resetSeconds: 58,
          retryAfterSeconds: 58,
        });
      });

      it('answers retry-after of at least 1 second just before a slot frees', async () => {
        await store.slidingWindowHit('w', 1, MINUTE_MS, T0);
        const refused = await store.slidingWindowHit('w', 1, MINUTE_MS, T0 + MINUTE_MS - 1);
        expect(refused.allowed).toBe(false);
        expect(refused.retryAfterSeconds).toBe(1);
      });

      it('does not record rejected hits', async () => {
        await store.slidingWindowHit('w', 2, MINUTE_MS, T0);
        await store.slidingWindowHit('w', 2, MINUTE_MS, T0 + 1);
        for (let i = 0; i < 5; i += 1) {
          expect((await store.slidingWindowHit('w', 2, MINUTE_MS, T0 + 1000 + i)).allowed).toBe(false);
        }
        const afterBothLeft = await store.slidingWindowHit('w', 2, MINUTE_MS, T0 + 1 + MINUTE_MS);
        expect(afterBothLeft).toMatchObject({ allowed: true, remaining: 1, resetSeconds: 60 });
      });

      it('frees one slot each time the oldest hit slides out of the window', async () => {
        await store.slidingWindowHit('w', 2, MINUTE_MS, T0);
        await store.slidingWindowHit('w', 2, MINUTE_MS, T0 + 30_000);
        expect((await store.slidingWindowHit('w', 2, MINUTE_MS, T0 + MINUTE_MS - 1)).allowed).toBe(false);
        const slid = await store.slidingWindowHit('w', 2, MINUTE_MS, T0 + MINUTE_MS);
        expect(slid).toMatchObject({ allowed: true, remaining: 0, resetSeconds: 30 });
        expect((await store.slidingWindowHit('w', 2, MINUTE_MS, T0 + MINUTE_MS + 1)).allowed).toBe(false);
      });

      it('keeps separate keys separate', async () => {
        await store.slidingWindowHit('a', 1, MINUTE_MS, T0);
        expect((await store.slidingWindowHit('b', 1, MINUTE_MS, T0)).allowed).toBe(true);
        expect((await store.slidingWindowHit('a', 1, MINUTE_MS, T0)).allowed).toBe(false);
      });

      it('is exact under concurrency: 30 simultaneous hits with limit 10 give exactly 20 rejections', async () => {
        const results = await Promise.all(
          Array.from({ length: 30 }, () => store.slidingWindowHit('busy', 10, MINUTE_MS)),
        );
        const allowed = results.filter((r) => r.allowed);
        expect(allowed).toHaveLength(10);
        expect(allowed.map((r) => r.remaining).sort((x, y) => x - y)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
        expect(results.filter((r) => !r.allowed).every((r) => r.retryAfterSeconds >= 1)).toBe(true);
      });

      it('refuses a limit below 1, a non-integer window and a negative time', async () => {
        await expect(store.slidingWindowHit('w', 0, MINUTE_MS)).rejects.toThrow(RangeError);
        await expect(store.slidingWindowHit('w', 1, 0.5)).rejects.toThrow(RangeError);
        await expect(store.slidingWindowHit('w', 1, MINUTE_MS, -1)).rejects.toThrow(RangeError);
      });
    });

    describe('keys and values', () => {
      it('gets what was set, and null for a missing key', async () => {
        await store.set('greeting', 'hello');
        expect(await store.get('greeting')).toBe('hello');
        expect(await store.get('missing')).toBeNull();
      });

      it('reports the ttl left on an expiring key, and null for other keys', async () => {
        await store.set('expiring', 'v', MINUTE_MS);
        await store.set('forever', 'v');
        const left = await store.ttlMs('expiring');
        expect(left).toBeGreaterThan(0);
        expect(left).toBeLessThanOrEqual(MINUTE_MS);
        expect(await store.ttlMs('forever')).toBeNull();
        expect(await store.ttlMs('missing')).toBeNull();
      });

      it('drops a key once its ttl has passed, keeping keys without one', async () => {
        await store.set('short', 'v', 50);
        await store.set('kept', 'v');
        await vi.waitFor(async () => expect(await store.get('short')).toBeNull(), POLL);
        expect(await store.ttlMs('short')).toBeNull();
        expect(await store.get('kept')).toBe('v');
      });

      it('del removes one key and says whether it existed', async () => {
        await store.set('a', '1');
        await store.set('b', '2');
        expect(await store.del('a')).toBe(true);
        expect(await store.del('a')).toBe(false);
        expect(await store.get('a')).toBeNull();
        expect(await store.get('b')).toBe('2');
      });

      it('delPrefix deletes the keys under the prefix, windows included, and nothing else', async () => {
        await store.set('cache:w1:x', '1');
        await store.set('cache:w1:y', '2');
        await store.slidingWindowHit('cache:w1:window', 5, MINUTE_MS, T0);
        await store.set('cache:w10:x', '3');
        await store.set('other', '4');
        expect(await store.delPrefix('cache:w1:')).toBe(3);
        expect(await store.get('cache:w1:x')).toBeNull();
        expect((await store.slidingWindowHit('cache:w1:window', 5, MINUTE_MS, T0)).remaining).toBe(4);
        expect(await store.get('cache:w10:x')).toBe('3');
        expect(await store.get('other')).toBe('4');
      });

      it('delPrefix treats glob characters in the prefix literally', async () => {
        await store.set('a*:1', 'star');
        await store.set('ab:1', 'plain');
        expect(await store.delPrefix('a*')).toBe(1);
        expect(await store.get('ab:1')).toBe('plain');
      });
    });

    describe('publish/subscribe', () => {
      it('delivers messages to the channel subscribers, in order', async () => {
        const cancels: string[] = [];
        const others: string[] = [];
        await store.subscribe('cancel', (message) => cancels.push(message));
        await store.subscribe('other', (message) => others.push(message));
        await store.publish('other', 'x');
        await store.publish('cancel', 'run-1');
        await store.publish('cancel', 'run-2');
        await vi.waitFor(() => expect(cancels).toEqual(['run-1', 'run-2']), POLL);
        expect(others).toEqual(['x']);
      });

      it('stops delivering to a subscription once it unsubscribed', async () => {
        const stopped: string[] = [];
        const staying: string[] = [];
        const unsubscribe = await store.subscribe('cancel', (message) => stopped.push(message));
        await store.subscribe('cancel', (message) => staying.push(message));
        await unsubscribe();
        await store.publish('cancel', 'run-1');
        await vi.waitFor(() => expect(staying).toEqual(['run-1']), POLL);
        expect(stopped).toEqual([]);
      });

      it('reports a throwing handler to onError and still delivers to the others', async () => {
        const received: string[] = [];
        await store.subscribe('cancel', () => {
          throw new Error('handler failed');
        });
        await store.subscribe('cancel', (message) => received.push(message));
        await store.publish('cancel', 'run-1');
        await vi.waitFor(() => expect(received).toEqual(['run-1']), POLL);
        expect(handlerErrors).toEqual([new Error('handler failed')]);
      });
    });

    it('answers ping while open and not after close', async () => {
      const own = createStore({ prefix: uniquePrefix() });
      await vi.waitFor(async () => expect(await own.ping()).toBe(true), POLL);
      await own.close();
      expect(await own.ping()).toBe(false);
    });
  });
}
