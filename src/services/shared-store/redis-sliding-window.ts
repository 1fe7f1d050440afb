/**
 * The sliding-window log in Redis: one sorted set per key (score = hit time in ms, member = time +
 * random so simultaneous hits stay distinct), read and written by one Lua script so concurrent
 * hits from any number of workers are counted exactly.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { WindowState } from './sliding-window.js';

// KEYS[1] window key; ARGV: limit, windowMs, nowMs ('' = the Redis server clock), member suffix.
// Returns {allowed (0/1), count, oldestMs or -1, blockingMs or -1, nowMs}.
const SLIDING_WINDOW_LUA = `
local key = KEYS[1]
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local now = tonumber(ARGV[3])
if now == nil then
  local time = redis.call('TIME')
  now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
end
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
local count = redis.call('ZCARD', key)
local allowed = 0
if count < limit then
  redis.call('ZADD', key, now, now .. ':' .. ARGV[4])
  redis.call('PEXPIRE', key, window)
  count = count + 1
  allowed = 1
end
local function score_at(index)
  local found = redis.call('ZRANGE', key, index, index, 'WITHSCORES')
  if found[2] == nil then return -1 end
  return tonumber(found[2])
end
local blocking = -1
if allowed == 0 then blocking = score_at(math.max(0, count - limit)) end
return {allowed, count, score_at(0), blocking, now}
`;

const SLIDING_WINDOW_SHA = createHash('sha1').update(SLIDING_WINDOW_LUA).digest('hex');

export interface RedisWindowState extends WindowState {
  nowMs: number;
}

export async function redisSlidingWindowHit(
  redis: Redis,
  key: string,
  limit: number,
  windowMs: number,
  nowMs: number | undefined,
): Promise<RedisWindowState> {
  const args = [String(limit), String(windowMs), nowMs === undefined ? '' : String(nowMs), randomUUID()];
  let reply: unknown;
  try {
    reply = await redis.evalsha(SLIDING_WINDOW_SHA, 1, key, ...args);
  } catch (error) {
    if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
    reply = await redis.eval(SLIDING_WINDOW_LUA, 1, key, ...args);
  }
  return parseReply(reply);
}

function parseReply(reply: unknown): RedisWindowState {
  if (!isNumberArray(reply) || reply.length !== 5) {
    throw new Error(`unexpected sliding window reply from Redis: ${JSON.stringify(reply)}`);
  }
  const [allowed = 0, count = 0, oldestMs = -1, blockingMs = -1, nowMs = 0] = reply;
  return {
    allowed: allowed === 1,
    count,
    oldestMs: oldestMs < 0 ? null : oldestMs,
    blockingMs: blockingMs < 0 ? null : blockingMs,
    nowMs,
  };
}

function isNumberArray(value: unknown): value is number[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'number');
}
