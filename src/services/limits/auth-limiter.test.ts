import { describe, expect, it } from 'vitest';
import { storeBackends, useStore } from '../shared-store/test-support/store-backends.js';
import { AUTH_LIMITS, AuthLimiter } from './auth-limiter.js';

const T0 = 1_700_000_000_000;
const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;

for (const backend of await storeBackends()) {
  describe.skipIf(!backend.available)(`AuthLimiter on ${backend.name}`, () => {
    const store = useStore(backend);
    const limiter = () => new AuthLimiter(store());

    /** Sends `count` logins from `ip`, one per second from `startMs`; returns the verdicts. */
    async function logins(auth: AuthLimiter, count: number, startMs: number, ip = '203.0.113.7') {
      const verdicts = [];
      for (let i = 0; i < count; i += 1) verdicts.push(await auth.hit('login', ip, startMs + i * SECOND_MS));
      return verdicts;
    }

    it('allows 10 logins in 60 s and refuses the 11th with a 15-minute Retry-After', async () => {
      const verdicts = await logins(limiter(), 11, T0);
      expect(verdicts.slice(0, 10).every((v) => v.allowed)).toBe(true);
      expect(verdicts[10]).toEqual({ allowed: false, retryAfterSeconds: 15 * 60 });
    });

    it('refuses every request during the ban with the seconds left in it, then allows again', async () => {
      const auth = limiter();
      await logins(auth, 11, T0);
      const banStartMs = T0 + 10 * SECOND_MS;
      const banEndMs = banStartMs + 15 * MINUTE_MS;

      expect(await auth.hit('login', '203.0.113.7', banStartMs + 5 * MINUTE_MS)).toEqual({
        allowed: false,
        retryAfterSeconds: 10 * 60,
      });
      expect(await auth.hit('login', '203.0.113.7', banEndMs - 500)).toEqual({
        allowed: false,
        retryAfterSeconds: 1,
      });
      expect(await auth.hit('login', '203.0.113.7', banEndMs)).toEqual({ allowed: true });
    });

    it('bans only the offending IP and action', async () => {
      const auth = limiter();
      await logins(auth, 11, T0);
      expect(await auth.hit('login', '198.51.100.2', T0 + 20 * SECOND_MS)).toEqual({ allowed: true });
      expect(await auth.hit('register', '203.0.113.7', T0 + 20 * SECOND_MS)).toEqual({ allowed: true });
    });

    it('never bans requests spread wider than the window', async () => {
      const auth = limiter();
      const verdicts = await logins(auth, 10, T0);
      verdicts.push(...(await logins(auth, 10, T0 + MINUTE_MS)));
      expect(verdicts.every((v) => v.allowed)).toBe(true);
    });

    it('allows 5 registrations in 60 s and bans the 6th for 10 minutes', async () => {
      const auth = limiter();
      const verdicts = [];
      for (let i = 0; i < 6; i += 1) verdicts.push(await auth.hit('register', '203.0.113.7', T0 + i));
      expect(verdicts.slice(0, 5).every((v) => v.allowed)).toBe(true);
      expect(verdicts[5]).toEqual({ allowed: false, retryAfterSeconds: 10 * 60 });
    });

    it('shares counts between limiters over the same store, as workers over one Redis do', async () => {
      const [a, b] = [limiter(), limiter()];
      for (let i = 0; i < 5; i += 1) {
        await a.hit('login', '203.0.113.7', T0 + i);
        await b.hit('login', '203.0.113.7', T0 + i);
      }
      expect((await a.hit('login', '203.0.113.7', T0 + 10)).allowed).toBe(false);
    });
  });
}

describe('AUTH_LIMITS', () => {
  it('follows spec 8.2', () => {
    expect(AUTH_LIMITS.login).toEqual({ limit: 10, windowMs: MINUTE_MS, banMs: 15 * MINUTE_MS });
    expect(AUTH_LIMITS.register).toEqual({ limit: 5, windowMs: MINUTE_MS, banMs: 10 * MINUTE_MS });
    expect(AUTH_LIMITS.oauth_register).toEqual(AUTH_LIMITS.register);
  });
});
