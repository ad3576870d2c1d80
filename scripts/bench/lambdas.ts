/**
 * `npm run bench:lambdas` (issue 24, item 26): each Lambda function's bundle as the CDK builds it
 * (scripts/bench/lambda-bundles.ts) — its size, the runtime SDK clients it imports at load, and the time
 * Node takes to import it (the module-loading part of a cold start), the median of `--runs` fresh Node
 * processes (default 3) — with the machine's load average before and after, as the figures depend on it.
 * The bundles are written under .local/bench-lambdas/ so that their external `@aws-sdk/` imports resolve
 * from the project's node_modules, as they do from the runtime's in Lambda.
 *
 *   --runs N      import-time runs per function (at least 3; the median is reported)
 *   --only NAMES  these functions only (comma-separated, e.g. support,dashboard)
 *   --json FILE   also write the results as JSON
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { tables } from '../../contracts/tables';
import { projectRoot } from '../../lib/paths';
import { bundleFunctions, COGNITO_IDP_CLIENT, functionEntries } from './lambda-bundles';

const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '3' }, only: { type: 'string' }, json: { type: 'string' } } });
const runs = Math.max(3, Number(args.runs) || 3);
const only = args.only ? new Set(args.only.split(',').map((s) => s.trim())) : null;

/** What a function's environment holds in Lambda (names only matter: importing reads no table). */
const lambdaEnv = {
  ...process.env,
  AWS_REGION: 'us-east-1',
  AWS_ACCESS_KEY_ID: 'bench',
  AWS_SECRET_ACCESS_KEY: 'bench',
  USER_POOL_ID: 'us-east-1_bench',
  POWERTOOLS_LOG_LEVEL: 'ERROR',
  ...Object.fromEntries(Object.values(tables).map((t) => [t.envVar, `${t.name}-bench`])),
};

/** Milliseconds one fresh Node process takes to import `file` (a path, or a package name), by its own clock around the dynamic import only. */
function importMs(file: string): number {
  // The Lambda runtime's global for streamed responses (the export functions wrap their handler at load).
  const runtimeGlobal = 'globalThis.awslambda = { streamifyResponse: (h) => h, HttpResponseStream: { from: (s) => s } };';
  const script = `${runtimeGlobal} const t = performance.now(); try { await import(${JSON.stringify(file.startsWith('/') ? pathToFileURL(file).href : file)}); } catch (e) { process.stdout.write('error ' + e.name + ': ' + String(e.message).slice(0, 200)); process.exit(0); } process.stdout.write(String(performance.now() - t));`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { env: lambdaEnv, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (out.startsWith('error')) throw new Error(`importing ${path.basename(file)}: ${out}`);
  return Number(out);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');

const outdir = path.join(projectRoot, '.local', 'bench-lambdas');
rmSync(outdir, { recursive: true, force: true });
mkdirSync(outdir, { recursive: true });
const loadBefore = load();
const entries = functionEntries().filter((e) => !only || only.has(e.name));
const bundles = await bundleFunctions(outdir, entries);
const rows = bundles.map((b) => {
  const times = Array.from({ length: runs }, () => importMs(b.file));
  return { name: b.name, entry: b.entry, kb: Math.round(b.bytes / 102.4) / 10, cognitoIdp: b.externalImports.includes(COGNITO_IDP_CLIENT), sdkClients: b.externalImports, importMs: Math.round(median(times)), runsMs: times.map((t) => Math.round(t)) };
});
// What loading the Cognito client costs on its own: what a function that no longer imports it saves.
const clientTimes = Array.from({ length: runs }, () => importMs(COGNITO_IDP_CLIENT));
const loadAfter = load();

const width = Math.max(...rows.map((r) => r.name.length));
console.log(`Lambda bundles (${rows.length}), import time the median of ${runs} fresh Node ${process.versions.node} processes; load average (1, 5, 15 min) before ${loadBefore}, after ${loadAfter}`);
console.log(`${'function'.padEnd(width)}  ${'bundle KB'.padStart(9)}  ${'import ms'.padStart(9)}  cognito-idp  runs (ms)`);
for (const r of rows) console.log(`${r.name.padEnd(width)}  ${r.kb.toFixed(1).padStart(9)}  ${String(r.importMs).padStart(9)}  ${(r.cognitoIdp ? 'yes' : 'no').padEnd(11)}  ${r.runsMs.join(' ')}`);
const withIdp = rows.filter((r) => r.cognitoIdp).length;
console.log(`${withIdp} of ${rows.length} functions load ${COGNITO_IDP_CLIENT}; importing it alone takes ${Math.round(median(clientTimes))} ms (runs ${clientTimes.map((t) => Math.round(t)).join(' ')})`);
if (args.json) writeFileSync(args.json, `${JSON.stringify({ runs, node: process.versions.node, loadBefore, loadAfter, cognitoIdpClientImportMs: Math.round(median(clientTimes)), functions: rows }, null, 2)}\n`);
