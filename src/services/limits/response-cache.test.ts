import { createHash } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { storeBackends, useStore } from '../shared-store/test-support/store-backends.js';
import { cacheKey, ResponseCache } from './response-cache.js';

interface CachedRun {
  status: string;
  outputs: Record<string, unknown>;
}

const RUN: CachedRun = { status: 'success', outputs: { result: { greeting: 'Hello Ada' } } };

describe('cacheKey', () => {
  it('is the SHA-256 hex of the canonical JSON of workflow id, body and query', () => {
    const expected = createHash('sha256')
      .update('{"body":{"a":1,"b":2},"query":{"q":"x"},"workflowId":"wf-1"}')
      .digest('hex');
    expect(cacheKey('wf-1', { b: 2, a: 1 }, { q: 'x' })).toBe(expected);
  });

  it('changes with the workflow, the body or the query', () => {
    const base = cacheKey('wf-1', { name: 'Ada' }, {});
    expect(cacheKey('wf-2', { name: 'Ada' }, {})).not.toBe(base);
    expect(cacheKey('wf-1', { name: 'Bob' }, {})).not.toBe(base);
    expect(cacheKey('wf-1', { name: 'Ada' }, { page: '2' })).not.toBe(base);
  });
});

for (const backend of await storeBackends()) {
  describe.skipIf(!backend.available)(`ResponseCache on ${backend.name}`, () => {
    const store = useStore(backend);

    it('returns what was put, and null for an unknown key', async () => {
      const cache = new ResponseCache<CachedRun>(store());
      const key = cacheKey('wf-1', { name: 'Ada' }, {});
      await cache.put('wf-1', key, RUN, 60);
      expect(await cache.get('wf-1', key)).toEqual(RUN);
      expect(await cache.get('wf-1', cacheKey('wf-1', { name: 'Bob' }, {}))).toBeNull();
    });

    it('forgets an entry after its ttl', async () => {
      const cache = new ResponseCache<CachedRun>(store());
      const key = cacheKey('wf-1', {}, {});
      await cache.put('wf-1', key, RUN, 0.05);
      await vi.waitFor(async () => expect(await cache.get('wf-1', key)).toBeNull(), {
        timeout: 5000,
        interval: 10,
      });
    });

    it('invalidateWorkflow drops every entry of that workflow and no other', async () => {
      const cache = new ResponseCache<CachedRun>(store());
      const keys = [cacheKey('wf-1', { n: 1 }, {}), cacheKey('wf-1', { n: 2 }, {})];
      const otherKey = cacheKey('wf-10', { n: 1 }, {});
      for (const key of keys) await cache.put('wf-1', key, RUN, 60);
      await cache.put('wf-10', otherKey, RUN, 60);

      expect(await cache.invalidateWorkflow('wf-1')).toBe(2);
      expect(await cache.get('wf-1', keys[0] ?? '')).toBeNull();
      expect(await cache.get('wf-10', otherKey)).toEqual(RUN);
    });

    it('refuses a ttl that would disable caching', async () => {
      const cache = new ResponseCache<CachedRun>(store());
      await expect(cache.put('wf-1', cacheKey('wf-1', {}, {}), RUN, 0)).rejects.toThrow(RangeError);
    });
  });
}
