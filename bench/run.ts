/** `npm run bench`: every benchmark, one after another. `BENCH_ONLY=auth` picks one. */
import { authBench } from './auth.bench.js';
import { browserBench } from './browser.bench.js';
import { cpuBench } from './cpu.bench.js';
import { executeBench } from './execute.bench.js';

const benches: Record<string, () => Promise<void>> = {
  auth: authBench,
  execute: executeBench,
  cpu: cpuBench,
  browser: browserBench,
};
const only = process.env.BENCH_ONLY?.split(',');
for (const [name, run] of Object.entries(benches)) {
  if (only && !only.includes(name)) continue;
  console.log(`\n### ${name}`);
  await run();
}
process.exit(0);
