/** Shared benchmark helpers: autocannon against real sockets, figures printed as ratios to a baseline. */
import autocannon from 'autocannon';

export interface Measurement {
  name: string;
  connections: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
}

export interface LoadOptions {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Called before each request; may change its headers (e.g. a fresh X-Forwarded-For). */
  setupHeaders?: (headers: Record<string, string>) => Record<string, string>;
  connections: number;
  durationSeconds: number;
}

export async function load(name: string, options: LoadOptions): Promise<Measurement> {
  const result = await autocannon({
    url: options.url,
    method: options.method ?? 'GET',
    headers: options.headers,
    body: options.body,
    ...(options.setupHeaders
      ? {
          requests: [
            {
              setupRequest: (request: autocannon.Request) => ({
                ...request,
                headers: options.setupHeaders!({ ...((request.headers as Record<string, string>) ?? {}) }),
              }),
            },
          ],
        }
      : {}),
    connections: options.connections,
    duration: options.durationSeconds,
    // The load generator gets its own thread, so it does not share the server's event loop.
    ...(options.setupHeaders ? {} : { workers: 1 }),
  });
  return {
    name,
    connections: options.connections,
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

export interface LoadCase {
  name: string;
  options: Omit<LoadOptions, 'connections' | 'durationSeconds'>;
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/**
 * Loads each case for a second, unmeasured: a server's first second otherwise pays for compiling
 * its hot code and filling its caches, and lands on whichever case happens to run first.
 */
export async function warmUp(cases: readonly LoadCase[], connections: number): Promise<void> {
  for (const { name, options } of cases) await load(name, { ...options, connections, durationSeconds: 1 });
}

/**
 * Measures the baseline and each subject in turn, `rounds` times over, so that the machine's drift
 * (on a shared host the same route swings by a third between minutes) falls on every case alike.
 * Prints medians, and each round's ratio of subject to the baseline measured just before it.
 */
export async function compareInRounds(
  title: string,
  connections: number,
  baseline: LoadCase,
  subjects: LoadCase[],
): Promise<void> {
  const cases = [baseline, ...subjects];
  await warmUp(cases, connections);
  const runs: Measurement[][] = cases.map(() => []);
  for (let round = 0; round < rounds; round++) {
    for (const [index, { name, options }] of cases.entries()) {
      runs[index]!.push(await load(name, { ...options, connections, durationSeconds }));
    }
  }
  const baselineRuns = runs[0]!;
  console.log(`\n${title} (${rounds} rounds of ${durationSeconds} s, medians)`);
  console.table(
    runs.map((measured) => {
      const ratios = measured.map((m, round) => m.requestsPerSecond / baselineRuns[round]!.requestsPerSecond);
      return {
        case: measured[0]!.name,
        conns: connections,
        'req/s': Math.round(median(measured.map((m) => m.requestsPerSecond))),
        'x baseline': median(ratios).toFixed(3),
        'per round': ratios.map((ratio) => ratio.toFixed(3)).join(' '),
        'p50 ms': median(measured.map((m) => m.p50Ms)),
        'p99 ms': median(measured.map((m) => m.p99Ms)),
        errors: measured.reduce((sum, m) => sum + m.errors, 0),
        non2xx: measured.reduce((sum, m) => sum + m.non2xx, 0),
      };
    }),
  );
}

export const durationSeconds = Number(process.env.BENCH_SECONDS ?? 3);
export const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
