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

export function printComparison(title: string, baseline: Measurement, subjects: Measurement[]) {
  console.log(`\n${title}`);
  const rows = [baseline, ...subjects].map((m) => ({
    case: m.name,
    conns: m.connections,
    'req/s': Math.round(m.requestsPerSecond),
    'x baseline': (m.requestsPerSecond / baseline.requestsPerSecond).toFixed(3),
    'p50 ms': m.p50Ms,
    'p99 ms': m.p99Ms,
    errors: m.errors,
    non2xx: m.non2xx,
  }));
  console.table(rows);
}

export const durationSeconds = Number(process.env.BENCH_SECONDS ?? 5);
