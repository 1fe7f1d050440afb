/**
 * A real app for HTTP tests, on PGlite or PostgreSQL and the memory or Redis store. Tests drive it
 * with app.inject(); nothing is mocked.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config.js';
import { MemoryStore, RedisStore, type SharedStore } from '../../src/services/shared-store/index.js';
import { createTestDatabase, type DatabaseKind, type TestDatabase } from './databases.js';
import { hasPostgres, hasRedis, REDIS_URL } from './services.js';

export type StoreKind = 'memory' | 'redis';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  database: TestDatabase;
  store: SharedStore;
  close(): Promise<void>;
}

export interface TestAppOptions {
  db?: DatabaseKind;
  store?: StoreKind;
  env?: Record<string, string>;
  /** Reuse an existing database (e.g. two app instances on one database). */
  database?: TestDatabase;
  /** Share a store prefix between instances (e.g. two workers on one Redis). */
  storePrefix?: string;
}

export function createTestStore(
  kind: StoreKind,
  prefix = `skein-test:${randomBytes(6).toString('hex')}:`,
): SharedStore {
  return kind === 'redis' ? new RedisStore({ url: REDIS_URL, prefix }) : new MemoryStore({ prefix });
}

export function testConfig(env: Record<string, string> = {}): Config {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'skein-test-'));
  return loadConfig({
    DATA_DIR: dataDir,
    SECRET_KEY: 'test-secret-key-that-is-long-enough-0123456789',
    ENCRYPTION_KEY: 'test-encryption-key-0123456789abcdef',
    LOG_LEVEL: 'silent',
    ...env,
  });
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const config = testConfig(options.env);
  const ownsDatabase = !options.database;
  const database = options.database ?? (await createTestDatabase(options.db ?? 'pglite'));
  const store = createTestStore(options.store ?? 'memory', options.storePrefix);
  const app = await buildApp({ config, database, store, logger: false });
  await app.ready();
  return {
    app,
    config,
    database,
    store,
    async close() {
      await app.close();
      if (!options.storePrefix) await store.delPrefix('').catch(() => undefined);
      await store.close();
      if (ownsDatabase) await database.destroy();
      fs.rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

/** The database x store combinations every HTTP suite runs on; PostgreSQL/Redis only when present. */
export async function backendMatrix(): Promise<{ name: string; db: DatabaseKind; store: StoreKind }[]> {
  const matrix: { name: string; db: DatabaseKind; store: StoreKind }[] = [
    { name: 'pglite+memory', db: 'pglite', store: 'memory' },
  ];
  if ((await hasPostgres()) && (await hasRedis()))
    matrix.push({ name: 'postgres+redis', db: 'postgres', store: 'redis' });
  return matrix;
}

export function json(response: { body: string }): any {
  return JSON.parse(response.body);
}
