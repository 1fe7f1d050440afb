import { describe, expect, it } from 'vitest';
import { maskSecret, mergeValues, secretStrings, splitForRead } from './credential-values.js';

describe('maskSecret (design 10)', () => {
  it.each([
    ['abcdefgh', 'abcdefg**'],
    ['sk-proj-0123456789abcdef', 'sk-proj**'],
    ['abcdefg', '********'],
    ['a', '********'],
    ['', '********'],
    ['😀😀😀😀😀😀😀😀', '😀😀😀😀😀😀😀**'],
  ])('%j -> %j', (secret, masked) => {
    expect(maskSecret(secret)).toBe(masked);
  });
});

describe('splitForRead', () => {
  it('puts non-secret fields in values and secrets only masked', () => {
    const read = splitForRead('imap', {
      host: 'imap.example.com',
      port: 993,
      secure: true,
      username: 'me',
      password: 'imap-password-0123',
    });
    expect(read.values).toEqual({ host: 'imap.example.com', port: 993, secure: true, username: 'me' });
    expect(read.masked).toEqual({ password: 'imap-pa**' });
  });

  it('masks short secrets fully and leaves out unset ones', () => {
    expect(splitForRead('telegram', { bot_token: 'short' })).toEqual({
      values: {},
      masked: { bot_token: '********' },
    });
  });

  it('drops fields the type does not have', () => {
    expect(splitForRead('bearer', { token: 'bearer-token-01', extra: 'x' }).values).toEqual({});
    expect(splitForRead('unknown', { token: 'x' })).toEqual({ values: {}, masked: {} });
  });
});

describe('mergeValues (PATCH)', () => {
  const stored = {
    host: 'imap.example.com',
    port: 993,
    secure: true,
    username: 'me',
    password: 'imap-password-0123',
    mailbox: 'INBOX',
  };

  it('keeps a secret that is left out, empty or sent back masked', () => {
    for (const password of [undefined, '', 'imap-pa**']) {
      const merged = mergeValues('imap', stored, {
        port: 143,
        ...(password === undefined ? {} : { password }),
      });
      expect(merged).toEqual({ ...stored, port: 143 });
    }
  });

  it('replaces a secret with a new one', () => {
    expect(mergeValues('imap', stored, { password: 'new-password-0123' }).password).toBe('new-password-0123');
  });

  it('removes an optional field sent as null and refuses removing a required one', () => {
    expect(mergeValues('imap', stored, { mailbox: null })).not.toHaveProperty('mailbox');
    expect(() => mergeValues('imap', stored, { password: null })).toThrow(
      expect.objectContaining({ errors: [{ path: 'values/password', message: 'is required' }] }),
    );
  });

  it('keeps the code-hosting base_url when sent empty (spec 2.7), removes it with null', () => {
    const hosting = { token: 'ghp_codeHosting0123', base_url: 'https://git.example.com/api' };
    expect(mergeValues('code_hosting', hosting, { base_url: '', token: '' })).toEqual(hosting);
    expect(mergeValues('code_hosting', hosting, { base_url: null })).toEqual({ token: hosting.token });
    expect(mergeValues('code_hosting', hosting, { base_url: 'https://other.example' }).base_url).toBe(
      'https://other.example',
    );
  });

  it('removes other non-secret optional fields sent empty', () => {
    const openai = { api_key: 'sk-0123456789', base_url: 'https://x.example' };
    expect(mergeValues('openai', openai, { base_url: '' })).toEqual({ api_key: 'sk-0123456789' });
  });

  it('checks the merged values', () => {
    expect(() => mergeValues('imap', stored, { port: 'x', nope: 1 })).toThrow(
      expect.objectContaining({
        code: 'validation_failed',
        errors: [
          { path: 'values/nope', message: 'is not a field of imap' },
          { path: 'values/port', message: expect.any(String) },
        ],
      }),
    );
  });
});

describe('secretStrings', () => {
  it('lists the secret values that are set', () => {
    expect(secretStrings('slack', { api_token: 'xoxb-0123', signing_secret: '' })).toEqual(['xoxb-0123']);
    expect(secretStrings('discord', { public_key: 'ab' })).toEqual([]);
  });
});
