// `npm start`: builds what is missing or stale (server, and the web app once it exists), then runs.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npmBin = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function newestMtime(dir) {
  let newest = 0;
  if (!fs.existsSync(dir)) return newest;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'dist')
        newest = Math.max(newest, newestMtime(full));
    } else newest = Math.max(newest, fs.statSync(full).mtimeMs);
  }
  return newest;
}

function stale(outputFile, sourceDir) {
  return !fs.existsSync(outputFile) || fs.statSync(outputFile).mtimeMs < newestMtime(sourceDir);
}

if (stale(path.join(root, 'dist/main.js'), path.join(root, 'src'))) {
  console.log('skein: building the server...');
  execFileSync(npmBin, ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
}
const webIndex = path.join(root, 'web/index.html');
if (fs.existsSync(webIndex) && stale(path.join(root, 'web/dist/index.html'), path.join(root, 'web/src'))) {
  console.log('skein: building the web app...');
  execFileSync(npmBin, ['run', '--silent', 'build:web'], { cwd: root, stdio: 'inherit' });
}
await import(pathToFileURL(path.join(root, 'dist/main.js')).href);
