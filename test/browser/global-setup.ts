/** Builds web/dist once per test run, for the browser tests (vite's programmatic build). */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

export default async function setup(): Promise<void> {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  await build({ configFile: path.join(root, 'web/vite.config.ts'), logLevel: 'warn' });
}
