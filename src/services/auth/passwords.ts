/** argon2id with the library's defaults (19 MiB, t=2, p=1: the OWASP baseline). */
import { hash, verify } from '@node-rs/argon2';

export const MAX_PASSWORD_BYTES = 1024;

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A fixed hash to verify against when the user does not exist, so timing does not reveal accounts. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hash('not-a-real-password-Skein1');
  return dummyHash;
}
