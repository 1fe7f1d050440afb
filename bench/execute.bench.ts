/**
 * The execute endpoint for textInput -> set -> output (history recorded), side by side with a bare
 * Fastify route doing the same JSON transform, at 1, 10 and 50 connections, on PGlite and on
 * PostgreSQL. Then single-run timings of a 200-node chain and a 1,000-item loop.
 */
import { edge, node } from '../test/support/executions.js';
import { GREETER_BODY, greeterCases, onEachDatabase, type ExecuteServers } from './execute-servers.js';
import { compareInRounds, median } from './lib.js';

/** `BENCH_CONNECTIONS=10` narrows a run while iterating on one figure. */
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '1,10,50').split(',').map(Number);

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
  return { medianMs: median(times) };
}

async function benchOn(dbName: string, servers: ExecuteServers) {
  const { base, create } = servers;
  const { greeterId, bare, execute } = await greeterCases(servers);
  for (const connections of CONNECTIONS) {
    await compareInRounds(`execute on ${dbName}`, connections, bare, [execute]);
  }

  const chainId = await create(chain(200));
  const chainTime = await timeRuns(`${base}/api/workflows/${chainId}/execute`, '{}', 20);
  const { doc, payload } = loopOver(1000);
  const loopId = await create(doc);
  const loopTime = await timeRuns(`${base}/api/workflows/${loopId}/execute`, payload, 10);
  const greeterTime = await timeRuns(`${base}/api/workflows/${greeterId}/execute`, GREETER_BODY, 50);
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
}

export async function executeBench() {
  await onEachDatabase(benchOn);
}
