/**
 * The shared store: state that several workers must agree on (rate-limit windows, auth bans, the
 * response cache, revoked sessions, cancel signals). `MemoryStore` keeps it in this process;
 * `RedisStore` shares it between every process pointed at the same Redis (spec 8.2).
 *
 * Every key and channel is namespaced by the store's `prefix` option, so two stores with different
 * prefixes never see each other's data (tests use a random prefix each).
 */

export const StoreKind = { memory: 'memory', redis: 'redis' } as const;
export type StoreKind = (typeof StoreKind)[keyof typeof StoreKind];

export interface SlidingWindowResult {
  /** True when the hit fitted in the window; only allowed hits are recorded. */
  allowed: boolean;
  /** The limit the hit was checked against. */
  limit: number;
  /** Hits still allowed in the window after this one (N-1, N-2, ... 0). */
  remaining: number;
  /** Whole seconds (rounded up) until the oldest hit in the window leaves it; 0 when empty. */
  resetSeconds: number;
  /** Whole seconds (>= 1) until a rejected hit could succeed; 0 when the hit was allowed. */
  retryAfterSeconds: number;
}

export type MessageHandler = (message: string) => void;
export type Unsubscribe = () => Promise<void>;

export interface SharedStoreOptions {
  /** Namespace for every key and channel, e.g. `skein:`. Default `skein:`. */
  prefix?: string;
  /** Receives errors of message handlers and of background connections. Default: console.error. */
  onError?: (error: unknown) => void;
}

export interface SharedStore {
  readonly kind: StoreKind;

  /**
   * Exact sliding-window log: allowed when fewer than `limit` hits were recorded in the last
   * `windowMs` (the window is `(nowMs - windowMs, nowMs]`). `nowMs` defaults to the store's
   * clock (the Redis server's clock for RedisStore, so workers on several hosts agree).
   */
  slidingWindowHit(
    key: string,
    limit: number,
    windowMs: number,
    nowMs?: number,
  ): Promise<SlidingWindowResult>;

  get(key: string): Promise<string | null>;
  /** Stores `value`; with `ttlMs` the key disappears after that many milliseconds. */
  set(key: string, value: string, ttlMs?: number): Promise<void>;
  /** Milliseconds left before `key` expires; null when it does not exist or never expires. */
  ttlMs(key: string): Promise<number | null>;
  /** Returns true when the key existed. */
  del(key: string): Promise<boolean>;
  /** Deletes every key starting with `keyPrefix` (inside the store's namespace); returns how many. */
  delPrefix(keyPrefix: string): Promise<number>;

  publish(channel: string, message: string): Promise<void>;
  /** Resolves once the subscription is live, with a function that ends it. */
  subscribe(channel: string, handler: MessageHandler): Promise<Unsubscribe>;

  /** Health: true when the store answers. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export const DEFAULT_STORE_PREFIX = 'skein:';

export const reportToConsole = (error: unknown): void => {
  console.error('[shared-store]', error);
};
