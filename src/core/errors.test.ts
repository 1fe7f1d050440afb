import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AppError, ErrorCatalogue } from './errors.js';

describe('error catalogue', () => {
  const table = fs.readFileSync(new URL('../../docs/errors.md', import.meta.url), 'utf8');
  const documented = new Map(
    [...table.matchAll(/^\| `([a-z_]+)` \| (\d{3}) \|/gm)].map((m) => [m[1]!, Number(m[2])] as const),
  );

  it.each(Object.entries(ErrorCatalogue))('%s is documented with its status', (code, entry) => {
    expect(documented.get(code)).toBe(entry.status);
  });

  it('documents no code that does not exist', () => {
    expect([...documented.keys()].filter((code) => !(code in ErrorCatalogue))).toEqual([]);
  });

  it('AppError carries the catalogue status and a stable code', () => {
    const error = new AppError('weak_password', { errors: [{ path: '/password', message: 'too short' }] });
    expect(error.status).toBe(422);
    expect(error.code).toBe('weak_password');
    expect(error.message).toBe('Password does not meet the policy');
  });
});
