/**
 * Fernet (https://github.com/fernet/spec): version 0x80 | 64-bit big-endian timestamp | 128-bit IV
 * | AES-128-CBC ciphertext (PKCS7) | HMAC-SHA256 over everything before it, as padded base64url.
 * The 32-byte key is the signing key (first 16 bytes) then the encryption key (last 16 bytes).
 * Every way a token can be bad raises the same opaque FernetError.
 */
import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';

const VERSION = 0x80;
const HEADER_BYTES = 1 + 8 + 16;
const HMAC_BYTES = 32;
const BLOCK_BYTES = 16;
/** Accepted distance of a token's timestamp into the future when a TTL is checked (spec). */
const MAX_CLOCK_SKEW_SECONDS = 60;
const BASE64URL_BODY = /^[A-Za-z0-9_-]*$/;

export class FernetError extends Error {
  override name = 'FernetError';
  constructor() {
    super('invalid token');
  }
}

/** Base64url of exactly 32 bytes in canonical form, with or without the `=` padding. */
function decodeFernetKey(text: string): Buffer | undefined {
  const body = text.endsWith('=') ? text.slice(0, -1) : text;
  if (body.length !== 43 || !BASE64URL_BODY.test(body)) return undefined;
  const bytes = Buffer.from(body, 'base64url');
  return bytes.length === 32 && bytes.toString('base64url') === body ? bytes : undefined;
}

export const isFernetKey = (text: string) => decodeFernetKey(text) !== undefined;

/** Fixed forever: changing either string makes every stored credential unreadable. */
const HKDF_SALT = 'skein/credentials';
const HKDF_INFO = 'fernet-key-v1';

/**
 * The Fernet key for an ENCRYPTION_KEY: a valid Fernet key (32 bytes of base64url) is used as is,
 * so other Fernet implementations can read the data; any other text goes through HKDF-SHA256.
 */
export function deriveFernetKey(encryptionKey: string): Buffer {
  const direct = decodeFernetKey(encryptionKey);
  if (direct) return direct;
  return Buffer.from(hkdfSync('sha256', Buffer.from(encryptionKey, 'utf8'), HKDF_SALT, HKDF_INFO, 32));
}

export interface EncryptOptions {
  /** Seconds since the epoch to stamp (default: now). */
  nowSeconds?: number;
  /** 16 bytes (default: random); only tests pass one. */
  iv?: Uint8Array;
}

export interface DecryptOptions {
  /** Reject tokens older than this many seconds (and stamped too far in the future). */
  ttlSeconds?: number;
  nowSeconds?: number;
}

export interface Fernet {
  encrypt(plaintext: string | Uint8Array, options?: EncryptOptions): string;
  decrypt(token: string, options?: DecryptOptions): Buffer;
  /** The stamped time of a token that verifies, in seconds since the epoch. */
  timestamp(token: string): number;
}

/** Base64url with `=` padding, as the reference implementations write tokens. */
const toPaddedBase64url = (bytes: Buffer) => bytes.toString('base64').replace(/\+/g, '-').replace(/\//g, '_');

function decodeToken(token: string): Buffer {
  if (typeof token !== 'string') throw new FernetError();
  const body = token.replace(/={1,2}$/, '');
  if (body !== token && token.length % 4 !== 0) throw new FernetError();
  if (!BASE64URL_BODY.test(body)) throw new FernetError();
  const bytes = Buffer.from(body, 'base64url');
  if (bytes.toString('base64url') !== body) throw new FernetError();
  return bytes;
}

export function createFernet(key: Uint8Array | string): Fernet {
  const keyBytes = typeof key === 'string' ? decodeFernetKey(key) : Buffer.from(key);
  if (!keyBytes || keyBytes.length !== 32) throw new Error('A Fernet key is 32 bytes');
  const signingKey = keyBytes.subarray(0, 16);
  const encryptionKey = keyBytes.subarray(16, 32);
  const sign = (data: Uint8Array) => createHmac('sha256', signingKey).update(data).digest();

  /** The verified token's bytes (HMAC checked in constant time) and its timestamp. */
  function verify(token: string): { bytes: Buffer; seconds: number } {
    const bytes = decodeToken(token);
    const ciphertextBytes = bytes.length - HEADER_BYTES - HMAC_BYTES;
    if (ciphertextBytes < BLOCK_BYTES || ciphertextBytes % BLOCK_BYTES !== 0) throw new FernetError();
    if (bytes[0] !== VERSION) throw new FernetError();
    const signed = bytes.subarray(0, bytes.length - HMAC_BYTES);
    if (!timingSafeEqual(sign(signed), bytes.subarray(bytes.length - HMAC_BYTES))) throw new FernetError();
    const seconds = bytes.readBigUInt64BE(1);
    if (seconds > BigInt(Number.MAX_SAFE_INTEGER)) throw new FernetError();
    return { bytes, seconds: Number(seconds) };
  }

  return {
    encrypt(plaintext, options = {}) {
      const iv = options.iv ? Buffer.from(options.iv) : randomBytes(16);
      if (iv.length !== 16) throw new Error('A Fernet IV is 16 bytes');
      const seconds = options.nowSeconds ?? Math.floor(Date.now() / 1000);
      if (!Number.isSafeInteger(seconds) || seconds < 0) throw new Error('Invalid Fernet timestamp');
      const header = Buffer.alloc(HEADER_BYTES);
      header[0] = VERSION;
      header.writeBigUInt64BE(BigInt(seconds), 1);
      iv.copy(header, 9);
      const cipher = createCipheriv('aes-128-cbc', encryptionKey, iv);
      const data = typeof plaintext === 'string' ? Buffer.from(plaintext, 'utf8') : plaintext;
      const signed = Buffer.concat([header, cipher.update(data), cipher.final()]);
      return toPaddedBase64url(Buffer.concat([signed, sign(signed)]));
    },

    decrypt(token, options = {}) {
      const { bytes, seconds } = verify(token);
      if (options.ttlSeconds !== undefined) {
        const now = options.nowSeconds ?? Math.floor(Date.now() / 1000);
        if (seconds + options.ttlSeconds < now) throw new FernetError();
        if (now + MAX_CLOCK_SKEW_SECONDS < seconds) throw new FernetError();
      }
      const iv = bytes.subarray(9, HEADER_BYTES);
      const ciphertext = bytes.subarray(HEADER_BYTES, bytes.length - HMAC_BYTES);
      try {
        const decipher = createDecipheriv('aes-128-cbc', encryptionKey, iv);
        return Buffer.concat([decipher.update(ciphertext), decipher.final()]);
      } catch {
        throw new FernetError();
      }
    },

    timestamp(token) {
      return verify(token).seconds;
    },
  };
}
