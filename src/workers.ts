/**
 * WORKERS=N on one host: the primary forks N workers that share the listening port (node:cluster),
 * replaces a worker that dies, and on SIGTERM/SIGINT asks every worker to drain and exits once all
 * have (0 when every worker exited cleanly).
 */
import cluster, { type Worker } from 'node:cluster';

const RESTART_DELAY_MS = 1000;

export function runPrimary(workers: number, log: (line: string) => void): void {
  let stopping = false;
  let failed = false;
  const fork = () => cluster.fork();
  for (let i = 0; i < workers; i++) fork();

  cluster.on('exit', (worker: Worker, code, signal) => {
    if (stopping) {
      if (code !== 0) failed = true;
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(failed ? 1 : 0);
      return;
    }
    log(`skein: worker ${worker.process.pid} exited (${signal ?? code}); starting another`);
    setTimeout(fork, RESTART_DELAY_MS).unref();
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const running = Object.values(cluster.workers ?? {}).filter(
      (worker): worker is Worker => worker !== undefined,
    );
    if (running.length === 0) process.exit(0);
    for (const worker of running) worker.process.kill(signal);
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}
