/**
 * The only reader of the environment. `loadConfig()` parses it once into a typed, validated object;
 * everything else receives that object.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface Config {
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  secretKey: string;
  encryptionKey: string;
  timezone: string;
  publicUrl: string;
  trustProxy: boolean;
  workers: number;
  pythonToolSandbox: 'auto' | 'docker' | 'bwrap' | 'subprocess';
  allowRegister: boolean;
  logLevel: string;
  bodyLimitBytes: number;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  /** Where the generated secrets live, when they were generated. */
  secretsFile: string | undefined;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const PLACEHOLDER_KEYS = new Set([
  'changeme',
  'change-me',
  'change_me',
  'your-encryption-key',
  'your_encryption_key',
  'encryption-key',
  'encryption_key',
  'secret',
  'password',
  'default',
  'example',
  'placeholder',
  'xxx',
  'todo',
]);

type Env = Record<string, string | undefined>;

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer between ${min} and ${max} (got "${raw}")`);
  }
  return value;
}

function flag(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new ConfigError(`${name} must be true or false (got "${env[name]}")`);
}

function isValidTimezone(timezone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: timezone });
    return true;
  } catch {
    return false;
  }
}

interface StoredSecrets {
  SECRET_KEY?: string;
  ENCRYPTION_KEY?: string;
}

/** Reads DATA_DIR/secrets.json, generating any missing key into it (mode 0600). */
function loadGeneratedSecrets(
  dataDir: string,
  needed: (keyof StoredSecrets)[],
): StoredSecrets & { file: string } {
  const file = path.join(dataDir, 'secrets.json');
  let stored: StoredSecrets = {};
  if (fs.existsSync(file)) {
    try {
      stored = JSON.parse(fs.readFileSync(file, 'utf8')) as StoredSecrets;
    } catch {
      throw new ConfigError(`${file} is not valid JSON; fix or remove it`);
    }
  }
  let changed = false;
  for (const key of needed) {
    if (!stored[key]) {
      stored[key] = randomBytes(32).toString('base64url');
      changed = true;
    }
  }
  if (changed) {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, JSON.stringify(stored, null, 2) + '\n', { mode: 0o600 });
    fs.chmodSync(file, 0o600);
  }
  return { ...stored, file };
}

export function loadConfig(env: Env = process.env): Config {
  const dataDir = path.resolve(env.DATA_DIR || './data');

  const encryptionRaw = env.ENCRYPTION_KEY;
  if (encryptionRaw !== undefined) {
    const trimmed = encryptionRaw.trim();
    if (trimmed === '')
      throw new ConfigError('ENCRYPTION_KEY is set but empty; unset it or give a strong key');
    if (PLACEHOLDER_KEYS.has(trimmed.toLowerCase())) {
      throw new ConfigError(`ENCRYPTION_KEY is a known placeholder ("${trimmed}"); set a strong random key`);
    }
  }
  const secretRaw = env.SECRET_KEY?.trim() || undefined;

  const needed: (keyof StoredSecrets)[] = [];
  if (!secretRaw) needed.push('SECRET_KEY');
  if (encryptionRaw === undefined) needed.push('ENCRYPTION_KEY');
  const generated = needed.length > 0 ? loadGeneratedSecrets(dataDir, needed) : undefined;

  const timezone = env.TIMEZONE || 'UTC';
  if (!isValidTimezone(timezone))
    throw new ConfigError(`TIMEZONE "${timezone}" is not a known IANA time zone`);

  const sandbox = env.SKEIN_PYTHON_TOOL_SANDBOX || 'auto';
  if (!['auto', 'docker', 'bwrap', 'subprocess'].includes(sandbox)) {
    throw new ConfigError('SKEIN_PYTHON_TOOL_SANDBOX must be one of auto, docker, bwrap, subprocess');
  }

  const databaseUrl = env.DATABASE_URL || undefined;
  const workers = integer(env, 'WORKERS', 1, 1, 64);
  if (workers > 1 && !databaseUrl) {
    throw new ConfigError('WORKERS > 1 needs DATABASE_URL: the embedded database belongs to one process');
  }

  const host = env.HOST || '127.0.0.1';
  const port = integer(env, 'PORT', 3000, 0, 65535);

  return {
    host,
    port,
    dataDir,
    databaseUrl,
    redisUrl: env.REDIS_URL || undefined,
    secretKey: secretRaw ?? generated!.SECRET_KEY!,
    encryptionKey: encryptionRaw?.trim() ?? generated!.ENCRYPTION_KEY!,
    timezone,
    publicUrl: (env.PUBLIC_URL || `http://${host}:${port}`).replace(/\/+$/, ''),
    trustProxy: flag(env, 'TRUST_PROXY', false),
    workers,
    pythonToolSandbox: sandbox as Config['pythonToolSandbox'],
    allowRegister: flag(env, 'ALLOW_REGISTER', true),
    logLevel: env.LOG_LEVEL || 'info',
    bodyLimitBytes: integer(env, 'BODY_LIMIT_BYTES', 10 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
    accessTokenTtlSeconds: integer(env, 'ACCESS_TOKEN_TTL_SECONDS', 15 * 60, 10, 24 * 3600),
    refreshTokenTtlSeconds: integer(env, 'REFRESH_TOKEN_TTL_SECONDS', 30 * 24 * 3600, 60, 365 * 24 * 3600),
    secretsFile: generated?.file,
  };
}
