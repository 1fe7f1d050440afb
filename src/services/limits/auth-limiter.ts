/**
 * Authentication limits per client IP (spec 8.2). Each action has its own sliding window; the
 * first request over the limit is refused and bans the IP for that action. While banned, every
 * request is refused with Retry-After = the seconds left in the ban.
 */
import type { SharedStore } from '../shared-store/shared-store.js';

export interface AuthLimitPolicy {
  limit: number;
  windowMs: number;
  banMs: number;
}

const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;

export const AUTH_LIMITS = {
  /** POST /api/auth/login */
  login: { limit: 10, windowMs: MINUTE_MS, banMs: 15 * MINUTE_MS },
  /** POST /api/auth/register */
  register: { limit: 5, windowMs: MINUTE_MS, banMs: 10 * MINUTE_MS },
  /** POST /register (OAuth dynamic client registration) */
  oauth_register: { limit: 5, windowMs: MINUTE_MS, banMs: 10 * MINUTE_MS },
} as const satisfies Record<string, AuthLimitPolicy>;

export type AuthAction = keyof typeof AUTH_LIMITS;

export type AuthVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export class AuthLimiter {
  constructor(
    private readonly store: SharedStore,
    private readonly policies: Record<AuthAction, AuthLimitPolicy> = AUTH_LIMITS,
  ) {}

  /** Counts one request of `action` from `ip`; `nowMs` defaults to Date.now(). */
  async hit(action: AuthAction, ip: string, nowMs: number = Date.now()): Promise<AuthVerdict> {
    const policy = this.policies[action];
    const banKey = `auth:ban:${action}:${ip}`;
    const bannedUntilMs = Number((await this.store.get(banKey)) ?? 0);
    if (bannedUntilMs > nowMs) return refused(bannedUntilMs - nowMs);

    const window = await this.store.slidingWindowHit(
      `auth:window:${action}:${ip}`,
      policy.limit,
      policy.windowMs,
      nowMs,
    );
    if (window.allowed) return { allowed: true };

    // The ban's end is stored as a time so it follows the same clock as the window; the key's
    // TTL only removes it afterwards.
    await this.store.set(banKey, String(nowMs + policy.banMs), policy.banMs);
    return refused(policy.banMs);
  }
}

function refused(remainingMs: number): AuthVerdict {
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(remainingMs / SECOND_MS)) };
}
