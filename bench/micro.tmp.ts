// @ts-nocheck
import { runWorkflow } from '../dist/core/engine/index.js';
import { nodeRegistry } from '../dist/nodes/registry.js';
import { greeter } from '../test/support/workflows.js';
const doc = greeter();
const N = 200000;
const trigger = { body: { name: 'Ada' }, headers: { host: 'x', 'content-type': 'application/json' }, query: {} };
let events = 0;
async function once() {
  return runWorkflow({ runId: 'r', workflow: doc, trigger, triggerSource: 'API', testRun: false, userId: 'u', depth: 0 }, { registry: nodeRegistry, onEvent: () => events++ });
}
if (process.env.MODE !== 'svc') {
for (let i = 0; i < 20000; i++) await once();
const t = performance.now();
for (let i = 0; i < N; i++) await once();
const ms = performance.now() - t;
console.log(`engine runWorkflow greeter: ${(ms * 1000 / N).toFixed(2)} µs/run`, (await once()).outputs);
}
const { ExecutionService } = await import('../dist/services/executions/execution-service.js');
const { RunChannels } = await import('../dist/services/executions/run-channel.js');
const { CancelSignals } = await import('../dist/services/executions/cancel-signals.js');
const { MemoryStore } = await import('../dist/services/shared-store/index.js');
const store = new MemoryStore();
let recorded = 0;
const svc = new ExecutionService({
  registry: nodeRegistry, history: { record: () => recorded++ }, channels: new RunChannels(), cache: {}, rateLimiter: {}, cancels: new CancelSignals(store),
  findWorkflow: async () => undefined, resources: undefined, ports: {},
});
const workflow = { id: 'w', ownerId: 'o', nodes: doc.nodes, edges: doc.edges, httpMethod: 'POST', authType: 'anonymous', cacheTtlSeconds: 0, rateLimitRequests: null, rateLimitWindowSeconds: null, sseNodeConfig: {}, updatedAt: new Date(), authHeaderKey: null };
const call = { workflow, parts: { method: 'POST', body: { name: 'Ada' }, query: {}, headers: { host: 'x', 'content-type': 'application/json', 'user-agent': 'ab' } }, clientIp: '1', caller: { kind: 'anonymous' } };
async function svcOnce() {
  const admission = await svc.admit(call);
  return svc.launch(call, admission).answer;
}
for (let i = 0; i < 20000; i++) await svcOnce();
const t2 = performance.now();
for (let i = 0; i < N; i++) await svcOnce();
const ms2 = performance.now() - t2;
console.log(`service admit+launch greeter: ${(ms2 * 1000 / N).toFixed(2)} µs/run`, (await svcOnce()).body, recorded);
process.exit(0);
