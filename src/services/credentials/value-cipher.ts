/**
 * Credential values at rest: the JSON of every value (secret or not) as one Fernet token, under the
 * key derived from ENCRYPTION_KEY (see deriveFernetKey).
 */
import { createFernet, deriveFernetKey, FernetError } from './fernet.js';
import type { CredentialValues } from './credential-values.js';

export interface ValueCipher {
  seal(values: CredentialValues): string;
  /** Throws FernetError when the token was not sealed with this key (or was altered). */
  open(token: string): CredentialValues;
}

export function createValueCipher(encryptionKey: string): ValueCipher {
  const fernet = createFernet(deriveFernetKey(encryptionKey));
  return {
    seal: (values) => fernet.encrypt(JSON.stringify(values)),
    open(token) {
      const text = fernet.decrypt(token).toString('utf8');
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        throw new FernetError();
      }
      if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new FernetError();
      return parsed as CredentialValues;
    },
  };
}
