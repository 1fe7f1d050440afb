/**
 * The store implementations the services' tests run against: MemoryStore always, RedisStore when
 * Redis is reachable. `useStore` gives each test a fresh store (own namespace) and cleans it up.
 */
import { afterEach, beforeEach } from 'vitest';
import { hasRedis, REDIS_URL } from '../../../../test/support/services.js';
import { MemoryStore } from '../memory-store.js';
import { RedisStore } from '../redis-store.js';
import type { SharedStore } from '../shared-store.js';
import { uniquePrefix } from './shared-store.contract.js';

export interface StoreBackend {
  name: string;
  available: boolean;
  create: () => SharedStore;
}

export async function storeBackends(): Promise<StoreBackend[]> {
  const redisAvailable = await hasRedis();
  return [
    { name: 'MemoryStore', available: true, create: () => new MemoryStore() },
    {
      name: 'RedisStore',
      available: redisAvailable,
      create: () => new RedisStore({ url: REDIS_URL, prefix: uniquePrefix() }),
    },
  ];
}

/** Call inside a describe block; the returned getter yields the current test's store. */
export function useStore(backend: StoreBackend): () => SharedStore {
  let store: SharedStore | undefined;
  beforeEach(() => {
    store = backend.create();
  });
  afterEach(async () => {
    await store?.delPrefix('');
    await store?.close();
    store = undefined;
  });
  return () => {
    if (!store) throw new Error('useStore: no store outside a test');
    return store;
  };
}
