/**
 * Login and GET /api/auth/me throughput, side by side with a bare Fastify route serving the same
 * user object from memory, in the same run and process.
 */
import Fastify from 'fastify';
import type { AddressInfo } from 'node:net';
import { testConfig } from '../test/support/app.js';
import { createPostgresDatabaseUrl } from '../test/support/databases.js';
import { hasPostgres } from '../test/support/services.js';
import { compareInRounds } from './lib.js';
import { buildApp, MemoryStore, openDatabase, type DatabaseTarget } from './server.js';

export async function authBench() {
  const targets: { name: string; target: DatabaseTarget; drop?: () => Promise<void> }[] = [
    { name: 'PGlite', target: { memory: true } },
  ];
  if (await hasPostgres()) {
    const { url, drop } = await createPostgresDatabaseUrl();
    targets.push({ name: 'PostgreSQL', target: { postgresUrl: url }, drop });
  }
  for (const { name, target, drop } of targets) {
    await benchOn(name, target);
    await drop?.();
  }
}

let ipCounter = 0;
/** Each login comes from its own address (TRUST_PROXY on), so the per-IP limit does not cut the run. */
const nextAddress = () => {
  ipCounter++;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

async function benchOn(dbName: string, target: DatabaseTarget) {
  const bare = Fastify({ logger: false });
  const user = { id: '00000000-0000-4000-8000-000000000000', email: 'bench@example.com', name: '' };
  bare.get('/me', async () => user);
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const bareUrl = `http://127.0.0.1:${(bare.server.address() as AddressInfo).port}`;

  const database = await openDatabase(target);
  const store = new MemoryStore();
  const config = testConfig({ LOG_LEVEL: 'silent', TRUST_PROXY: 'true' });
  const app = await buildApp({ config, database, store, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  const credentials = JSON.stringify({ email: 'bench@example.com', password: 'Sup3rSecret' });
  const registered = await fetch(`${url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: credentials,
  });
  const { access_token: token } = (await registered.json()) as { access_token: string };

  try {
    for (const connections of [1, 10]) {
      await compareInRounds(
        `auth (${dbName}, memory store)`,
        connections,
        { name: 'bare fastify route', options: { url: `${bareUrl}/me` } },
        [
          {
            name: 'GET /api/auth/me',
            options: { url: `${url}/api/auth/me`, headers: { authorization: `Bearer ${token}` } },
          },
          {
            name: 'POST /api/auth/login',
            options: {
              url: `${url}/api/auth/login`,
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              setupHeaders: (headers) => ({ ...headers, 'x-forwarded-for': nextAddress() }),
              body: credentials,
            },
          },
        ],
      );
    }
  } finally {
    await app.close();
    await bare.close();
    await store.close();
    await database.close();
  }
}
