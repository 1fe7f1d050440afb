/**
 * Opens the database: PostgreSQL when a URL is given, embedded PGlite (real Postgres in WASM) in the
 * data dir otherwise, or in memory for tests. Migrations are applied before the handle is returned.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { postgresBulkCopy, type BulkCopy } from './bulk-copy.js';
import * as schema from './schema.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Binary COPY, for writes of many rows (execution history); PostgreSQL only. */
  bulk?: BulkCopy;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export type DatabaseTarget = { postgresUrl: string } | { pgliteDir: string } | { memory: true };

/** The same folder from src/store and dist/store. */
const migrationsFolder = fileURLToPath(new URL('../../src/store/migrations', import.meta.url));

/** Serialises migrations across processes starting at once against one PostgreSQL. */
const MIGRATION_LOCK_ID = 724_917_001;

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if ('postgresUrl' in target) return openPostgres(target.postgresUrl);
  if ('pgliteDir' in target) fs.mkdirSync(target.pgliteDir, { recursive: true });
  const client = 'pgliteDir' in target ? new PGlite(target.pgliteDir) : new PGlite();
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(drizzlePglite(client), { migrationsFolder });
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      try {
        await client.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    close: () => client.close(),
  };
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10, idleTimeoutMillis: 30_000 });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it and ping() reports health.
  });
  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migratePg(drizzlePg(lockClient), { migrationsFolder });
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    lockClient.release();
  }
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    bulk: postgresBulkCopy(pool),
    ping: async () => {
      try {
        await pool.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    close: () => pool.end(),
  };
}
