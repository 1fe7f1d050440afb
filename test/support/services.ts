/**
 * Finds the machine's PostgreSQL, Redis and RabbitMQ at their standard local ports. A missing
 * service makes its tests skip with a loud message, except under CI=true, where it is a failure.
 */
import net from 'node:net';

export const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
export const AMQP_URL = process.env.TEST_AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672';

const probes = new Map<string, Promise<boolean>>();

function portOpen(port: number, host = '127.0.0.1', timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

async function available(name: string, port: number): Promise<boolean> {
  let probe = probes.get(name);
  if (!probe) {
    probe = portOpen(port);
    probes.set(name, probe);
  }
  const ok = await probe;
  if (!ok) {
    const message = `\n!!! ${name} is not reachable on 127.0.0.1:${port}; its tests are SKIPPED !!!\n`;
    if (process.env.CI === 'true') throw new Error(`${name} is required under CI=true but is not running`);
    console.warn(message);
  }
  return ok;
}

export const hasPostgres = () => available('PostgreSQL', 5432);
export const hasRedis = () => available('Redis', 6379);
export const hasRabbit = () => available('RabbitMQ', 5672);
