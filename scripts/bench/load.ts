/**
 * `npm run bench:load`: a bounded, mixed load on the local API at a fixed rate. Starts its own local
 * stack (the same code as `npm start`, without the web, on its own ports, data kept in
 * `.local/bench-load/`, seeded with the demo accounts as `npm start` seeds them), signs the demo vendor
 * in through cognito-local and sends GET /api/dashboard, GET /api/orders and GET /api/products in a
 * seeded mix, open loop: request i is due at start + i / rate whatever earlier requests are doing,
 * so a slow server meets the same arrivals a real one would (a closed loop would slow down with it
 * and hide the queueing). Latency is measured from the moment a request was due, not from when it
 * went out, so a stalled generator counts against the figures too.
 *
 * Prints the achieved rate, p50/p95/p99 (overall and per endpoint) and errors; exits 1 when the
 * achieved rate falls below 98 % of the target, p99 exceeds the budget, or any request fails.
 *
 *   --rate N          requests per second (default 150)
 *   --duration S      measured seconds (default 60)
 *   --warmup S        unmeasured seconds at the same rate first (default 15: DynamoDB Local's JVM
 *                     and V8 compile the hot paths in the first ~15 s; a cloud function is warm then)
 *   --max-in-flight N requests outstanding before new arrivals are counted as errors (default 500)
 *   --p99 MS          the p99 budget in ms (default 250)
 *   --json FILE       also write the results as JSON
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { demoAccounts } from '../demo/accounts';
import type { LocalPorts } from '../local/ports';
import { seededRandom } from '../demo/random';
import { serveStack, startStackProcess, stopStackProcess, type BenchStack } from './stack-process';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const root = path.resolve(import.meta.dirname, '../..');
const DATA_DIR = path.join(root, '.local', 'bench-load');
/** Its own ports, so the bench runs beside `npm start`, the test stack and the other benches. */
const PORTS: LocalPorts = { web: 5195, api: 8899, dynamodb: 8022, cognito: 9251, s3: 20027, ses: 8032 };
const MIN_RATE_SHARE = 0.98;

/** The mix: what a signed-in vendor's pages ask most (the dashboard on every visit, then the lists). */
const MIX = [
  { name: 'GET /api/dashboard', path: '/api/dashboard', weight: 4 },
  { name: 'GET /api/orders', path: '/api/orders', weight: 3 },
  { name: 'GET /api/products', path: '/api/products', weight: 3 },
];

const { values: args } = parseArgs({
  options: {
    serve: { type: 'boolean', default: false },
    rate: { type: 'string', default: '150' },
    duration: { type: 'string', default: '60' },
    warmup: { type: 'string', default: '15' },
    'max-in-flight': { type: 'string', default: '500' },
    p99: { type: 'string', default: '250' },
    json: { type: 'string' },
  },
});

function positive(value: string | undefined, name: string, { integer = false, allowZero = false } = {}): number {
  const n = Number(value);
  if (!Number.isFinite(n) || (integer && !Number.isInteger(n)) || n < 0 || (!allowZero && n === 0)) throw new Error(`${name} must be a ${integer ? 'whole ' : ''}number${allowZero ? '' : ' above 0'}`);
  return n;
}

async function signIn(stack: BenchStack): Promise<string> {
  const { email, password } = demoAccounts.approved;
  const res = await fetch(stack.cognitoEndpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth' },
    body: JSON.stringify({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: stack.webConfig.userPoolClientId, AuthParameters: { USERNAME: email, PASSWORD: password } }),
  });
  const token = ((await res.json()) as { AuthenticationResult?: { IdToken?: string } }).AuthenticationResult?.IdToken;
  if (!token) throw new Error(`Could not sign ${email} in (${res.status})`);
  return token;
}

interface Sample {
  endpoint: string;
  /** ms from the moment the request was due to the end of its body. */
  ms: number;
  /** s from the start of the run to the moment the request was due. */
  at: number;
  /** null when answered 200. */
  error: string | null;
}

/**
 * Sends `rate × seconds` requests, request i due at `i / rate` s after the start. A 5 ms ticker sends
 * every request that has come due (a late tick sends the backlog at once: arrivals are never skipped).
 * More than `maxInFlight` outstanding requests means the server has fallen far behind: new arrivals
 * are then recorded as errors rather than piling up without bound.
 */
async function openLoop(apiUrl: string, token: string, rate: number, seconds: number, maxInFlight: number, seed: number): Promise<{ samples: Sample[]; elapsedS: number }> {
  const total = Math.round(rate * seconds);
  const rnd = seededRandom(seed);
  const weights = MIX.reduce((s, m) => s + m.weight, 0);
  const pick = () => {
    let x = rnd() * weights;
    for (const m of MIX) if ((x -= m.weight) < 0) return m;
    return MIX[MIX.length - 1]!;
  };
  const samples: Sample[] = [];
  const pending = new Set<Promise<void>>();
  let inFlight = 0;
  let sent = 0;
  const start = performance.now();

  const one = async (endpoint: (typeof MIX)[number], due: number) => {
    inFlight += 1;
    try {
      const res = await fetch(`${apiUrl}${endpoint.path}`, { headers: { authorization: `Bearer ${token}` } });
      const body = await res.text();
      samples.push({ endpoint: endpoint.name, ms: performance.now() - due, at: (due - start) / 1000, error: res.status === 200 ? null : `${res.status} ${body.slice(0, 120)}` });
    } catch (err) {
      samples.push({ endpoint: endpoint.name, ms: performance.now() - due, at: (due - start) / 1000, error: (err as Error).message });
    } finally {
      inFlight -= 1;
    }
  };

  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      while (sent < total && start + (sent * 1000) / rate <= now) {
        const due = start + (sent * 1000) / rate;
        const endpoint = pick();
        sent += 1;
        if (inFlight >= maxInFlight) {
          samples.push({ endpoint: endpoint.name, ms: 0, at: (due - start) / 1000, error: `not sent: ${maxInFlight} requests already outstanding` });
          continue;
        }
        const p = one(endpoint, due);
        pending.add(p);
        void p.finally(() => pending.delete(p));
      }
      if (sent < total) setTimeout(tick, 5);
      else resolve();
    };
    tick();
  });
  await Promise.all(pending);
  return { samples, elapsedS: (performance.now() - start) / 1000 };
}

/** Nearest-rank percentile of sorted values. */
const pct = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]! : NaN);

interface Figures {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  errors: number;
}
function figures(samples: Sample[]): Figures {
  const ok = samples
    .filter((s) => !s.error)
    .map((s) => s.ms)
    .sort((a, b) => a - b);
  return { n: samples.length, p50: pct(ok, 50), p95: pct(ok, 95), p99: pct(ok, 99), max: ok[ok.length - 1] ?? NaN, errors: samples.filter((s) => s.error).length };
}

async function main(): Promise<number> {
  const rate = positive(args.rate, '--rate');
  const duration = positive(args.duration, '--duration');
  const warmup = positive(args.warmup, '--warmup', { allowZero: true });
  const maxInFlight = positive(args['max-in-flight'], '--max-in-flight', { integer: true });
  const p99Budget = positive(args.p99, '--p99');
  const started = Date.now();
  console.log(`Starting the load stack (data in ${path.relative(root, DATA_DIR)}/, API on 127.0.0.1:${PORTS.api})…`);
  const { child, ready } = startStackProcess(path.join(root, 'scripts/bench/load.ts'));
  const interrupt = () => void stopStackProcess(child).then(() => process.exit(130));
  process.once('SIGINT', interrupt);
  try {
    const stack = await ready;
    console.log(`  ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const token = await signIn(stack);
    for (const m of MIX) {
      const res = await fetch(`${stack.apiUrl}${m.path}`, { headers: { authorization: `Bearer ${token}` } });
      await res.text();
      if (res.status !== 200) throw new Error(`${m.name} answered ${res.status} before the load started`);
    }

    const mix = MIX.map((m) => `${m.name} ${Math.round((m.weight / MIX.reduce((s, x) => s + x.weight, 0)) * 100)} %`).join(', ');
    if (warmup > 0) {
      console.log(`Warm-up: ${rate} req/s for ${warmup} s (not measured)…`);
      await openLoop(stack.apiUrl, token, rate, warmup, maxInFlight, 1);
    }
    console.log(`Load: ${rate} req/s for ${duration} s, open loop (${mix}), demo vendor ${demoAccounts.approved.vendor.vendorId}…`);
    const { samples, elapsedS } = await openLoop(stack.apiUrl, token, rate, duration, maxInFlight, 2);

    const all = figures(samples);
    const achieved = (all.n - all.errors) / elapsedS;
    const ms = (x: number) => x.toFixed(1).padStart(8);
    console.log(`\n  ${'endpoint'.padEnd(22)}${'requests'.padStart(9)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'max ms'.padStart(9)}${'errors'.padStart(8)}`);
    const rows = [...MIX.map((m) => ({ name: m.name, f: figures(samples.filter((s) => s.endpoint === m.name)) })), { name: 'all', f: all }];
    for (const { name, f } of rows) console.log(`  ${name.padEnd(22)}${String(f.n).padStart(9)}${ms(f.p50)} ${ms(f.p95)} ${ms(f.p99)} ${ms(f.max)}${String(f.errors).padStart(8)}`);
    console.log(`\n  achieved ${achieved.toFixed(1)} req/s answered 200 (target ${rate}; ${all.n} requests due in ${duration} s, the last answered after ${elapsedS.toFixed(1)} s)`);
    // Where in the run the slow answers were: a stall (a GC pause, a compaction) shows as one bad window.
    const windows: string[] = [];
    for (let from = 0; from < duration; from += 5) {
      const f = figures(samples.filter((x) => x.at >= from && x.at < from + 5));
      windows.push(`${from}–${Math.min(from + 5, duration)} s: p99 ${f.p99.toFixed(0)} ms`);
    }
    console.log(`  by 5 s window: ${windows.join(' · ')}`);
    const kinds = new Map<string, number>();
    for (const s of samples) if (s.error) kinds.set(s.error, (kinds.get(s.error) ?? 0) + 1);
    for (const [k, n] of kinds) console.log(`  ✖ ${n} × ${k}`);

    const failures: string[] = [];
    if (achieved < rate * MIN_RATE_SHARE) failures.push(`achieved ${achieved.toFixed(1)} req/s < ${(rate * MIN_RATE_SHARE).toFixed(1)} (${MIN_RATE_SHARE * 100} % of ${rate})`);
    if (!(all.p99 <= p99Budget)) failures.push(`p99 ${all.p99.toFixed(1)} ms > ${p99Budget} ms`);
    if (all.errors) failures.push(`${all.errors} failed requests`);
    if (args.json) writeFileSync(args.json, JSON.stringify({ rate, duration, warmup, achieved, elapsedS, p99Budget, rows: rows.map((r) => ({ endpoint: r.name, ...r.f })), errors: Object.fromEntries(kinds), failures }, null, 2));
    console.log(failures.length ? `\n✖ Over budget:\n${failures.map((f) => `  - ${f}`).join('\n')}` : `\n✔ Within budget (≥ ${MIN_RATE_SHARE * 100} % of the rate, p99 ≤ ${p99Budget} ms, no errors).`);
    return failures.length ? 1 : 0;
  } finally {
    process.off('SIGINT', interrupt);
    // fetch keeps its connections alive until the server's 5 s keep-alive hint runs out, and the API
    // server stops only once they are closed (else the stop times out and DynamoDB Local is orphaned).
    await new Promise((r) => setTimeout(r, 5_500));
    await stopStackProcess(child);
  }
}

// Last, so every declaration above is initialised before the top-level await runs.
if (args.serve) await serveStack(PORTS, DATA_DIR);
else process.exitCode = await main();
