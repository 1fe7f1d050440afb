/**
 * CPU time read from Linux's /proc: this process's main thread and its other threads, every process
 * named `postgres` (the local PostgreSQL server the benchmarks use), and the machine's idle time.
 * Linux only; `procAvailable()` says whether it can be read here.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';

export interface CpuSample {
  /** Main thread: user and system CPU, time runnable but waiting for a CPU (all ms). */
  mainUserMs: number;
  mainSystemMs: number;
  mainWaitMs: number;
  /** Every other thread of this process (the load generator's worker, GC helpers, libuv's pool). */
  otherThreadsMs: number;
  databaseMs: number;
  machineIdleMs: number;
}

export const procAvailable = () => existsSync(`/proc/self/task/${process.pid}/schedstat`);

const ticksPerSecond = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();
const ticksToMs = (ticks: number) => (ticks * 1000) / ticksPerSecond;

/** utime and stime of a /proc stat file, in ms (the fields after the command name's parenthesis). */
function userSystemMs(statPath: string): [number, number] {
  try {
    const stat = readFileSync(statPath, 'utf8');
    const values = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return [ticksToMs(Number(values[11])), ticksToMs(Number(values[12]))];
  } catch {
    return [0, 0]; // the thread or process ended between listing and reading
  }
}

function databaseMs(): number {
  let total = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'postgres') continue;
    } catch {
      continue;
    }
    const [user, system] = userSystemMs(`/proc/${pid}/stat`);
    total += user + system;
  }
  return total;
}

function machineIdleMs(): number {
  const [, , , , idle, iowait] = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!.split(/\s+/);
  return ticksToMs(Number(idle) + Number(iowait));
}

export function sampleCpu(): CpuSample {
  const main = process.pid;
  const [mainUserMs, mainSystemMs] = userSystemMs(`/proc/self/task/${main}/stat`);
  const [, waitNs] = readFileSync(`/proc/self/task/${main}/schedstat`, 'utf8').split(' ').map(Number);
  // The process's figures include threads that have ended, such as a finished load's worker.
  const [processUserMs, processSystemMs] = userSystemMs('/proc/self/stat');
  return {
    mainUserMs,
    mainSystemMs,
    mainWaitMs: waitNs! / 1e6,
    otherThreadsMs: processUserMs + processSystemMs - mainUserMs - mainSystemMs,
    databaseMs: databaseMs(),
    machineIdleMs: machineIdleMs(),
  };
}

export function cpuBetween(before: CpuSample, after: CpuSample): CpuSample {
  const keys = Object.keys(after) as (keyof CpuSample)[];
  return Object.fromEntries(keys.map((key) => [key, after[key] - before[key]])) as unknown as CpuSample;
}
