import { describe, expect, it } from 'vitest';
import { isAppError } from '../../core/errors.js';
import { DEFAULT_AUTH, resolveAuth, type AuthSetting } from './auth-settings.js';
import { storableErrors } from './storable-json.js';

const jwt: AuthSetting = { authType: 'jwt', allowAnonymous: false };

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (isAppError(error) && error.code === 'validation_failed') return error.detail ?? '';
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('resolveAuth', () => {
  it('changes nothing when neither field is set', () => {
    expect(resolveAuth(DEFAULT_AUTH, {})).toBeUndefined();
  });

  it('couples the pair both ways', () => {
    expect(resolveAuth(jwt, { allow_anonymous: true })).toEqual(DEFAULT_AUTH);
    expect(resolveAuth(jwt, { auth_type: 'anonymous' })).toEqual(DEFAULT_AUTH);
    expect(resolveAuth(DEFAULT_AUTH, { allow_anonymous: true })).toEqual(DEFAULT_AUTH);
    expect(resolveAuth(jwt, { allow_anonymous: false })).toEqual(jwt);
    expect(
      resolveAuth({ authType: 'header_auth', allowAnonymous: false }, { allow_anonymous: false }),
    ).toEqual({
      authType: 'header_auth',
      allowAnonymous: false,
    });
  });

  it('refuses contradictions before anything else', () => {
    expect(
      refusal(() => resolveAuth(DEFAULT_AUTH, { auth_type: 'anonymous', allow_anonymous: false })),
    ).toMatch(/contradicts/);
    expect(refusal(() => resolveAuth(jwt, { auth_type: 'jwt', allow_anonymous: true }))).toMatch(
      /contradicts/,
    );
  });

  it('accepts every auth type, switching an anonymous workflow to jwt on allow_anonymous false', () => {
    const header: AuthSetting = { authType: 'header_auth', allowAnonymous: false };
    expect(resolveAuth(DEFAULT_AUTH, { auth_type: 'jwt' })).toEqual(jwt);
    expect(resolveAuth(DEFAULT_AUTH, { allow_anonymous: false })).toEqual(jwt);
    expect(resolveAuth(jwt, { auth_type: 'header_auth' })).toEqual(header);
    expect(resolveAuth(DEFAULT_AUTH, { auth_type: 'header_auth', allow_anonymous: false })).toEqual(header);
    expect(resolveAuth(header, { auth_type: 'jwt' })).toEqual(jwt);
    expect(resolveAuth(jwt, { auth_type: 'jwt' })).toEqual(jwt);
  });
});

describe('storableErrors', () => {
  it('finds NUL characters and lone surrogates in values and member names', () => {
    expect(storableErrors({ name: 'a\u0000' } as never)).toEqual([
      { path: 'body/name', message: expect.stringMatching(/NUL/) },
    ]);
    expect(storableErrors({ x: { ['k\ud800']: 1 } } as never)[0]?.path).toBe('body/x');
    expect(storableErrors({ x: ['\udc00'] } as never)[0]?.path).toBe('body/x/0');
    expect(storableErrors({ x: 'pair \ud83d\ude00 is fine' } as never)).toEqual([]);
  });

  it('stops at 64 levels without overflowing the stack', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    const errors = storableErrors({ nodes: [{ id: 'n', data: deep }] });
    expect(errors).toHaveLength(1);
    expect(errors[0]!.message).toMatch(/deeper than 64/);
  });
});
