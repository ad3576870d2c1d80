/**
 * `npm run bench:payouts -- --vendors 10000`: how fast does a payout run pay its vendors, next to
 * what DynamoDB Local can do at all? Starts its own local stack (the same code as `npm start`,
 * without the web, on its own ports, DynamoDB Local in memory, other data in `.local/bench-payouts/`,
 * wiped at the start and at the end), seeds N vendors — a BALANCE item above the minimum marked payable (in its write shard of the
 * payable index) and an e-mail payout destination whose change is long past (no hold) — then, in
 * this process:
 *   1. the run (lambdas/payouts/run.ts), `--runs` times on the same data (a run changes nothing of a
 *      payable vendor), each enqueueing through the run Lambda's own SQS code (run-handler.ts
 *      `sqsEnqueue`) into a local SQS fake (scripts/local/sqs-fake.ts) that answers each
 *      SendMessageBatch after `--sqs-latency-ms`; each run is checked: every vendor enqueued exactly
 *      once. Then the worker (worker-handler.ts) on the last run's messages against the provider fake
 *      (scripts/local/payout-provider-fake.ts), with `--concurrency` messages in flight as SQS would
 *      hand them to that many workers;
 *   2. the matching raw limit, after the run (and after an unmeasured warm-up before it, so that
 *      neither pays for the JIT alone): N times the worker's own DynamoDB round trips for a paid
 *      vendor (lambdas/payouts/store.ts `readPayoutState`, one BatchGetItem; `debitForPayout`: payout
 *      put-if-absent + conditional balance update + entry put; `markPaid`) on throwaway vendors, with
 *      the same concurrency, against the same DynamoDB. The worker's own requests are counted too:
 *      at most 3 per paid vendor (issue 24).
 *   3. the notifier (issue 12): each payout writes a "payout paid" inbox item; the bench stack's
 *      notifier (scripts/local/streams.ts, the same handler as the cloud's) e-mails it through the
 *      SES v2 client to aws-ses-v2-local, while the worker pays.
 * Prints each run's time with the load average beside it and their median, vendors per second,
 * transactions per second and their ratio, and the notifier's e-mails per second (run start → last
 * vendor's e-mail sent). Exits 1 when a vendor is not enqueued exactly once by a run, not paid exactly
 * once, costs the worker more than 3 DynamoDB round trips on average, or the stand-in does not hold
 * exactly one e-mail per vendor.
 *
 *   --vendors N       vendors to seed (default 1000, at most 100000; above 20000 the run only)
 *   --run-only        the run (seeding, enqueueing) only: no worker, notifier or raw transactions
 *   --runs N          runs on the same data (default 3, at most 9): the median is reported
 *   --sqs-latency-ms  the SQS fake's answer time per SendMessageBatch (default 20)
 *   --concurrency N   worker messages / raw transactions in flight (default 4, at most 64)
 *   --date D          the run date (default today); the period is the one it falls in
 *   --json FILE       also write the results as JSON
 */
import { rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { PayoutAccountItem } from '../../lambdas/payouts/model';
import { PAYABLE_ATTRIBUTE, payableValue } from '../../lambdas/payouts/model';
import { decidePayout, payoutFeeCents, payoutIdFor, payoutPeriodFor, type PayoutPeriod } from '../../lambdas/payouts/period';
import { pendingPayout } from '../../lambdas/payouts/settlement';
import { BALANCE_SK, type BalanceItem } from '../../lambdas/sales/model';
import { isDay } from '../../lambdas/shared/dates';
import { MINIMUM_PAYOUT_CENTS } from '../../lambdas/shared/money';
import { localTableName } from '../../contracts/tables';
import type { LocalPorts } from '../local/ports';
import type { FakeSqs } from '../local/sqs-fake';
import type { PayoutMessage } from '../../lambdas/payouts/settlement';
import { seededRandom } from '../demo/random';
import { serveStack, startStackProcess, stopStackProcess } from './stack-process';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const root = path.resolve(import.meta.dirname, '../..');
const DATA_DIR = path.join(root, '.local', 'bench-payouts');
/** Its own ports, so the bench runs beside `npm start` (dev), the test stack and `bench:api`. */
const PORTS: LocalPorts = { web: 5194, api: 8898, dynamodb: 8021, cognito: 9250, s3: 20026, ses: 8031 };
const DEFAULT_VENDORS = 1_000;
/** DynamoDB round trips a paid vendor may cost the worker (issue 24): one read, the debit, the paid transaction. */
const MAX_ROUND_TRIPS_PER_VENDOR = 3;
const MAX_VENDORS = 100_000;
/** Beyond this the worker and notifier phases would take hours on DynamoDB Local: the run only. */
const MAX_PAID_VENDORS = 20_000;
const MAX_RUNS = 9;
const MAX_CONCURRENCY = 64;
/** Bench vendors are V-60000001…, the throwaway ones V-70000001… (measured) and V-80000001… (warm-up): far from the demo's V-10001. */
const BENCH_VENDOR_BASE = 60_000_000;
const RAW_VENDOR_BASE = 70_000_000;
const WARM_UP_VENDOR_BASE = 80_000_000;
const WARM_UP_TRANSACTIONS = 300;
const SEED_IN_FLIGHT = 8;
/** The destinations were set long ago: their hold is long over. */
const ACCOUNTS_CHANGED_AT = '2020-01-01T00:00:00.000Z';

const { values: args } = parseArgs({
  options: {
    serve: { type: 'boolean', default: false },
    vendors: { type: 'string', default: String(DEFAULT_VENDORS) },
    concurrency: { type: 'string', default: '4' },
    'run-only': { type: 'boolean', default: false },
    runs: { type: 'string', default: '3' },
    'sqs-latency-ms': { type: 'string', default: '20' },
    date: { type: 'string' },
    json: { type: 'string' },
  },
});

// ---------------------------------------------------------------------------------------------
// The child: the local stack in its own process, so the run does not share its event loop.

// ---------------------------------------------------------------------------------------------
// The parent: seed, run, measure.

/** A bad option: told in one line, without a stack. */
class UsageError extends Error {}

function whole(value: string | undefined, name: string, max: number): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > max) throw new UsageError(`${name} must be a whole number from 1 to ${max.toLocaleString('en-US')}`);
  return n;
}

const vendorIdOf = (base: number, i: number) => `V-${base + i + 1}`;
const isBenchVendor = (vendorId: string) => {
  const n = Number(vendorId.slice(2));
  return n > BENCH_VENDOR_BASE && n <= BENCH_VENDOR_BASE + MAX_VENDORS;
};
const benchEmail = (vendorId: string) => `bench.${vendorId.toLowerCase()}@example.com`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const count = (n: number) => n.toLocaleString('en-US');

/** Runs `task(i)` for i in [0, n) with `concurrency` in flight, calling `onDone` after each. */
async function pool(n: number, concurrency: number, task: (i: number) => Promise<void>, onDone?: (done: number) => void): Promise<void> {
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < n) {
      const i = next++;
      await task(i);
      onDone?.(++done);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, n) }, worker));
}

/** A `\r` progress line at most every 500 ms, and the last one always. */
function progress(label: string, total: number): (done: number) => void {
  let last = 0;
  return (done) => {
    const now = Date.now();
    if (done < total && now - last < 500) return;
    last = now;
    process.stdout.write(`\r  ${label}: ${count(done)} / ${count(total)}${done === total ? '\n' : ''}`);
  };
}

async function main(): Promise<number> {
  const vendors = whole(args.vendors, '--vendors', MAX_VENDORS);
  const concurrency = whole(args.concurrency, '--concurrency', MAX_CONCURRENCY);
  const runs = whole(args.runs, '--runs', MAX_RUNS);
  const sqsLatencyMs = Number(args['sqs-latency-ms']);
  if (!Number.isInteger(sqsLatencyMs) || sqsLatencyMs < 0 || sqsLatencyMs > 1_000) throw new UsageError('--sqs-latency-ms must be a whole number from 0 to 1,000');
  const runOnly = args['run-only'] || vendors > MAX_PAID_VENDORS;
  if (args.date !== undefined && !isDay(args.date)) throw new UsageError(`--date must be a calendar day (yyyy-mm-dd), got ${args.date}`);
  if (runOnly && !args['run-only']) console.log(`More than ${count(MAX_PAID_VENDORS)} vendors: the run only (no worker, notifier or raw transactions).`);
  const started = Date.now();

  rmSync(DATA_DIR, { recursive: true, force: true });
  console.log(`Starting the bench stack (data in ${path.relative(root, DATA_DIR)}/, DynamoDB Local on 127.0.0.1:${PORTS.dynamodb})…`);
  const { child, ready } = startStackProcess(path.join(root, 'scripts/bench/payouts.ts'));
  const fakes: { close(): Promise<void> }[] = [];
  let cleaning: Promise<void> | null = null;
  // Once, whether Ctrl-C or the end of main() gets there first.
  const cleanUp = () =>
    (cleaning ??= (async () => {
      for (const fake of fakes) await fake.close().catch(() => undefined);
      await stopStackProcess(child);
      rmSync(DATA_DIR, { recursive: true, force: true });
    })());
  const interrupt = () => {
    console.log('\nInterrupted: stopping the bench stack…');
    void cleanUp().then(() => process.exit(130));
  };
  process.once('SIGINT', interrupt);
  process.once('SIGTERM', interrupt);
  try {
    await ready;
    console.log(`  ready in ${seconds(Date.now() - started)}`);

    // The Lambdas' environment, pointed at the bench stack, before any module that creates an SDK client.
    const { useLocalLambdaEnv } = await import('../local/stack');
    useLocalLambdaEnv(PORTS, DATA_DIR, { LOG_LEVEL: process.env.LOG_LEVEL ?? 'ERROR' });
    delete process.env.PAYOUT_BATCH_BUCKET;
    const { startFakePayoutProvider } = await import('../local/payout-provider-fake');
    const provider = await startFakePayoutProvider();
    fakes.push(provider);
    Object.assign(process.env, { PAYOUT_PROVIDER_URL: provider.url, PAYOUT_PROVIDER_API_KEY: provider.apiKey });

    const date = args.date ?? new Date();
    const period = payoutPeriodFor(date);
    const seedMs = await seed(vendors, runOnly);
    if (!runOnly) await warmUp(concurrency, period);

    const runResults: RunResult[] = [];
    const problems: string[] = [];
    for (let i = 0; i < runs; i++) {
      const { startFakeSqs } = await import('../local/sqs-fake');
      const sqs = await startFakeSqs({ latencyMs: sqsLatencyMs });
      fakes.push(sqs);
      const result = await measureRun(vendors, date, sqs, `${i + 1}/${runs}`);
      problems.push(...checkEnqueuedOnce(vendors, period, result.messages).map((p) => `run ${i + 1}: ${p}`));
      runResults.push(result);
    }
    const last = runResults[runResults.length - 1]!;
    let paid: PaidResult | null = null;
    let notifier: NotifierResult | null = null;
    let raw: RawResult | null = null;
    if (!runOnly) {
      paid = await measureWorker(last.messages, concurrency);
      problems.push(...checkPaidOnce(vendors, period, paid.outcomes, provider));
      if (paid.roundTrips > MAX_ROUND_TRIPS_PER_VENDOR * paid.outcomes.size) problems.push(`the worker sent ${count(paid.roundTrips)} DynamoDB requests for ${count(paid.outcomes.size)} vendors: over ${MAX_ROUND_TRIPS_PER_VENDOR} a vendor`);
      notifier = await measureNotifier(vendors, paid);
      problems.push(...notifier.problems);
      raw = await measureRawTransactions(vendors, concurrency, period);
    }
    return report({ vendors, concurrency, period, seedMs, sqsLatencyMs, runs: runResults, paid, raw, notifier, problems });
  } finally {
    process.off('SIGINT', interrupt);
    process.off('SIGTERM', interrupt);
    await cleanUp();
  }
}

// ---------------------------------------------------------------------------------------------
// Seeding

/**
 * N BALANCE items above the minimum (in the payable index, each in its vendor's shard) and, unless
 * the run is all that is measured, their e-mail destinations and vendor records, with BatchWriteItem.
 * Answers how long it took (ms).
 */
async function seed(vendors: number, runOnly: boolean): Promise<number> {
  const { payoutHoldDays } = await import('../../lambdas/payouts/accounts');
  const t0 = Date.now();
  const rnd = seededRandom(vendors);
  const holdUntil = new Date(Date.parse(ACCOUNTS_CHANGED_AT) + payoutHoldDays() * 86_400_000).toISOString();
  const balances: (BalanceItem & { [PAYABLE_ATTRIBUTE]: string })[] = [];
  const accounts: PayoutAccountItem[] = [];
  for (let i = 0; i < vendors; i++) {
    const vendorId = vendorIdOf(BENCH_VENDOR_BASE, i);
    // USD 50.00 to USD 2,000.00: every balance is payable.
    const balanceCents = MINIMUM_PAYOUT_CENTS + Math.floor(rnd() * 195_000);
    balances.push({ vendorId, sk: BALANCE_SK, balanceCents, updatedAt: ACCOUNTS_CHANGED_AT, [PAYABLE_ATTRIBUTE]: payableValue(vendorId) });
    accounts.push({
      vendorId,
      payoutAccountId: `PA-${vendorId}-1`,
      holdUntil,
      updatedAt: ACCOUNTS_CHANGED_AT,
      method: 'email',
      email: benchEmail(vendorId),
    });
  }
  const onBalances = progress('seeding balances', vendors);
  await batchWrite(localTableName('ledger'), balances, onBalances);
  if (runOnly) {
    const ms = Date.now() - t0;
    console.log(`  seeded ${count(vendors)} balances in ${seconds(ms)}`);
    return ms;
  }
  const onAccounts = progress('seeding payout destinations', vendors);
  await batchWrite(localTableName('payoutAccounts'), accounts, onAccounts);
  // Their vendor records: the notifier's recipients, half of them in each language.
  const records = accounts.map((a, i) => ({
    userId: `bench-${a.vendorId}`,
    vendorId: a.vendorId,
    email: benchEmail(a.vendorId),
    status: 'approved',
    vendorName: `Bench ${a.vendorId}`,
    language: i % 2 ? 'zh-TW' : 'en',
    createdAt: ACCOUNTS_CHANGED_AT,
    updatedAt: ACCOUNTS_CHANGED_AT,
  }));
  await batchWrite(localTableName('vendors'), records, progress('seeding vendor records', vendors));
  const ms = Date.now() - t0;
  console.log(`  seeded ${count(vendors)} vendors in ${seconds(ms)}`);
  return ms;
}

/**
 * BatchWriteItem in 25s, `SEED_IN_FLIGHT` requests in flight, retrying unprocessed items. (DynamoDB
 * Local serialises writes to one SQLite file: more in flight does not make seeding faster.)
 */
async function batchWrite(table: string, items: object[], onWritten: (done: number) => void): Promise<void> {
  const { dynamo } = await import('../../lambdas/shared/clients');
  const { BatchWriteCommand } = await import('@aws-sdk/lib-dynamodb');
  let written = 0;
  const batches = Math.ceil(items.length / 25);
  await pool(batches, SEED_IN_FLIGHT, async (b) => {
    let requests = items.slice(b * 25, b * 25 + 25).map((Item) => ({ PutRequest: { Item: Item as Record<string, unknown> } }));
    const size = requests.length;
    for (let attempt = 0; requests.length; attempt++) {
      if (attempt > 0) await new Promise((r) => setTimeout(r, Math.min(1000, 50 * 2 ** attempt)));
      const out = await dynamo.send(new BatchWriteCommand({ RequestItems: { [table]: requests } }));
      requests = (out.UnprocessedItems?.[table] ?? []) as typeof requests;
    }
    written += size;
    onWritten(written);
  });
}

// ---------------------------------------------------------------------------------------------
// Measuring

interface RunResult {
  /** runPayouts: the index queries, the balances, the enqueueing (ms). */
  runMs: number;
  enqueued: number;
  rolledOver: number;
  /** What arrived at the SQS fake. */
  messages: PayoutMessage[];
  sendCalls: number;
  mostSendsInFlight: number;
  /** The 1-minute load average when the run ended (what `uptime` prints first). */
  load: number;
}

/** One payout run as the run Lambda does it: runPayouts with the Lambda's own SQS enqueue, into the SQS fake. */
async function measureRun(vendors: number, date: string | Date, sqs: FakeSqs, label: string): Promise<RunResult> {
  const { runPayouts } = await import('../../lambdas/payouts/run');
  const { sqsEnqueue } = await import('../../lambdas/payouts/run-handler');
  const { SQSClient } = await import('@aws-sdk/client-sqs');
  const client = new SQSClient({ endpoint: sqs.endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  process.stdout.write(`Payout run ${label}: ${count(vendors)} vendors…`);
  const t0 = performance.now();
  const summary = await runPayouts(date, sqsEnqueue(`${sqs.endpoint}/000000000000/payouts`, client));
  const runMs = performance.now() - t0;
  client.destroy();
  const load = loadavg()[0]!;
  const messages = sqs.bodies().map((b) => JSON.parse(b) as PayoutMessage);
  const { calls, mostInFlight } = sqs.stats();
  console.log(` ${seconds(runMs)} (load average ${load.toFixed(2)}; ${count(calls)} SendMessageBatch calls, at most ${mostInFlight} in flight)`);
  return { runMs, enqueued: summary.enqueued, rolledOver: summary.rolledOver, messages, sendCalls: calls, mostSendsInFlight: mostInFlight, load };
}

/** Every seeded vendor enqueued exactly once, for the run's period (the demo seed's vendor may come too). */
function checkEnqueuedOnce(vendors: number, period: PayoutPeriod, messages: PayoutMessage[]): string[] {
  const times = new Map<string, number>();
  const problems: string[] = [];
  for (const m of messages) {
    times.set(m.vendorId, (times.get(m.vendorId) ?? 0) + 1);
    if (m.periodId !== period.id) problems.push(`${m.vendorId}: enqueued for ${m.periodId}, not ${period.id}`);
  }
  for (let i = 0; i < vendors; i++) {
    const vendorId = vendorIdOf(BENCH_VENDOR_BASE, i);
    const n = times.get(vendorId) ?? 0;
    if (n !== 1) problems.push(`${vendorId}: enqueued ${n} times`);
  }
  return problems;
}

interface PaidResult {
  /** Epoch ms when the worker started and finished. */
  startedAt: number;
  workerDoneAt: number;
  /** payVendor for every message. */
  workerMs: number;
  outcomes: Map<string, string>;
  /** DynamoDB requests the worker sent (its document client's sends, retries included). */
  roundTrips: number;
}

/** Counts the requests the lambdas' shared DynamoDB client sends while `counting` (the worker runs in this process). */
async function dynamoRequestCounter(): Promise<{ count: () => number; reset: () => void }> {
  const { dynamo } = await import('../../lambdas/shared/clients');
  let sent = 0;
  // Per attempt (the retry middleware is in `finalizeRequest`, before `deserialize`): a retried request is another round trip.
  dynamo.middlewareStack.add((next) => (input) => {
    sent += 1;
    return next(input);
  }, { step: 'deserialize', name: 'benchRoundTripCounter' });
  return { count: () => sent, reset: () => (sent = 0) };
}
let requestCounter: Awaited<ReturnType<typeof dynamoRequestCounter>> | undefined;

/** The worker on the run's messages, with `concurrency` in flight as SQS would hand them to that many workers. */
async function measureWorker(queue: PayoutMessage[], concurrency: number): Promise<PaidResult> {
  const { payVendor, defaultWorkerDeps } = await import('../../lambdas/payouts/worker-handler');
  const deps = defaultWorkerDeps();
  console.log(`Payout worker: ${count(queue.length)} messages, ${concurrency} in flight…`);
  requestCounter ??= await dynamoRequestCounter();
  requestCounter.reset();
  const startedAt = Date.now();
  const t0 = performance.now();
  const outcomes = new Map<string, string>();
  await pool(
    queue.length,
    concurrency,
    async (i) => {
      const message = queue[i]!;
      try {
        outcomes.set(message.vendorId, await payVendor(message, deps));
      } catch (err) {
        outcomes.set(message.vendorId, `error: ${(err as Error).message}`);
      }
    },
    progress('paid', queue.length),
  );
  return { startedAt, workerDoneAt: Date.now(), workerMs: performance.now() - t0, outcomes, roundTrips: requestCounter.count() };
}

/** Every seeded vendor paid, once: the worker said so and the provider fake made exactly one payment per payout id. */
function checkPaidOnce(vendors: number, period: PayoutPeriod, outcomes: Map<string, string>, provider: { calls(key: string): number; payments(key: string): number }): string[] {
  const problems: string[] = [];
  for (let i = 0; i < vendors; i++) {
    const vendorId = vendorIdOf(BENCH_VENDOR_BASE, i);
    const outcome = outcomes.get(vendorId) ?? 'not enqueued';
    const key = payoutIdFor(vendorId, period);
    if (outcome !== 'paid' || provider.payments(key) !== 1 || provider.calls(key) !== 1) {
      problems.push(`${vendorId}: ${outcome}, ${provider.calls(key)} provider calls, ${provider.payments(key)} payments`);
    }
  }
  return problems;
}

interface NotifierResult {
  emails: number;
  /** From the worker's start until every bench vendor's e-mail was sent. */
  ms: number;
  /** How long the last e-mail came after the worker finished. */
  trailMs: number;
  problems: string[];
}

/**
 * Waits until the notifier has sent every bench vendor's "payout paid" e-mail (its `sent` claims in
 * the idempotency table), then checks the stand-in: exactly one e-mail per bench vendor.
 */
async function measureNotifier(vendors: number, run: PaidResult): Promise<NotifierResult> {
  const { paging } = await import('../../lambdas/shared/clients');
  const { paginateScan } = await import('@aws-sdk/lib-dynamodb');
  console.log(`Notifier: waiting for ${count(vendors)} "payout paid" e-mails in aws-ses-v2-local…`);
  const sent = async () => {
    let n = 0;
    for await (const page of paginateScan(paging(), {
      TableName: localTableName('idempotency'),
      FilterExpression: 'begins_with(#key, :prefix) AND #status = :sent',
      ExpressionAttributeNames: { '#key': 'key', '#status': 'status' },
      ExpressionAttributeValues: { ':prefix': `EMAIL#V-${String(BENCH_VENDOR_BASE).slice(0, 1)}`, ':sent': 'sent' },
      Select: 'COUNT',
    })) n += page.Count ?? 0;
    return n;
  };
  const onSent = progress('e-mailed', vendors);
  const deadline = Date.now() + Math.max(120_000, vendors * 100);
  let done = 0;
  while (done < vendors && Date.now() < deadline) {
    done = Math.min(vendors, await sent());
    onSent(done);
    if (done < vendors) await new Promise((r) => setTimeout(r, 500));
  }
  const finishedAt = Date.now();
  const problems: string[] = [];
  if (done < vendors) problems.push(`notifier: only ${count(done)} of ${count(vendors)} e-mails sent before the deadline`);
  const { storedEmails } = await import('../local/ses');
  const perAddress = new Map<string, number>();
  for (const e of await storedEmails(`http://127.0.0.1:${PORTS.ses}`)) for (const to of e.destination.to) perAddress.set(to, (perAddress.get(to) ?? 0) + 1);
  for (let i = 0; i < vendors; i++) {
    const n = perAddress.get(benchEmail(vendorIdOf(BENCH_VENDOR_BASE, i))) ?? 0;
    if (n !== 1) problems.push(`${vendorIdOf(BENCH_VENDOR_BASE, i)}: ${n} e-mails in the stand-in`);
  }
  return { emails: done, ms: finishedAt - run.startedAt, trailMs: Math.max(0, finishedAt - run.workerDoneAt), problems };
}

interface RawResult {
  transactions: number;
  ms: number;
}

/**
 * The matching raw limit (issue 24): N times the worker's own DynamoDB round trips for a paid vendor,
 * back to back and nothing else (no provider, no decisions) — store.ts `readPayoutState` (one
 * BatchGetItem), `debitForPayout` and `markPaid` (a transaction each), unchanged — on throwaway
 * vendors whose BALANCE items look like the bench vendors' (payable index included). They are written
 * after the run, so the run never sees them.
 */
async function measureRawTransactions(n: number, concurrency: number, period: PayoutPeriod): Promise<RawResult> {
  console.log(`Raw limit: ${count(n)} × the worker's round trips (BatchGetItem, debit transaction, paid transaction), ${concurrency} in flight…`);
  const ms = await rawTransactions(RAW_VENDOR_BASE, n, concurrency, period, true, 'transactions');
  return { transactions: n, ms };
}

/**
 * Unmeasured transactions before the run, so that neither measurement pays for DynamoDB Local's
 * JIT warm-up alone. Their BALANCE items lack `payable`: the run does not see them.
 */
async function warmUp(concurrency: number, period: PayoutPeriod): Promise<void> {
  console.log(`Warm-up: ${WARM_UP_TRANSACTIONS} unmeasured debit transactions…`);
  await rawTransactions(WARM_UP_VENDOR_BASE, WARM_UP_TRANSACTIONS, concurrency, period, false, 'warm-up');
}

/** Seeds `n` throwaway balances from `base`, then times `n` read + debit + paid sequences on them (ms). */
async function rawTransactions(base: number, n: number, concurrency: number, period: PayoutPeriod, payable: boolean, label: string): Promise<number> {
  const { debitForPayout, markPaid, readPayoutState } = await import('../../lambdas/payouts/store');
  const at = new Date().toISOString();
  const amountCents = MINIMUM_PAYOUT_CENTS;
  const decision = decidePayout(amountCents, payoutFeeCents());
  if (!decision.pay) throw new Error('The minimum payout must be payable');
  const balances: (BalanceItem & { [PAYABLE_ATTRIBUTE]?: string })[] = Array.from({ length: n }, (_, i) => ({
    vendorId: vendorIdOf(base, i),
    sk: BALANCE_SK,
    balanceCents: amountCents,
    updatedAt: at,
    ...(payable ? { [PAYABLE_ATTRIBUTE]: payableValue(vendorIdOf(base, i)) } : {}),
  }));
  await batchWrite(localTableName('ledger'), balances, progress(`seeding ${label} balances`, n));
  const t0 = performance.now();
  await pool(
    n,
    concurrency,
    async (i) => {
      const vendorId = vendorIdOf(base, i);
      const account: PayoutAccountItem = { vendorId, payoutAccountId: `PA-${vendorId}-1`, method: 'email', email: 'bench@example.com', updatedAt: at };
      const payout = pendingPayout(vendorId, period, decision, account, at);
      for (let attempt = 0; ; attempt++) {
        await readPayoutState(vendorId, period.id);
        const outcome = await debitForPayout(payout);
        if (outcome === 'written') break;
        if (outcome !== 'contention' || attempt >= 4) throw new Error(`Raw transaction for ${vendorId}: ${outcome}`);
      }
      if (!(await markPaid(payout, `RAW-${vendorId}`, at))) throw new Error(`Raw paid transaction for ${vendorId}: not pending`);
    },
    progress(label, n),
  );
  return performance.now() - t0;
}

// ---------------------------------------------------------------------------------------------
// Report

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

function report(r: {
  vendors: number;
  concurrency: number;
  period: PayoutPeriod;
  seedMs: number;
  sqsLatencyMs: number;
  runs: RunResult[];
  paid: PaidResult | null;
  raw: RawResult | null;
  notifier: NotifierResult | null;
  problems: string[];
}): number {
  const line = (label: string, value: string) => console.log(`  ${label.padEnd(44)}${value}`);
  const runMedianMs = median(r.runs.map((x) => x.runMs));
  const last = r.runs[r.runs.length - 1]!;
  console.log(`\nPayout run against DynamoDB Local, period ${r.period.id} (${r.period.from} – ${r.period.to}), SQS fake answering in ${r.sqsLatencyMs} ms`);
  line('seeding (BatchWriteItem)', seconds(r.seedMs));
  line('vendors enqueued per run', count(last.enqueued));
  // The stack's demo seed gives the demo vendor a balance too: the run hands it to the worker like any other.
  const others = last.messages.filter((m) => !isBenchVendor(m.vendorId));
  if (others.length) line("  of which not the bench's (demo seed)", others.map((m) => m.vendorId).join(', '));
  line('SendMessageBatch calls per run', `${count(last.sendCalls)} (at most ${last.mostSendsInFlight} in flight)`);
  for (const [i, x] of r.runs.entries()) line(`run ${i + 1} (index, balances, enqueue)`, `${seconds(x.runMs)}  (load average ${x.load.toFixed(2)})`);
  line(`run, median of ${r.runs.length}`, `${seconds(runMedianMs)}  (${(last.enqueued / (runMedianMs / 1000)).toFixed(0)} vendors enqueued per second)`);
  let extra: Record<string, unknown> = {};
  if (r.paid && r.raw && r.notifier) {
    const vendorsPerSecond = r.paid.outcomes.size / (r.paid.workerMs / 1000);
    const transactionsPerSecond = r.raw.transactions / (r.raw.ms / 1000);
    const ratio = vendorsPerSecond / transactionsPerSecond;
    const roundTripsPerVendor = r.paid.roundTrips / r.paid.outcomes.size;
    const emailsPerSecond = r.notifier.emails / (r.notifier.ms / 1000);
    line('worker (transaction, provider, mark paid)', `${seconds(r.paid.workerMs)}, ${r.concurrency} in flight`);
    line('vendors paid per second', vendorsPerSecond.toFixed(1));
    line('DynamoDB round trips per paid vendor', `${roundTripsPerVendor.toFixed(2)} (${count(r.paid.roundTrips)} requests)`);
    line('raw limit: the same round trips per second', `${transactionsPerSecond.toFixed(1)} vendors (${count(r.raw.transactions)} in ${seconds(r.raw.ms)})`);
    line('ratio (vendors/s ÷ raw limit)', ratio.toFixed(2));
    line('notifier: "payout paid" e-mails sent', `${count(r.notifier.emails)} (aws-ses-v2-local)`);
    line('notifier: e-mails per second', `${emailsPerSecond.toFixed(1)} (worker start → last e-mail, ${seconds(r.notifier.ms)})`);
    line('notifier: last e-mail after the worker', seconds(r.notifier.trailMs));
    extra = {
      workerMs: r.paid.workerMs,
      roundTrips: r.paid.roundTrips,
      roundTripsPerVendor,
      raw: r.raw,
      vendorsPerSecond,
      transactionsPerSecond,
      ratio,
      notifier: { emails: r.notifier.emails, ms: r.notifier.ms, trailMs: r.notifier.trailMs, emailsPerSecond },
    };
  }
  if (args.json) {
    writeFileSync(
      args.json,
      JSON.stringify(
        {
          vendors: r.vendors,
          concurrency: r.concurrency,
          period: r.period.id,
          seedMs: r.seedMs,
          sqsLatencyMs: r.sqsLatencyMs,
          runs: r.runs.map((x) => ({ runMs: x.runMs, load: x.load, enqueued: x.enqueued, rolledOver: x.rolledOver, sendCalls: x.sendCalls, mostSendsInFlight: x.mostSendsInFlight })),
          runMedianMs,
          ...extra,
          problems: r.problems.length,
        },
        null,
        2,
      ),
    );
  }
  if (r.problems.length) {
    console.log(`\n✖ ${count(r.problems.length)} problems (a vendor not enqueued, paid or e-mailed exactly once), e.g.:\n${r.problems.slice(0, 5).map((p) => `  ${p}`).join('\n')}`);
    return 1;
  }
  console.log(r.paid ? `\n✔ Every vendor enqueued once per run, paid exactly once, and e-mailed once.` : `\n✔ Every vendor enqueued exactly once by every run.`);
  return 0;
}

// Last, so every declaration above is initialised before the top-level await runs.
if (args.serve) await serveStack(PORTS, DATA_DIR, { inMemory: true });
else {
  try {
    process.exitCode = await main();
  } catch (err) {
    console.error(err instanceof UsageError ? `✖ ${err.message}` : `✖ ${(err as Error).stack ?? String(err)}`);
    process.exitCode = err instanceof UsageError ? 2 : 1;
  }
}
