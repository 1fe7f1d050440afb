import { readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../src/app.js';
import { MemoryStore } from '../src/services/shared-store/index.js';
import { openDatabase } from '../src/store/database.js';
import { testConfig } from '../test/support/app.js';
import { createPostgresDatabaseUrl } from '../test/support/databases.js';
import { greeter } from '../test/support/workflows.js';
import { load } from './lib.js';

const cpu = () => {
  const f = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return { user: Number(f[11]) * 10, sys: Number(f[12]) * 10 };
};
const pg = process.env.DB !== 'pglite';
const { url, drop } = pg ? await createPostgresDatabaseUrl() : { url: '', drop: async () => {} };
const database = await openDatabase(pg ? { postgresUrl: url } : { memory: true });
const store = new MemoryStore();
const app = await buildApp({ config: testConfig({ LOG_LEVEL: 'silent' }), database, store, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
const session = (await (await fetch(`${base}/api/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'bench@example.com', password: 'Sup3rSecret' }) })).json()) as { access_token: string };
const created = await fetch(`${base}/api/workflows`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${session.access_token}` }, body: JSON.stringify({ name: 'bench', ...greeter() }) });
const id = ((await created.json()) as { id: string }).id;
const opts = { url: `${base}/api/workflows/${id}/execute`, method: 'POST' as const, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Ada' }), connections: 10, durationSeconds: 2 };
await load('warm', opts);
const prof = process.env.PROF ? new Session() : undefined;
if (prof) { prof.connect(); await prof.post('Profiler.enable'); await prof.post('Profiler.setSamplingInterval', { interval: 200 }); await prof.post('Profiler.start'); }
const before = cpu();
const m = await load('execute', { ...opts, durationSeconds: Number(process.env.SECS ?? 6) });
const after = cpu();
if (prof) { const { profile } = await prof.post('Profiler.stop'); writeFileSync(process.env.PROF!, JSON.stringify(profile)); }
const n = m.requestsPerSecond * Number(process.env.SECS ?? 6);
console.log(`req/s ${Math.round(m.requestsPerSecond)} p99 ${m.p99Ms} main-thread µs/req user ${((after.user - before.user) * 1000 / n).toFixed(1)} sys ${((after.sys - before.sys) * 1000 / n).toFixed(1)} errors ${m.errors} non2xx ${m.non2xx}`);
await app.close(); await store.close(); await database.close(); await drop();
process.exit(0);
