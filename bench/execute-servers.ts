/**
 * The two servers the execute benchmarks compare, in this process: the app on a database, with a
 * signed-in user who can create workflows, and a bare Fastify route doing the execute endpoint's
 * JSON transform for the greeter.
 */
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { testConfig } from '../test/support/app.js';
import { createPostgresDatabaseUrl } from '../test/support/databases.js';
import { greeter } from '../test/support/executions.js';
import { hasPostgres } from '../test/support/services.js';
import type { LoadCase } from './lib.js';
import { buildApp, MemoryStore, openDatabase, type DatabaseTarget } from './server.js';

/** `BENCH_DB=postgres` narrows a run to one database while iterating on a figure. */
const DATABASES = (process.env.BENCH_DB ?? 'pglite,postgres').split(',');

export interface ExecuteServers {
  bareUrl: string;
  /** The app's origin, `http://127.0.0.1:port`. */
  base: string;
  /** Saves a workflow document as the signed-in user; returns its id. */
  create(doc: object): Promise<string>;
}

const localUrl = (server: { address(): unknown }, path = '') =>
  `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;

async function bareServer() {
  const bare = Fastify({ logger: false });
  bare.post('/bare', async (request) => {
    const body = request.body as { name?: string };
    return {
      workflow_id: 'bare',
      execution_id: randomUUID(),
      status: 'success',
      outputs: { result: `Hello ${body.name}` },
      execution_time_ms: 0,
    };
  });
  await bare.listen({ port: 0, host: '127.0.0.1' });
  return bare;
}

interface Closable {
  close(): Promise<unknown>;
}

async function withServers(target: DatabaseTarget, use: (servers: ExecuteServers) => Promise<void>) {
  // Whatever was opened is closed, newest first, even when a later step throws.
  const opened: Closable[] = [];
  const open = <T extends Closable>(resource: T): T => {
    opened.unshift(resource);
    return resource;
  };
  try {
    const bare = open(await bareServer());
    const database = open(await openDatabase(target));
    const store = open(new MemoryStore());
    const config = testConfig({ LOG_LEVEL: 'silent' });
    const app = open(await buildApp({ config, database, store, logger: false }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = localUrl(app.server);
    const session = (await (
      await fetch(`${base}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'bench@example.com', password: 'Sup3rSecret' }),
      })
    ).json()) as { access_token: string };
    const create = async (doc: object) => {
      const response = await fetch(`${base}/api/workflows`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${session.access_token}` },
        body: JSON.stringify({ name: 'bench', ...doc }),
      });
      if (response.status !== 201)
        throw new Error(`create failed: ${response.status} ${await response.text()}`);
      return ((await response.json()) as { id: string }).id;
    };
    await use({ bareUrl: localUrl(bare.server, '/bare'), base, create });
  } finally {
    for (const resource of opened) await resource.close();
  }
}

/** The body both execute benchmarks send the greeter and the bare route. */
export const GREETER_BODY = JSON.stringify({ name: 'Ada' });

/** Saves the greeter; returns its id and the two load cases compared: the bare route and its execute. */
export async function greeterCases({ bareUrl, base, create }: ExecuteServers) {
  const greeterId = await create(greeter());
  const post = {
    method: 'POST' as const,
    headers: { 'content-type': 'application/json' },
    body: GREETER_BODY,
  };
  const bare: LoadCase = { name: 'bare fastify route', options: { url: bareUrl, ...post } };
  const execute: LoadCase = {
    name: 'POST execute (3 nodes, history)',
    options: { url: `${base}/api/workflows/${greeterId}/execute`, ...post },
  };
  return { greeterId, bare, execute };
}

/** Runs `use` on PGlite, then on a fresh PostgreSQL database when one is reachable (per BENCH_DB). */
export async function onEachDatabase(use: (dbName: string, servers: ExecuteServers) => Promise<void>) {
  if (DATABASES.includes('pglite')) await withServers({ memory: true }, (servers) => use('PGlite', servers));
  if (DATABASES.includes('postgres') && (await hasPostgres())) {
    const { url, drop } = await createPostgresDatabaseUrl();
    try {
      await withServers({ postgresUrl: url }, (servers) => use('PostgreSQL', servers));
    } finally {
      await drop();
    }
  }
}
