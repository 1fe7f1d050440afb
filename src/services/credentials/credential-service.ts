/**
 * Credential CRUD for a signed-in user. Anyone who may use a credential (owner, user share, team
 * share) may read it, masked; only the owner may change or delete it (403 for the others; 404 for
 * a credential the caller may not use at all). Values are sealed before they reach the repository.
 */
import { AppError } from '../../core/errors.js';
import type {
  CreateCredentialBody,
  CredentialRecord,
  PatchCredentialBody,
} from '../../http/schemas/credential.js';
import type {
  CredentialReader,
  CredentialRepository,
  CredentialRow,
  CredentialWriteResult,
} from '../../store/repositories/credentials.js';
import { toCredentialRecord } from './credential-record.js';
import { invalidValues, mergeValues, parseNewValues, type CredentialValues } from './credential-values.js';
import { modelRouterErrors } from './model-router.js';
import type { ValueCipher } from './value-cipher.js';

export interface CredentialLogger {
  warn(fields: object, message: string): void;
}

export interface CredentialServiceDeps {
  credentials: CredentialRepository;
  cipher: ValueCipher;
  logger?: CredentialLogger;
}

const notFound = () => new AppError('not_found', { detail: 'No such credential' });
const ownerOnly = () => new AppError('forbidden', { detail: 'Only the owner may change this credential' });

function written(result: CredentialWriteResult): CredentialRow {
  if (result.ok) return result.row;
  if (result.reason === 'name_taken') {
    throw new AppError('conflict', {
      detail: 'You already have a credential with that name',
      errors: [{ path: 'body/name', message: 'is already used by another of your credentials' }],
    });
  }
  throw notFound();
}

/** The values of a row, or undefined (logged) when they do not decrypt with the configured key. */
export function openValues(
  cipher: ValueCipher,
  row: CredentialRow,
  logger?: CredentialLogger,
): CredentialValues | undefined {
  try {
    return cipher.open(row.encryptedValues);
  } catch {
    logger?.warn(
      { credentialId: row.id },
      'credential values do not decrypt with the configured ENCRYPTION_KEY',
    );
    return undefined;
  }
}

/** Router references are resolved as the router's owner would use them. */
async function checkRouter(type: string, values: CredentialValues, ownerId: string, reads: CredentialReader) {
  if (type !== 'model_router') return;
  const errors = await modelRouterErrors(values, async (id) => (await reads.findUsable(id, ownerId))?.type);
  if (errors.length > 0) throw invalidValues(errors);
}

export function createCredentialService(deps: CredentialServiceDeps) {
  const { credentials, cipher, logger } = deps;

  async function records(rows: CredentialRow[]): Promise<CredentialRecord[]> {
    const ids = rows.map((row) => row.id);
    const [shares, teamShares] = await Promise.all([
      credentials.listShares(ids),
      credentials.listTeamShares(ids),
    ]);
    return rows.map((row) => toCredentialRecord(row, openValues(cipher, row, logger), shares, teamShares));
  }
  const record = async (row: CredentialRow) => (await records([row]))[0]!;

  async function owned(userId: string, id: string): Promise<CredentialRow> {
    const row = await credentials.findUsable(id, userId);
    if (!row) throw notFound();
    if (row.ownerId !== userId) throw ownerOnly();
    return row;
  }

  return {
    async create(userId: string, body: CreateCredentialBody): Promise<CredentialRecord> {
      const values = parseNewValues(body.type, body.values);
      await checkRouter(body.type, values, userId, credentials);
      const row = written(
        await credentials.create({
          ownerId: userId,
          name: body.name.trim(),
          type: body.type,
          encryptedValues: cipher.seal(values),
        }),
      );
      return record(row);
    },

    async list(userId: string): Promise<CredentialRecord[]> {
      return records(await credentials.listUsableBy(userId));
    },

    async get(userId: string, id: string): Promise<CredentialRecord> {
      const row = await credentials.findUsable(id, userId);
      if (!row) throw notFound();
      return record(row);
    },

    /**
     * Renames and/or merges values (see mergeValues). The type never changes (422). Values that no
     * longer decrypt count as empty, so re-entering every required field repairs the credential.
     */
    async update(userId: string, id: string, body: PatchCredentialBody): Promise<CredentialRecord> {
      const found = await owned(userId, id);
      if (body.type !== undefined && body.type !== found.type) {
        throw new AppError('validation_failed', {
          detail: 'The type of a credential cannot be changed',
          errors: [{ path: 'body/type', message: `cannot be changed (is ${found.type})` }],
        });
      }
      const result = await credentials.modify(found.id, async (current, reads) => {
        if (current.ownerId !== userId) throw ownerOnly();
        const changes: { name?: string; encryptedValues?: string } = {};
        if (body.name !== undefined) changes.name = body.name.trim();
        if (body.values !== undefined) {
          const stored = openValues(cipher, current, logger) ?? {};
          const merged = mergeValues(current.type, stored, body.values);
          await checkRouter(current.type, merged, current.ownerId, reads);
          changes.encryptedValues = cipher.seal(merged);
        }
        return changes;
      });
      return record(written(result));
    },

    async remove(userId: string, id: string): Promise<void> {
      const row = await owned(userId, id);
      if (!(await credentials.delete(row.id))) throw notFound();
    },
  };
}

export type CredentialService = ReturnType<typeof createCredentialService>;
