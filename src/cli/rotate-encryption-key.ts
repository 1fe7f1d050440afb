/**
 * `skein rotate-encryption-key [--new-key KEY]`: re-encrypts every credential under a new key
 * (NEW_ENCRYPTION_KEY when no flag is given), then says how to switch the service over. When the
 * current key lives in DATA_DIR/secrets.json, that file is rewritten after the commit.
 */
import path from 'node:path';
import { ConfigError, loadConfig, type Config } from '../config.js';
import { isFernetKey } from '../services/credentials/fernet.js';
import { rotateEncryptionKey, RotationError } from '../services/credentials/key-rotation.js';
import { openDatabase } from '../store/database.js';
import { readSecretsFile, writeSecretsFile } from './secrets-file.js';

export interface CliIo {
  out(line: string): void;
  err(line: string): void;
}

export type Env = Record<string, string | undefined>;

export const ROTATE_USAGE = `Usage: skein rotate-encryption-key [--new-key KEY]

Re-encrypts every stored credential with a new ENCRYPTION_KEY, in one transaction.
The new key comes from --new-key or, better (it stays out of the process list), from the
NEW_ENCRYPTION_KEY environment variable. The current key is read like the server reads it
(ENCRYPTION_KEY, else DATA_DIR/secrets.json). Stop every Skein process first.`;

const MIN_KEY_LENGTH = 16;

function parseArgs(args: string[]): { newKey?: string; help: boolean } | string {
  const parsed: { newKey?: string; help: boolean } = { help: false };
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    if (arg === '--help' || arg === '-h') parsed.help = true;
    else if (arg === '--new-key') {
      const value = args[++index];
      if (value === undefined) return '--new-key needs a value';
      parsed.newKey = value;
    } else if (arg.startsWith('--new-key=')) parsed.newKey = arg.slice('--new-key='.length);
    else return `unknown argument "${arg}"`;
  }
  return parsed;
}

/** The new key, checked by the same rules as ENCRYPTION_KEY at start-up, plus a minimum length. */
function checkNewKey(config: Config, newKey: string): string | undefined {
  if (newKey.length < MIN_KEY_LENGTH && !isFernetKey(newKey)) {
    return `the new key is too short (at least ${MIN_KEY_LENGTH} characters)`;
  }
  try {
    loadConfig({ DATA_DIR: config.dataDir, SECRET_KEY: config.secretKey, ENCRYPTION_KEY: newKey });
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  return undefined;
}

/** Exit code: 0 done, 1 failed (nothing changed unless it says otherwise), 2 usage. */
export async function rotateEncryptionKeyCommand(args: string[], env: Env, io: CliIo): Promise<number> {
  const parsed = parseArgs(args);
  if (typeof parsed === 'string') {
    io.err(`skein: ${parsed}\n\n${ROTATE_USAGE}`);
    return 2;
  }
  if (parsed.help) {
    io.out(ROTATE_USAGE);
    return 0;
  }
  let config: Config;
  try {
    config = loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    io.err(`skein: configuration error: ${error.message}`);
    return 1;
  }
  const newKey = (parsed.newKey ?? env.NEW_ENCRYPTION_KEY ?? '').trim();
  if (newKey === '') {
    io.err(`skein: no new key: pass --new-key or set NEW_ENCRYPTION_KEY\n\n${ROTATE_USAGE}`);
    return 2;
  }
  const problem = checkNewKey(config, newKey);
  if (problem) {
    io.err(`skein: ${problem}`);
    return 1;
  }
  const secretsFile = config.secretsFile;
  const keyFromFile =
    secretsFile !== undefined && readSecretsFile(secretsFile)?.ENCRYPTION_KEY === config.encryptionKey;

  const database = await openDatabase(
    config.databaseUrl
      ? { postgresUrl: config.databaseUrl }
      : { pgliteDir: path.join(config.dataDir, 'pglite') },
  );
  try {
    const { rotated } = await rotateEncryptionKey(database.db, config.encryptionKey, newKey);
    io.out(`Re-encrypted ${rotated} credential${rotated === 1 ? '' : 's'} with the new key.`);
  } catch (error) {
    if (!(error instanceof RotationError)) throw error;
    io.err(`skein: ${error.message}`);
    for (const id of error.credentialIds.slice(0, 20)) io.err(`  credential ${id}`);
    return 1;
  } finally {
    await database.close();
  }

  if (keyFromFile) {
    try {
      writeSecretsFile(secretsFile!, { ...readSecretsFile(secretsFile!), ENCRYPTION_KEY: newKey });
    } catch (error) {
      io.err(
        `skein: the credentials now use the new key, but ${secretsFile} could not be rewritten ` +
          `(${error instanceof Error ? error.message : String(error)}). Put the new key into it as ` +
          'ENCRYPTION_KEY before starting Skein again.',
      );
      return 1;
    }
    io.out(`Saved the new ENCRYPTION_KEY in ${secretsFile} (mode 0600). Start Skein again.`);
  } else {
    io.out(
      'Next: set ENCRYPTION_KEY to the new key everywhere Skein runs (every worker and host), then start ' +
        'Skein again. The old key no longer decrypts the credentials; keep it only until the switch is done.',
    );
  }
  return 0;
}
