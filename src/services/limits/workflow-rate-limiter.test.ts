import { describe, expect, it } from 'vitest';
import { storeBackends, useStore } from '../shared-store/test-support/store-backends.js';
import { WorkflowRateLimiter, workflowRateLimitOf } from './workflow-rate-limiter.js';

const T0 = 1_700_000_000_000;
const THREE_PER_MINUTE = { requests: 3, windowSeconds: 60 };
const IP = '203.0.113.7';

for (const backend of await storeBackends()) {
  describe.skipIf(!backend.available)(`WorkflowRateLimiter on ${backend.name}`, () => {
    const store = useStore(backend);

    it('answers the rate limit headers, with Retry-After only on refusal', async () => {
      const limiter = new WorkflowRateLimiter(store());
      const decisions = [];
      for (const offsetMs of [0, 20_000, 30_000, 45_500]) {
        decisions.push(await limiter.hit('wf-1', IP, THREE_PER_MINUTE, T0 + offsetMs));
      }
      expect(decisions).toEqual([
        {
          allowed: true,
          headers: { 'X-RateLimit-Limit': '3', 'X-RateLimit-Remaining': '2', 'X-RateLimit-Reset': '60' },
        },
        {
          allowed: true,
          headers: { 'X-RateLimit-Limit': '3', 'X-RateLimit-Remaining': '1', 'X-RateLimit-Reset': '40' },
        },
        {
          allowed: true,
          headers: { 'X-RateLimit-Limit': '3', 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': '30' },
        },
        {
          allowed: false,
          headers: {
            'X-RateLimit-Limit': '3',
            'X-RateLimit-Remaining': '0',
            'X-RateLimit-Reset': '15',
            'Retry-After': '15',
          },
        },
      ]);
    });

    it('counts each workflow and client IP separately', async () => {
      const limiter = new WorkflowRateLimiter(store());
      const one = { requests: 1, windowSeconds: 60 };
      expect((await limiter.hit('wf-1', IP, one, T0)).allowed).toBe(true);
      expect((await limiter.hit('wf-1', IP, one, T0)).allowed).toBe(false);
      expect((await limiter.hit('wf-2', IP, one, T0)).allowed).toBe(true);
      expect((await limiter.hit('wf-1', '2001:db8::1', one, T0)).allowed).toBe(true);
    });

    it('resetWorkflow forgets that workflow only', async () => {
      const limiter = new WorkflowRateLimiter(store());
      const one = { requests: 1, windowSeconds: 60 };
      await limiter.hit('wf-1', IP, one, T0);
      await limiter.hit('wf-10', IP, one, T0);
      expect(await limiter.resetWorkflow('wf-1')).toBe(1);
      expect((await limiter.hit('wf-1', IP, one, T0)).allowed).toBe(true);
      expect((await limiter.hit('wf-10', IP, one, T0)).allowed).toBe(false);
    });
  });
}

describe('workflowRateLimitOf', () => {
  it('reads the limit from the workflow settings', () => {
    expect(workflowRateLimitOf({ rate_limit_requests: 5, rate_limit_window_seconds: 30 })).toEqual({
      requests: 5,
      windowSeconds: 30,
    });
  });

  it('answers null when the settings do not enable a limit', () => {
    expect(workflowRateLimitOf({})).toBeNull();
    expect(workflowRateLimitOf({ rate_limit_requests: null, rate_limit_window_seconds: 60 })).toBeNull();
    expect(workflowRateLimitOf({ rate_limit_requests: 0, rate_limit_window_seconds: 60 })).toBeNull();
    expect(workflowRateLimitOf({ rate_limit_requests: 5, rate_limit_window_seconds: 0 })).toBeNull();
  });
});
