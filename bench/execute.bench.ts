/**
 * The execute endpoint for textInput -> set -> output (history recorded), side by side with a bare
 * Fastify route doing the same JSON transform, at 1, 10 and 50 connections, on PGlite and on
 * PostgreSQL. Then single-run timings of a 200-node chain and a 1,000-item loop.
 */
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { testConfig } from '../test/support/app.js';
import { createPostgresDatabaseUrl } from '../test/support/databases.js';
import { hasPostgres } from '../test/support/services.js';
import { edge, greeter, node } from '../test/support/executions.js';
import { compareInRounds } from './lib.js';
import { buildApp, MemoryStore, openDatabase, type DatabaseTarget } from './server.js';

/** `BENCH_CONNECTIONS=10` and `BENCH_DB=postgres` narrow a run while iterating on one figure. */
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '1,10,50').split(',').map(Number);
const DATABASES = (process.env.BENCH_DB ?? 'pglite,postgres').split(',');

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
  return { bare, url: `http://127.0.0.1:${(bare.server.address() as AddressInfo).port}/bare` };
}

function chain(length: number) {
  const nodes = [node('textInput', 'request')];
  for (let i = 1; i < length - 1; i++) {
    nodes.push(
      node('set', `step${i}`, {
        mappings: [{ key: 'n', value: i === 1 ? '{{ 1 }}' : `$step${i - 1}.n + 1` }],
      }),
    );
  }
  nodes.push(node('output', 'result', { value: `$step${length - 2}.n` }));
  return { nodes, edges: nodes.slice(1).map((target, i) => edge(nodes[i]!, target)) };
}

function loopOver(items: number) {
  const request = node('textInput', 'request');
  const loop = node('loop', 'each', { items: `$request.body.items` });
  const body = node('set', 'double', { mappings: [{ key: 'v', value: '$input.item * 2' }] });
  const result = node('output', 'result', { value: '$each.results.length' });
  return {
    doc: {
      nodes: [request, loop, body, result],
      edges: [
        edge(request, loop),
        edge(loop, body, { sourceHandle: 'loop' }),
        { id: 'back', source: body.id, target: loop.id, targetHandle: 'loop' },
        edge(loop, result, { sourceHandle: 'done' }),
      ],
    },
    payload: JSON.stringify({ items: Array.from({ length: items }, (_, i) => i) }),
  };
}

async function timeRuns(url: string, payload: string, runs: number) {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: payload,
    });
    const body = (await response.json()) as { status: string };
    if (body.status !== 'success') throw new Error(`run failed: ${JSON.stringify(body)}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { medianMs: times[Math.floor(times.length / 2)]!, minMs: times[0]! };
}

async function benchOn(dbName: string, target: DatabaseTarget) {
  const { bare, url: bareUrl } = await bareServer();
  const database = await openDatabase(target);
  const store = new MemoryStore();
  const app = await buildApp({ config: testConfig({ LOG_LEVEL: 'silent' }), database, store, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
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

  try {
    const greeterId = await create(greeter());
    const body = JSON.stringify({ name: 'Ada' });
    for (const connections of CONNECTIONS) {
      const post = { method: 'POST' as const, headers: { 'content-type': 'application/json' }, body };
      await compareInRounds(
        `execute on ${dbName}`,
        connections,
        { name: 'bare fastify route', options: { url: bareUrl, ...post } },
        [
          {
            name: 'POST execute (3 nodes, history)',
            options: { url: `${base}/api/workflows/${greeterId}/execute`, ...post },
          },
        ],
      );
    }

    const chainId = await create(chain(200));
    const chainTime = await timeRuns(`${base}/api/workflows/${chainId}/execute`, '{}', 20);
    const { doc, payload } = loopOver(1000);
    const loopId = await create(doc);
    const loopTime = await timeRuns(`${base}/api/workflows/${loopId}/execute`, payload, 10);
    const greeterTime = await timeRuns(`${base}/api/workflows/${greeterId}/execute`, body, 50);
    console.table([
      {
        case: '3-node greeter (baseline)',
        'median ms': greeterTime.medianMs.toFixed(2),
        'x baseline': '1.0',
      },
      {
        case: '200-node chain',
        'median ms': chainTime.medianMs.toFixed(2),
        'x baseline': (chainTime.medianMs / greeterTime.medianMs).toFixed(1),
      },
      {
        case: '1,000-item loop',
        'median ms': loopTime.medianMs.toFixed(2),
        'x baseline': (loopTime.medianMs / greeterTime.medianMs).toFixed(1),
      },
    ]);
  } finally {
    await app.close();
    await bare.close();
    await store.close();
    await database.close();
  }
}

export async function executeBench() {
  if (DATABASES.includes('pglite')) await benchOn('PGlite', { memory: true });
  if (DATABASES.includes('postgres') && (await hasPostgres())) {
    const { url, drop } = await createPostgresDatabaseUrl();
    await benchOn('PostgreSQL', { postgresUrl: url });
    await drop();
  }
}
