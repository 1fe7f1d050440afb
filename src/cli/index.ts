/**
 * The `skein` command line: `skein <command> [options]`. Commands are run with the process
 * environment and print to stdout/stderr; the exit code says how it went.
 */
import { realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { rotateEncryptionKeyCommand, ROTATE_USAGE, type CliIo, type Env } from './rotate-encryption-key.js';

const USAGE = `Usage: skein <command> [options]

Commands:
  rotate-encryption-key   re-encrypt every credential with a new ENCRYPTION_KEY

${ROTATE_USAGE}`;

export async function runCli(argv: string[], env: Env, io: CliIo): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'rotate-encryption-key':
      return rotateEncryptionKeyCommand(rest, env, io);
    case undefined:
    case 'help':
    case '--help':
    case '-h':
      io.out(USAGE);
      return command === undefined ? 2 : 0;
    default:
      io.err(`skein: unknown command "${command}"\n\n${USAGE}`);
      return 2;
  }
}

const io: CliIo = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};

/** Run only as the entry point (`tsx src/cli/index.ts`, `node dist/cli/index.js`), not on import. */
const entry = process.argv[1];
if (entry && import.meta.url === pathToFileURL(realpathSync(entry)).href) {
  runCli(process.argv.slice(2), process.env, io).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      io.err(`skein: failed: ${error instanceof Error ? error.message : String(error)}`);
      process.exitCode = 1;
    },
  );
}
