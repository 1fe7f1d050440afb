/**
 * SharedStore on Redis (ioredis): every worker pointed at the same Redis shares windows, bans,
 * cache entries and cancel signals. Keys and channels are the store's prefix + the caller's name.
 */
import { Redis } from 'ioredis';
import { redisSlidingWindowHit } from './redis-sliding-window.js';
import { closeConnection, RedisSubscriber } from './redis-subscriber.js';
import type {
  MessageHandler,
  SharedStore,
  SharedStoreOptions,
  SlidingWindowResult,
  Unsubscribe,
} from './shared-store.js';
import { DEFAULT_STORE_PREFIX, reportToConsole } from './shared-store.js';
import { assertWindowArgs, toWindowResult } from './sliding-window.js';

export interface RedisStoreOptions extends SharedStoreOptions {
  url: string;
  /** How long `ping()` waits for PONG. Default 1 s. */
  pingTimeoutMs?: number;
}

const SCAN_BATCH = 500;
const DEFAULT_PING_TIMEOUT_MS = 1000;

export class RedisStore implements SharedStore {
  readonly kind = 'redis' as const;
  private readonly redis: Redis;
  private readonly subscriber: RedisSubscriber;
  private readonly prefix: string;
  private readonly pingTimeoutMs: number;

  constructor(options: RedisStoreOptions) {
    const onError = options.onError ?? reportToConsole;
    this.prefix = options.prefix ?? DEFAULT_STORE_PREFIX;
    this.pingTimeoutMs = options.pingTimeoutMs ?? DEFAULT_PING_TIMEOUT_MS;
    this.redis = new Redis(options.url);
    this.redis.on('error', onError);
    this.subscriber = new RedisSubscriber(() => {
      const connection = this.redis.duplicate();
      connection.on('error', onError);
      return connection;
    }, onError);
  }

  async slidingWindowHit(
    key: string,
    limit: number,
    windowMs: number,
    nowMs?: number,
  ): Promise<SlidingWindowResult> {
    assertWindowArgs(limit, windowMs, nowMs);
    const state = await redisSlidingWindowHit(this.redis, this.prefix + key, limit, windowMs, nowMs);
    return toWindowResult(state, limit, windowMs, state.nowMs);
  }

  async get(key: string): Promise<string | null> {
    return this.redis.get(this.prefix + key);
  }

  async set(key: string, value: string, ttlMs?: number): Promise<void> {
    if (ttlMs === undefined) {
      await this.redis.set(this.prefix + key, value);
    } else {
      await this.redis.set(this.prefix + key, value, 'PX', Math.max(1, Math.ceil(ttlMs)));
    }
  }

  async ttlMs(key: string): Promise<number | null> {
    const remaining = await this.redis.pttl(this.prefix + key);
    return remaining < 0 ? null : remaining;
  }

  async del(key: string): Promise<boolean> {
    return (await this.redis.unlink(this.prefix + key)) > 0;
  }

  async delPrefix(keyPrefix: string): Promise<number> {
    const pattern = escapeGlob(this.prefix + keyPrefix) + '*';
    let cursor = '0';
    let deleted = 0;
    do {
      const [next, keys] = await this.redis.scan(cursor, 'MATCH', pattern, 'COUNT', SCAN_BATCH);
      if (keys.length > 0) deleted += await this.redis.unlink(...keys);
      cursor = next;
    } while (cursor !== '0');
    return deleted;
  }

  async publish(channel: string, message: string): Promise<void> {
    await this.redis.publish(this.prefix + channel, message);
  }

  async subscribe(channel: string, handler: MessageHandler): Promise<Unsubscribe> {
    return this.subscriber.subscribe(this.prefix + channel, handler);
  }

  async ping(): Promise<boolean> {
    if (this.redis.status !== 'ready') return false;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), this.pingTimeoutMs);
    });
    const pong = this.redis.ping().then(
      (reply) => reply === 'PONG',
      () => false,
    );
    try {
      return await Promise.race([pong, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  async close(): Promise<void> {
    await this.subscriber.close();
    await closeConnection(this.redis);
  }
}

/** Escapes the characters Redis MATCH treats as glob syntax. */
function escapeGlob(literal: string): string {
  return literal.replace(/[*?[\]\\]/g, '\\$&');
}
