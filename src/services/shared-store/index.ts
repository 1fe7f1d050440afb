import { MemoryStore } from './memory-store.js';
import { RedisStore } from './redis-store.js';
import type { SharedStore, SharedStoreOptions } from './shared-store.js';

export { MemoryStore, type MemoryStoreOptions } from './memory-store.js';
export { RedisStore, type RedisStoreOptions } from './redis-store.js';
export * from './shared-store.js';

/** Redis when a URL is configured (state shared by every worker), otherwise in-process (spec 8.2). */
export function createSharedStore(redisUrl?: string, options: SharedStoreOptions = {}): SharedStore {
  return redisUrl ? new RedisStore({ ...options, url: redisUrl }) : new MemoryStore(options);
}
