import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryStore } from './memory-store.js';
import { runSharedStoreContract } from './test-support/shared-store.contract.js';

runSharedStoreContract('MemoryStore', (options) => new MemoryStore(options));

describe('MemoryStore housekeeping', () => {
  let nowMs = 1_000_000;
  const stores: MemoryStore[] = [];
  const storeWithClock = (sweepIntervalMs?: number) => {
    const store = new MemoryStore({ clock: () => nowMs, sweepIntervalMs });
    stores.push(store);
    return store;
  };

  afterEach(async () => {
    await Promise.all(stores.splice(0).map((store) => store.close()));
  });

  it('sweeps expired values and idle sliding windows, keeping live entries', async () => {
    const store = storeWithClock();
    await store.set('short', 'v', 1000);
    await store.set('forever', 'v');
    await store.slidingWindowHit('window', 5, 2000);
    expect(store.size).toBe(3);

    nowMs += 1000;
    expect(store.sweepExpired()).toBe(1);
    nowMs += 1000;
    expect(store.sweepExpired()).toBe(1);
    expect(store.size).toBe(1);
    expect(await store.get('forever')).toBe('v');
  });

  it('forgets an expired entry when it is read, before any sweep', async () => {
    const store = storeWithClock();
    await store.set('short', 'v', 1000);
    nowMs += 1000;
    expect(await store.get('short')).toBeNull();
    expect(store.size).toBe(0);
  });

  it('extends a window entry life with each allowed hit only', async () => {
    const store = storeWithClock();
    await store.slidingWindowHit('window', 1, 1000);
    nowMs += 500;
    await store.slidingWindowHit('window', 1, 1000);
    nowMs += 500;
    expect(store.sweepExpired()).toBe(1);
  });

  it('runs the sweep on its own timer', async () => {
    const store = new MemoryStore({ sweepIntervalMs: 10 });
    stores.push(store);
    await store.set('short', 'v', 20);
    await vi.waitFor(() => expect(store.size).toBe(0), { timeout: 5000, interval: 10 });
  });
});
