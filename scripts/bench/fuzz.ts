/**
 * `npm run bench:fuzz` (issue 25): the route-table fuzz test at full strength, 10,000 requests (the
 * 1,000 of `npm test` are enough to catch a handler that answers 500 to a kind of input; the long run
 * looks for rarer ones). The same generator (test/lambdas/route-table/fuzz-requests.ts) and the same
 * test (test/integration/fuzz.test.ts), run by vitest against its own local test stack; the seed is
 * printed, and `--seed` (or `FUZZ_SEED`) replays a run. Prints the requests per second with the load
 * average before and after, and exits non-zero on any answer ≥ 500 or a 4xx without `{ error, message }`.
 *
 *   --runs N   requests (default 10000; `FUZZ_RUNS` too)
 *   --seed S   replay the run of seed S
 */
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { projectRoot } from '../../lib/paths';

const { values: args } = parseArgs({ options: { runs: { type: 'string', default: process.env.FUZZ_RUNS ?? '10000' }, seed: { type: 'string', default: process.env.FUZZ_SEED } } });
const runs = Number(args.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a positive whole number, not ${args.runs}`);
if (args.seed !== undefined && !/^-?\d+$/.test(args.seed)) throw new Error(`--seed must be a whole number, not ${args.seed}`);

const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');
console.log(`bench:fuzz: ${runs.toLocaleString('en-US')} requests${args.seed === undefined ? '' : `, seed ${args.seed}`}; load average before ${load()}`);
const started = performance.now();
const child = spawn(process.execPath, [path.join(projectRoot, 'node_modules/vitest/vitest.mjs'), 'run', '--project', 'stack', 'test/integration/fuzz.test.ts'], {
  cwd: projectRoot,
  env: { ...process.env, FUZZ_RUNS: String(runs), ...(args.seed === undefined ? {} : { FUZZ_SEED: args.seed }) },
  stdio: 'inherit',
});
child.on('exit', (code, signal) => {
  const seconds = (performance.now() - started) / 1000;
  console.log(`bench:fuzz: ${code === 0 ? 'passed' : 'FAILED'} in ${seconds.toFixed(0)} s with the stack's start (the test prints the requests per second); load average after ${load()}`);
  process.exit(code ?? (signal ? 1 : 0));
});
