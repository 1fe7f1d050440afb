import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skein-config-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({ DATA_DIR: tempDir() });
    expect(config).toMatchObject({
      host: '127.0.0.1',
      port: 3000,
      databaseUrl: undefined,
      redisUrl: undefined,
      timezone: 'UTC',
      trustProxy: false,
      workers: 1,
      pythonToolSandbox: 'auto',
      allowRegister: true,
      bodyLimitBytes: 10 * 1024 * 1024,
    });
  });

  it('generates SECRET_KEY and ENCRYPTION_KEY into DATA_DIR/secrets.json (0600) and reuses them', () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir });
    const file = path.join(dataDir, 'secrets.json');
    expect(first.secretsFile).toBe(file);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(first.secretKey.length).toBeGreaterThanOrEqual(40);
    expect(first.encryptionKey).not.toBe(first.secretKey);
    const stored = JSON.parse(fs.readFileSync(file, 'utf8'));
    expect(stored).toEqual({ SECRET_KEY: first.secretKey, ENCRYPTION_KEY: first.encryptionKey });
    const second = loadConfig({ DATA_DIR: dataDir });
    expect(second.secretKey).toBe(first.secretKey);
    expect(second.encryptionKey).toBe(first.encryptionKey);
  });

  it('keeps explicit keys and writes no secrets file', () => {
    const dataDir = tempDir();
    const config = loadConfig({
      DATA_DIR: dataDir,
      SECRET_KEY: 's'.repeat(40),
      ENCRYPTION_KEY: 'e'.repeat(40),
    });
    expect(config.secretKey).toBe('s'.repeat(40));
    expect(config.encryptionKey).toBe('e'.repeat(40));
    expect(fs.existsSync(path.join(dataDir, 'secrets.json'))).toBe(false);
  });

  it.each(['', '   ', 'changeme', 'CHANGEME', 'your-encryption-key', 'secret'])(
    'refuses ENCRYPTION_KEY=%j',
    (value) => {
      expect(() => loadConfig({ DATA_DIR: tempDir(), ENCRYPTION_KEY: value })).toThrow(ConfigError);
    },
  );

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['WORKERS', '0'],
    ['TRUST_PROXY', 'maybe'],
    ['TIMEZONE', 'Mars/Olympus'],
    ['SKEIN_PYTHON_TOOL_SANDBOX', 'chroot'],
    ['WORKERS', '2'],
  ])('refuses %s=%s with a clear message', (name, value) => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), [name]: value })).toThrow(new RegExp(name));
  });

  it('the process stops with one clear line and a non-zero exit on a placeholder ENCRYPTION_KEY', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      env: { PATH: process.env.PATH, DATA_DIR: tempDir(), ENCRYPTION_KEY: 'changeme', PORT: '0' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).not.toBe(0);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^skein: configuration error: ENCRYPTION_KEY is a known placeholder/);
  });
});
