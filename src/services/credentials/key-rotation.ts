/**
 * Re-encrypts every credential under a new ENCRYPTION_KEY in one transaction. Every row is
 * decrypted first; if any does not decrypt with the old key nothing is written. Any failure
 * while writing rolls the whole transaction back, so the rows are all old-key or all new-key.
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../store/database.js';
import { credentials } from '../../store/schema.js';
import { createFernet, deriveFernetKey } from './fernet.js';

export interface RotationOptions {
  /** Tests only: throw after this many rows were rewritten (inside the transaction). */
  failAfter?: number;
}

export class RotationError extends Error {
  override name = 'RotationError';
  constructor(
    message: string,
    /** Credentials that do not decrypt with the old key. */
    readonly credentialIds: string[] = [],
  ) {
    super(message);
  }
}

export async function rotateEncryptionKey(
  db: Db,
  oldKey: string,
  newKey: string,
  options: RotationOptions = {},
): Promise<{ rotated: number }> {
  const oldBytes = deriveFernetKey(oldKey);
  const newBytes = deriveFernetKey(newKey);
  if (oldBytes.equals(newBytes)) throw new RotationError('The new key is the same as the current one');
  const from = createFernet(oldBytes);
  const to = createFernet(newBytes);

  return db.transaction(async (tx) => {
    // Writers wait until the rotation commits; readers are not blocked.
    await tx.execute(sql`lock table ${credentials} in exclusive mode`);
    const rows = await tx
      .select({ id: credentials.id, encryptedValues: credentials.encryptedValues })
      .from(credentials)
      .orderBy(asc(credentials.id));

    const plain: { id: string; bytes: Buffer }[] = [];
    const unreadable: string[] = [];
    for (const row of rows) {
      try {
        plain.push({ id: row.id, bytes: from.decrypt(row.encryptedValues) });
      } catch {
        unreadable.push(row.id);
      }
    }
    if (unreadable.length > 0) {
      throw new RotationError(
        `${unreadable.length} of ${rows.length} credentials do not decrypt with the current key; nothing was changed`,
        unreadable,
      );
    }

    let rotated = 0;
    for (const item of plain) {
      if (options.failAfter !== undefined && rotated >= options.failAfter) {
        throw new Error(`injected failure after ${rotated} rows`);
      }
      await tx
        .update(credentials)
        .set({ encryptedValues: to.encrypt(item.bytes) })
        .where(eq(credentials.id, item.id));
      rotated += 1;
    }
    return { rotated };
  });
}
