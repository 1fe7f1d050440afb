/** Rewrites DATA_DIR/secrets.json atomically (temp file, fsync, rename), keeping mode 0600. */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export function readSecretsFile(file: string): Record<string, unknown> | undefined {
  try {
    const parsed: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

export function writeSecretsFile(file: string, secrets: Record<string, unknown>): void {
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`);
  const handle = fs.openSync(temp, 'wx', 0o600);
  try {
    fs.writeSync(handle, JSON.stringify(secrets, null, 2) + '\n');
    fs.fchmodSync(handle, 0o600);
    fs.fsyncSync(handle);
  } finally {
    fs.closeSync(handle);
  }
  try {
    fs.renameSync(temp, file);
  } catch (error) {
    fs.rmSync(temp, { force: true });
    throw error;
  }
  try {
    const dir = fs.openSync(path.dirname(file), 'r');
    try {
      fs.fsyncSync(dir);
    } finally {
      fs.closeSync(dir);
    }
  } catch {
    // Not every platform can fsync a directory; the rename itself is atomic.
  }
}
