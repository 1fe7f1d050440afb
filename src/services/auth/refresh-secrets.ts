import { createHash, randomBytes } from 'node:crypto';

/** Refresh tokens are 256 random bits; only their SHA-256 is stored. */
export const newRefreshToken = () => randomBytes(32).toString('base64url');
export const hashRefreshToken = (token: string) => createHash('sha256').update(token).digest('hex');
