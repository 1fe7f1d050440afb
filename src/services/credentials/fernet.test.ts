import { createCipheriv, createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createFernet, deriveFernetKey, FernetError, isFernetKey } from './fernet.js';

/** The fernet-spec generate/verify vector. */
const SPEC = {
  secret: 'cw_0x689RpI-jtRR7oE8h_eQsKImvJapLeSbXpwF4e4=',
  nowSeconds: Date.parse('1985-10-26T01:20:00-07:00') / 1000,
  iv: Uint8Array.from({ length: 16 }, (_, i) => i),
  message: 'hello',
  token:
    'gAAAAAAdwJ6wAAECAwQFBgcICQoLDA0ODy021cpGVWKZ_eEwCGM4BLLF_5CV9dOPmrhuVUPgJobwOz7JcbmrR64jVmpU4IwqDA==',
};

const toB64url = (bytes: Buffer) => bytes.toString('base64').replace(/\+/g, '-').replace(/\//g, '_');

/** The token built by hand from the spec's layout, independently of fernet.ts. */
function referenceToken(key: Buffer, message: Buffer, seconds: number, iv: Buffer): string {
  const cipher = createCipheriv('aes-128-cbc', key.subarray(16), iv);
  const ciphertext = Buffer.concat([cipher.update(message), cipher.final()]);
  const time = Buffer.alloc(8);
  time.writeBigUInt64BE(BigInt(seconds));
  const signed = Buffer.concat([Buffer.from([0x80]), time, iv, ciphertext]);
  const mac = createHmac('sha256', key.subarray(0, 16)).update(signed).digest();
  return toB64url(Buffer.concat([signed, mac]));
}

/** Re-signs modified token bytes with a valid HMAC, to reach the checks behind the MAC. */
function resign(key: Buffer, signed: Buffer): string {
  const mac = createHmac('sha256', key.subarray(0, 16)).update(signed).digest();
  return toB64url(Buffer.concat([signed, mac]));
}

const specKey = Buffer.from(SPEC.secret, 'base64url');
const fernet = createFernet(SPEC.secret);
const bytesOf = (token: string) => Buffer.from(token.replace(/=+$/, ''), 'base64url');

describe('fernet spec vector', () => {
  it('generates exactly the published token', () => {
    expect(fernet.encrypt(SPEC.message, { nowSeconds: SPEC.nowSeconds, iv: SPEC.iv })).toBe(SPEC.token);
    expect(referenceToken(specKey, Buffer.from(SPEC.message), SPEC.nowSeconds, Buffer.from(SPEC.iv))).toBe(
      SPEC.token,
    );
  });

  it('verifies the published token (ttl 60 s, one second later)', () => {
    const plain = fernet.decrypt(SPEC.token, { ttlSeconds: 60, nowSeconds: SPEC.nowSeconds + 1 });
    expect(plain.toString('utf8')).toBe('hello');
    expect(fernet.decrypt(SPEC.token).toString('utf8')).toBe('hello');
    expect(fernet.timestamp(SPEC.token)).toBe(499162800);
  });

  it('accepts the token without its padding', () => {
    expect(fernet.decrypt(SPEC.token.replace(/=+$/, '')).toString()).toBe('hello');
  });
});

describe('fernet against an independent construction', () => {
  it.each([0, 1, 15, 16, 17, 31, 32, 1000])('round-trips a %i-byte message', (size) => {
    const key = randomBytes(32);
    const iv = randomBytes(16);
    const message = randomBytes(size);
    const seconds = 1_700_000_000 + size;
    const ours = createFernet(key).encrypt(message, { nowSeconds: seconds, iv });
    expect(ours).toBe(referenceToken(key, message, seconds, iv));
    expect(createFernet(toB64url(key)).decrypt(ours).equals(message)).toBe(true);
  });

  it('uses a fresh random IV per token', () => {
    const a = fernet.encrypt('same');
    const b = fernet.encrypt('same');
    expect(a).not.toBe(b);
    expect(fernet.decrypt(a).toString()).toBe('same');
    expect(fernet.decrypt(b).toString()).toBe('same');
  });
});

describe('fernet rejects bad tokens with one opaque error', () => {
  const signed = bytesOf(SPEC.token).subarray(0, -32);
  const cases: [string, string][] = [
    ['empty', ''],
    ['not base64', '%%%%' + SPEC.token.slice(4)],
    ['standard base64 alphabet', SPEC.token.replace(/_/g, '/')],
    ['bad padding length', SPEC.token + '='],
    ['too short', toB64url(bytesOf(SPEC.token).subarray(0, 60))],
    ['truncated MAC', toB64url(bytesOf(SPEC.token).subarray(0, -1))],
    ['wrong version (re-signed)', resign(specKey, Buffer.concat([Buffer.from([0x81]), signed.subarray(1)]))],
    [
      'ciphertext not a whole number of blocks (re-signed)',
      resign(specKey, Buffer.concat([signed, Buffer.from([1, 2, 3])])),
    ],
    ['no ciphertext block (re-signed)', resign(specKey, signed.subarray(0, 25))],
    [
      'bad PKCS7 padding: wrong IV (re-signed)',
      resign(specKey, Buffer.concat([signed.subarray(0, 9), Buffer.alloc(16, 0xff), signed.subarray(25)])),
    ],
    ['a token of another key', createFernet(randomBytes(32)).encrypt('hello')],
  ];

  it.each(cases)('%s', (_name, token) => {
    expect(() => fernet.decrypt(token)).toThrow(FernetError);
    try {
      fernet.decrypt(token);
    } catch (error) {
      expect((error as Error).message).toBe('invalid token');
    }
  });

  it('fails when any single byte is flipped', () => {
    const bytes = bytesOf(SPEC.token);
    for (let index = 0; index < bytes.length; index++) {
      for (const mask of [0x01, 0x80]) {
        const tampered = Buffer.from(bytes);
        tampered[index]! ^= mask;
        expect(() => fernet.decrypt(toB64url(tampered)), `byte ${index}`).toThrow(FernetError);
      }
    }
  });

  it('fails when any base64 character is changed', () => {
    const body = SPEC.token.replace(/=+$/, '');
    for (let index = 0; index < body.length; index++) {
      const replacement = body[index] === 'A' ? 'B' : 'A';
      const tampered = body.slice(0, index) + replacement + body.slice(index + 1);
      expect(() => fernet.decrypt(tampered), `char ${index}`).toThrow(FernetError);
    }
  });

  it('checks the TTL and the clock skew only when a TTL is given', () => {
    const later = SPEC.nowSeconds + 61;
    expect(() => fernet.decrypt(SPEC.token, { ttlSeconds: 60, nowSeconds: later })).toThrow(FernetError);
    const farFuture = SPEC.nowSeconds - 61;
    expect(() => fernet.decrypt(SPEC.token, { ttlSeconds: 60, nowSeconds: farFuture })).toThrow(FernetError);
    expect(fernet.decrypt(SPEC.token, { nowSeconds: later }).toString()).toBe('hello');
  });
});

describe('key derivation', () => {
  it('uses a Fernet key as is, padded or not', () => {
    expect(deriveFernetKey(SPEC.secret).equals(specKey)).toBe(true);
    expect(deriveFernetKey(SPEC.secret.replace(/=$/, '')).equals(specKey)).toBe(true);
    expect(isFernetKey(SPEC.secret)).toBe(true);
  });

  it('derives 32 bytes with HKDF-SHA256 from anything else, deterministically', () => {
    for (const text of ['test-encryption-key-0123456789abcdef', SPEC.secret.slice(1), 'x'.repeat(44)]) {
      expect(isFernetKey(text)).toBe(false);
      const key = deriveFernetKey(text);
      expect(key).toHaveLength(32);
      expect(deriveFernetKey(text).equals(key)).toBe(true);
      expect(key.equals(specKey)).toBe(false);
    }
    expect(deriveFernetKey('a').equals(deriveFernetKey('b'))).toBe(false);
  });

  it('refuses a non-canonical key encoding as a Fernet key', () => {
    // The last character of 43 carries 2 spare bits; a non-zero spare is not canonical.
    const body = SPEC.secret.replace(/=$/, '');
    const odd = body.slice(0, -1) + 'f';
    expect(isFernetKey(odd)).toBe(false);
  });
});

/** invalid.json of the Fernet spec repository, as published (every token must be refused). */
const SPEC_INVALID: { desc: string; token: string; now: string }[] = [
  {
    desc: 'incorrect mac',
    token: 'rn9hs9yS0GVWjk4hH822VIwQUWz-_WZWCLzsD7SgV2IAAAAAHcCesAABAgMEBQYHCAkKCwwNDg8tNtXKRlVimf3hMAhjOASy',
    now: '1985-10-26T01:20:01-07:00',
  },
  {
    desc: 'too short',
    token: '91GVdgz7jmWR6vJiViEA4u-LhVMhCSr87INSeFwwkYAAAAAAHcCesAABAgMEBQYHCAkKCw==',
    now: '1985-10-26T01:20:01-07:00',
  },
  {
    desc: 'invalid base64',
    token: '%%%%%%%%%%%j-ztUarjDIfllJBmLiBMjfcmZesHVIhcAAAAAHcCesAABAgMEBQYHCAkKCwwNDg8tNtXKRlVimf3hMAhjOASy',
    now: '1985-10-26T01:20:01-07:00',
  },
  {
    desc: 'payload size not multiple of block size',
    token: 'r-pDJRzyfnW4rYfh-gZek3qA3lnFG8fGaf0qgmZlPL8AAAAAHcCesAABAgMEBQYHCAkKCwwNDg8tNtXKRlVimf3hMAhjOAQ=',
    now: '1985-10-26T01:20:01-07:00',
  },
  {
    desc: 'payload padding error',
    token: 'ApoqRxzlU8Z9-mPSV6ufXeIgKugRjI_-ugnnqqoCTjQAAAAAHcCesAABAgMEBQYHCAkKCwwNDg91rx5fbHkRnpZBxpOuEAjd',
    now: '1985-10-26T01:20:01-07:00',
  },
  {
    desc: 'far-future TS (unacceptable clock skew)',
    token: 'M0oOEQn9ZTWz212mKeX0qRyi7-wYxJFfsmDMhRazEeAAAAAAVigfvAABAgMEBQYHCAkKCwwNDg8tNtXKRlVimf3hMAhjOASy',
    now: '1985-10-26T01:20:01-07:00',
  },
  {
    desc: 'expired TTL',
    token: '2woUxqnnpRAj-ztUarjDIfllJBmLiBMjfcmZesHVIhcAAAAAHcCesAABAgMEBQYHCAkKCwwNDg8tNtXKRlVimf3hMAhjOASy',
    now: '1985-10-26T01:21:01-07:00',
  },
  {
    desc: 'incorrect IV (causes padding error)',
    token: 'fe5sCHPyF13H837yvtc65xAlWfXXP3fEUX_jMiB74EwAAAAAHcCesHV0d3ZxcHNyfXx_fnl4e3otNtXKRlVimf3hMAhjOASy',
    now: '1985-10-26T01:20:01-07:00',
  },
];

describe('fernet spec invalid.json vectors', () => {
  const fernet = createFernet('cw_0x689RpI-jtRR7oE8h_eQsKImvJapLeSbXpwF4e4=');
  it.each(SPEC_INVALID)('refuses "$desc"', ({ token, now }) => {
    const nowSeconds = Math.floor(Date.parse(now) / 1000);
    expect(() => fernet.decrypt(token, { ttlSeconds: 60, nowSeconds })).toThrow(FernetError);
  });
});
