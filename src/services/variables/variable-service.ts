/**
 * Global variables: CRUD for a signed-in user (owner writes, owner and share recipients read) and
 * the two run-time building blocks, `globalScopeFor` ($global) and `setGlobalFor` (the variable
 * node's isGlobal writes).
 */
import { AppError } from '../../core/errors.js';
import {
  MAX_VARIABLE_VALUE_BYTES,
  VARIABLE_NAME_PATTERN,
  type CreateGlobalVariableBody,
  type GlobalVariableRecord,
  type PatchGlobalVariableBody,
} from '../../http/schemas/global-variable.js';
import { jsonbSafe } from '../../store/jsonb-safe.js';
import type {
  GlobalVariableRepository,
  GlobalVariableRow,
  GlobalVariableWriteResult,
} from '../../store/repositories/global-variables.js';

const NAME = new RegExp(VARIABLE_NAME_PATTERN);
const notFound = () => new AppError('not_found', { detail: 'No such global variable' });

export function toGlobalVariableRecord(row: GlobalVariableRow): GlobalVariableRecord {
  return {
    id: row.id,
    name: row.name,
    value: row.value ?? null,
    owner_id: row.ownerId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The value as stored: JSON only, at most 64 KiB of it. */
function storable(value: unknown): unknown {
  let json: string;
  try {
    json = JSON.stringify(value ?? null) ?? 'null';
  } catch {
    throw new AppError('validation_failed', {
      errors: [{ path: 'body/value', message: 'must be a JSON value' }],
    });
  }
  if (Buffer.byteLength(json, 'utf8') > MAX_VARIABLE_VALUE_BYTES) {
    throw new AppError('validation_failed', {
      detail: `A global variable holds at most ${MAX_VARIABLE_VALUE_BYTES} bytes of JSON`,
      errors: [{ path: 'body/value', message: `must be at most ${MAX_VARIABLE_VALUE_BYTES} bytes as JSON` }],
    });
  }
  return jsonbSafe(JSON.parse(json));
}

function written(result: GlobalVariableWriteResult): GlobalVariableRow {
  if (result.ok) return result.row;
  if (result.reason === 'name_taken') {
    throw new AppError('conflict', {
      detail: 'You already have a global variable with that name',
      errors: [{ path: 'body/name', message: 'is already used by another of your global variables' }],
    });
  }
  throw notFound();
}

export function createGlobalVariableService({ variables }: { variables: GlobalVariableRepository }) {
  async function owned(userId: string, id: string): Promise<GlobalVariableRow> {
    const row = await variables.findUsable(id, userId);
    if (!row) throw notFound();
    if (row.ownerId !== userId) {
      throw new AppError('forbidden', { detail: 'Only the owner may change this global variable' });
    }
    return row;
  }

  return {
    async create(userId: string, body: CreateGlobalVariableBody): Promise<GlobalVariableRecord> {
      const row = written(
        await variables.create({ ownerId: userId, name: body.name, value: storable(body.value) }),
      );
      return toGlobalVariableRecord(row);
    },

    async list(userId: string): Promise<GlobalVariableRecord[]> {
      return (await variables.listUsableBy(userId)).map(toGlobalVariableRecord);
    },

    async get(userId: string, id: string): Promise<GlobalVariableRecord> {
      const row = await variables.findUsable(id, userId);
      if (!row) throw notFound();
      return toGlobalVariableRecord(row);
    },

    async update(userId: string, id: string, body: PatchGlobalVariableBody): Promise<GlobalVariableRecord> {
      const row = await owned(userId, id);
      const changes: { name?: string; value?: unknown } = {};
      if (body.name !== undefined) changes.name = body.name;
      if ('value' in body) changes.value = storable(body.value);
      return toGlobalVariableRecord(written(await variables.update(row.id, changes)));
    },

    async remove(userId: string, id: string): Promise<void> {
      const row = await owned(userId, id);
      if (!(await variables.delete(row.id))) throw notFound();
    },

    /**
     * `$global`: name -> value over owned, user-shared and team-shared variables. On a name clash
     * the owned variable wins, then a direct share, then a team share (the oldest within each).
     */
    async globalScopeFor(userId: string): Promise<Record<string, unknown>> {
      const [rows, direct] = await Promise.all([
        variables.listUsableBy(userId),
        variables.directlySharedWith(userId),
      ]);
      const rank = (row: GlobalVariableRow) => (row.ownerId === userId ? 0 : direct.has(row.id) ? 1 : 2);
      const scope = new Map<string, unknown>();
      for (const row of rows.toSorted(
        (a, b) => rank(a) - rank(b) || a.createdAt.getTime() - b.createdAt.getTime(),
      )) {
        if (!scope.has(row.name)) scope.set(row.name, row.value ?? null);
      }
      return Object.fromEntries(scope);
    },

    /** Creates or overwrites the user's own variable `name` (a shared one of that name is untouched). */
    async setGlobalFor(userId: string, name: string, value: unknown): Promise<GlobalVariableRecord> {
      if (!NAME.test(name) || name.length > 128) {
        throw new AppError('validation_failed', {
          detail: `"${name.slice(0, 128)}" is not a valid global variable name`,
          errors: [{ path: 'name', message: `must match ${VARIABLE_NAME_PATTERN}` }],
        });
      }
      return toGlobalVariableRecord(await variables.upsertOwn(userId, name, storable(value)));
    },
  };
}

export type GlobalVariableService = ReturnType<typeof createGlobalVariableService>;
