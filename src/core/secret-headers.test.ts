import { describe, expect, it } from 'vitest';
import { publicHeaders } from './secret-headers.js';

describe('publicHeaders', () => {
  it('lowercases names and leaves out secrets and the hidden header', () => {
    const headers = {
      'Content-Type': 'application/json',
      Authorization: 'Bearer x',
      COOKIE: 'sid=1',
      'X-Execution-Token': 't',
      'X-My-Key': 'k',
    };
    expect(publicHeaders(headers, (value) => value, 'x-my-key')).toEqual({
      'content-type': 'application/json',
    });
  });

  it('shapes each value and drops the ones shaped to undefined', () => {
    const headers = { accept: ['a', 'b'], 'x-gone': undefined, host: 'h' };
    const joined = publicHeaders(headers, (value) => (Array.isArray(value) ? value.join(', ') : value));
    expect(joined).toEqual({ accept: 'a, b', host: 'h' });
    expect(Object.keys(joined)).toEqual(['accept', 'host']);
  });

  it('keeps a __proto__ header as an own property, never as the prototype', () => {
    const headers = JSON.parse('{"__proto__": {"polluted": true}, "host": "h"}') as Record<string, unknown>;
    const clean = publicHeaders(headers, (value) => value);
    expect(Object.getPrototypeOf(clean)).toBe(Object.prototype);
    expect(Object.hasOwn(clean, '__proto__')).toBe(true);
    expect((clean as { polluted?: unknown }).polluted).toBeUndefined();
  });
});
