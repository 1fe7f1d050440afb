/**
 * Databases for tests: in-memory PGlite, or a fresh PostgreSQL database per call (dropped on close),
 * so contract suites run every repository against both engines.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/store/database.js';
import { POSTGRES_URL } from './services.js';

export type DatabaseKind = 'pglite' | 'postgres';

export interface TestDatabase extends Database {
  /** Connection URL for PostgreSQL databases (to reopen the same data). */
  url?: string;
  destroy(): Promise<void>;
}

async function adminQuery(sql: string) {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export async function createPostgresDatabaseUrl(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `skein_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => adminQuery(`drop database if exists ${name} with (force)`),
  };
}

export async function createTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const database = await openDatabase({ memory: true });
    return { ...database, destroy: () => database.close() };
  }
  const { url, drop } = await createPostgresDatabaseUrl();
  const database = await openDatabase({ postgresUrl: url });
  return {
    ...database,
    url,
    destroy: async () => {
      await database.close();
      await drop();
    },
  };
}
