/**
 * Where each request's CPU goes, for the execute endpoint and the bare route it is compared with
 * (10 connections, the execute benchmark's target): the server's main thread (user and system
 * time, and time it was runnable but waiting for a CPU), the process's other threads (mostly the
 * load generator), the database's processes, and how much of the machine stayed idle. The main
 * thread is what limits both servers, so execute's throughput ratio is roughly the inverse of the
 * ratio of their main-thread time per request. PGlite runs inside the main thread, so on PGlite the
 * database's time is part of the main thread's. Linux only (reads /proc).
 */
import { greeterCases, onEachDatabase, type ExecuteServers } from './execute-servers.js';
import { durationSeconds, load, median, rounds, warmUp, type LoadOptions } from './lib.js';
import { cpuBetween, procAvailable, sampleCpu } from './proc-cpu.js';

const CONNECTIONS = 10;

async function measure(options: Omit<LoadOptions, 'connections' | 'durationSeconds'>) {
  const before = sampleCpu();
  const result = await load('', { ...options, connections: CONNECTIONS, durationSeconds });
  const cpu = cpuBetween(before, sampleCpu());
  const requests = result.requestsPerSecond * durationSeconds;
  const perRequestUs = (ms: number) => (ms * 1000) / requests;
  const perSecondMs = (ms: number) => ms / durationSeconds;
  return {
    'req/s': result.requestsPerSecond,
    'main µs/req': perRequestUs(cpu.mainUserMs + cpu.mainSystemMs),
    'main user µs/req': perRequestUs(cpu.mainUserMs),
    'main system µs/req': perRequestUs(cpu.mainSystemMs),
    'main waiting ms/s': perSecondMs(cpu.mainWaitMs),
    'other threads µs/req': perRequestUs(cpu.otherThreadsMs),
    'database µs/req': perRequestUs(cpu.databaseMs),
    'machine idle ms/s': perSecondMs(cpu.machineIdleMs),
  };
}

type Figures = Awaited<ReturnType<typeof measure>>;

async function benchOn(dbName: string, servers: ExecuteServers) {
  const greeter = await greeterCases(servers);
  const cases = [greeter.bare, greeter.execute];
  await warmUp(cases, CONNECTIONS);
  const runs: Figures[][] = cases.map(() => []);
  for (let round = 0; round < rounds; round++) {
    for (const [index, { options }] of cases.entries()) runs[index]!.push(await measure(options));
  }
  const medians = runs.map(
    (figures) =>
      Object.fromEntries(
        Object.keys(figures[0]!).map((key) => [key, median(figures.map((f) => f[key as keyof Figures]))]),
      ) as Figures,
  );
  console.log(
    `\nCPU per request on ${dbName}, ${CONNECTIONS} connections (${rounds} rounds of ${durationSeconds} s, medians)`,
  );
  console.table(
    cases.map(({ name }, index) => ({
      case: name,
      ...Object.fromEntries(
        Object.entries(medians[index]!).map(([key, value]) => [key, Math.round(value * 10) / 10]),
      ),
    })),
  );
  const [bare, execute] = medians as [Figures, Figures];
  console.log(
    `execute / bare: throughput ${(execute['req/s'] / bare['req/s']).toFixed(3)}, ` +
      `inverse of main-thread time per request ${(bare['main µs/req'] / execute['main µs/req']).toFixed(3)}`,
  );
}

export async function cpuBench() {
  if (!procAvailable()) {
    console.log('skipped: needs Linux /proc to read per-thread CPU time');
    return;
  }
  await onEachDatabase(benchOn);
}
