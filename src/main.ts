/**
 * Process entry: load config, open the database (migrations run), connect the shared store, start
 * HTTP. SIGTERM/SIGINT drain: stop accepting, finish in-flight requests, close the database, exit 0.
 * With WORKERS > 1 this process forks that many workers (src/workers.ts) and each of them starts.
 */
import cluster from 'node:cluster';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { createSharedStore } from './services/shared-store/index.js';
import { openDatabase } from './store/database.js';
import { runPrimary } from './workers.js';

async function start(config: Config) {
  const database = await openDatabase(
    config.databaseUrl ? { postgresUrl: config.databaseUrl } : { pgliteDir: `${config.dataDir}/pglite` },
  );
  const store = createSharedStore(config.redisUrl);
  const app = await buildApp({ config, database, store, startJobs: true });
  if (config.secretsFile) app.log.info(`generated keys are kept in ${config.secretsFile} (mode 0600)`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'draining');
    try {
      await app.close();
      await store.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));

  await app.listen({ host: config.host, port: config.port });
  app.log.info(`Skein listening on ${config.publicUrl} (database: ${database.kind}, store: ${store.kind})`);
}

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    process.stderr.write(`skein: configuration error: ${error.message}\n`);
    process.exit(1);
  }
  throw error;
}
if (config.workers > 1 && cluster.isPrimary) {
  runPrimary(config.workers, (line) => process.stderr.write(`${line}\n`));
} else {
  start(config).catch((error: unknown) => {
    process.stderr.write(
      `skein: failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exit(1);
  });
}
