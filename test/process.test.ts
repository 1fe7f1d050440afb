/** The real process: starts with no set-up, serves health, drains on SIGTERM and exits 0. */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresDatabaseUrl } from './support/databases.js';
import { hasPostgres } from './support/services.js';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function waitForHealth(port: number, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (response.ok) return response;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('service did not become healthy');
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

const pg = await hasPostgres();

/** The pids of a process's children (Linux /proc, via pgrep). */
function childrenOf(pid: number): number[] {
  try {
    return execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

describe('the service process', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'skein-proc-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('starts on embedded defaults, generates keys, then drains in-flight requests on SIGTERM and exits 0', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      env: { PATH: process.env.PATH, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (chunk) => (stderr += chunk));
    const exit = exited(child);
    try {
      const health = await waitForHealth(port);
      expect(await health.json()).toMatchObject({
        status: 'ok',
        database: { kind: 'pglite' },
        shared_store: { kind: 'memory' },
      });
      expect(fs.statSync(path.join(dataDir, 'secrets.json')).mode & 0o777).toBe(0o600);

      // An in-flight request: headers sent, body still arriving when SIGTERM lands.
      const body = JSON.stringify({ email: 'drain@example.com', password: 'Sup3rSecret' });
      const socket = net.connect(port, '127.0.0.1');
      await new Promise((r) => socket.once('connect', r));
      let answer = '';
      socket.on('data', (chunk) => (answer += chunk));
      const closed = new Promise((r) => socket.once('close', r));
      socket.write(
        `POST /api/auth/register HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
      );
      socket.write(body.slice(0, 10));
      await new Promise((r) => setTimeout(r, 200));
      child.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 300));

      // New connections are refused while draining.
      const refused = await new Promise<boolean>((resolve) => {
        const probe = net.connect(port, '127.0.0.1');
        probe.once('connect', () => {
          probe.destroy();
          resolve(false);
        });
        probe.once('error', () => resolve(true));
      });
      expect(refused).toBe(true);

      socket.write(body.slice(10));
      await closed;
      expect(answer).toMatch(/^HTTP\/1\.1 201/);
      expect(await exit).toBe(0);
    } finally {
      child.kill('SIGKILL');
    }
    expect(stderr).not.toMatch(/Error/);
  });

  it.skipIf(!pg)(
    'WORKERS=2 forks two workers sharing the port; SIGTERM drains them all and exits 0',
    async () => {
      const { url, drop } = await createPostgresDatabaseUrl();
      const port = await freePort();
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
        env: {
          PATH: process.env.PATH,
          DATA_DIR: dataDir,
          PORT: String(port),
          LOG_LEVEL: 'warn',
          WORKERS: '2',
          DATABASE_URL: url,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const exit = exited(child);
      try {
        await waitForHealth(port);
        const workers = childrenOf(child.pid!);
        expect(workers).toHaveLength(2);
        const answers = await Promise.all(
          Array.from({ length: 20 }, () => fetch(`http://127.0.0.1:${port}/api/health`)),
        );
        expect(answers.every((answer) => answer.status === 200)).toBe(true);
        child.kill('SIGTERM');
        expect(await exit).toBe(0);
        for (const pid of workers) expect(() => process.kill(pid, 0)).toThrow();
      } finally {
        child.kill('SIGKILL');
        await drop();
      }
    },
  );
});
