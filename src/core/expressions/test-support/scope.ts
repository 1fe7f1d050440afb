import type { ExpressionScope } from '../index.js';

export const FIXED_NOW = new Date('2024-03-15T13:45:30.123Z');

/** A scope with a little of everything; each call returns fresh data. */
export function makeScope(overrides: Partial<ExpressionScope> = {}): ExpressionScope {
  return {
    input: {
      items: [1, 2, 3, 4],
      name: 'Ada',
      nested: { deep: { value: 42 } },
      users: [
        { id: 1, name: 'Ada', active: true, tags: ['admin'] },
        { id: 2, name: 'Grace', active: false, tags: [] },
        { id: 3, name: 'Linus', active: true, tags: ['dev', 'ops'] },
      ],
      empty: '',
      zero: 0,
      nothing: null,
      'key with space': 'spaced',
      text: '  Hello World  ',
    },
    nodes: {
      request: { body: { name: 'Ada', items: [1, 2, 3] }, headers: { 'x-id': 'abc' } },
      shape: { count: 5, x: true, n: 3, first: 'Ada', last: 'Lovelace', price: 9.5 },
      list: [{ id: 'a' }, { id: 'b' }],
      名前: { value: 'unicode label' },
      constructor: { ok: true },
    },
    trigger: { headers: { 'content-type': 'application/json' }, body: { event: 'push' } },
    vars: { region: 'eu', limit: 10 },
    global: { company: 'Skein', 'tax-rate': 0.2 },
    credentials: { Stripe: 'sk_test_123' },
    now: () => FIXED_NOW,
    uuid: () => '00000000-0000-4000-8000-000000000000',
    ...overrides,
  };
}
