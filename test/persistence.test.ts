import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { MemoryStore } from '../src/services/shared-store/index.js';
import { openDatabase, type DatabaseTarget } from '../src/store/database.js';
import { testConfig } from './support/app.js';
import { createPostgresDatabaseUrl } from './support/databases.js';
import { hasPostgres } from './support/services.js';

async function withApp<T>(
  target: DatabaseTarget,
  fn: (app: Awaited<ReturnType<typeof buildApp>>) => Promise<T>,
) {
  const database = await openDatabase(target);
  const store = new MemoryStore();
  const app = await buildApp({ config: testConfig(), database, store, logger: false });
  try {
    return await fn(app);
  } finally {
    await app.close();
    await store.close();
    await database.close();
  }
}

async function writeRestartRead(target: DatabaseTarget) {
  const credentials = { email: 'persist@example.com', password: 'Sup3rSecret' };
  const userId = await withApp(target, async (app) => {
    const response = await app.inject({ method: 'POST', url: '/api/auth/register', payload: credentials });
    expect(response.statusCode).toBe(201);
    return JSON.parse(response.body).user.id as string;
  });
  await withApp(target, async (app) => {
    const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: credentials });
    expect(response.statusCode).toBe(200);
    expect(JSON.parse(response.body).user.id).toBe(userId);
  });
}

const pg = await hasPostgres();

describe('data survives a restart', () => {
  it('on embedded PGlite in the data dir', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skein-pglite-'));
    try {
      await writeRestartRead({ pgliteDir: dir });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it.skipIf(!pg)('on PostgreSQL', async () => {
    const { url, drop } = await createPostgresDatabaseUrl();
    try {
      await writeRestartRead({ postgresUrl: url });
    } finally {
      await drop();
    }
  });

  it.skipIf(!pg)('two processes migrating one PostgreSQL at once both succeed', async () => {
    const { url, drop } = await createPostgresDatabaseUrl();
    try {
      const [a, b] = await Promise.all([
        openDatabase({ postgresUrl: url }),
        openDatabase({ postgresUrl: url }),
      ]);
      expect(await a.ping()).toBe(true);
      expect(await b.ping()).toBe(true);
      await a.close();
      await b.close();
    } finally {
      await drop();
    }
  });
});
