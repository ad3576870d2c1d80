/**
 * `npm run payouts:run -- --date 2026-11-30`: the scheduled payout run and its worker, in-process,
 * against the local stack — the same modules the run Lambda and the SQS worker use
 * (lambdas/payouts/run.ts, worker-handler.ts). The period is the one the date falls in (1st–15th, 16th–end).
 *   --profile test    the test stack instead of the running portal (`npm start`)
 *   --queued          deliver only the payouts ops retried in the console (issue 13): the local
 *                     payout queue (scripts/local/payout-queue.ts), no run
 * Without --queued the retried payouts waiting in the local queue are delivered after the run's.
 * The e-mail provider is env PAYOUT_PROVIDER_URL / PAYOUT_PROVIDER_API_KEY; unset, a fake of its
 * endpoint (scripts/local/payout-provider-fake.ts) runs for the duration of the command. Bank
 * payouts write transfer instructions to s3rver: see `npm run payouts:bank`.
 */
import { parseArgs } from 'node:util';
import { useStackEnvironment } from './cli-stack';
import { startFakePayoutProvider } from '../local/payout-provider-fake';
import { ensureLocalBucket } from './bank-batch';

const { values } = parseArgs({ options: { date: { type: 'string' }, profile: { type: 'string', default: 'dev' }, queued: { type: 'boolean', default: false } } });
if (!values.queued && (!values.date || !/^\d{4}-\d{2}-\d{2}$/.test(values.date))) {
  console.error('Usage: npm run payouts:run -- --date yyyy-mm-dd [--profile test] | --queued [--profile test]');
  process.exit(2);
}

const { dataDir } = await useStackEnvironment({ profile: values.profile ?? 'dev', cloud: false, tables: [], alsoWaitFor: ['s3'], hasCloudMode: false });

const fake = process.env.PAYOUT_PROVIDER_URL ? null : await startFakePayoutProvider();
// Bank transfer instructions go to s3rver (the bucket is created on first use).
process.env.PAYOUT_BATCH_BUCKET ??= 'seller-portal-payout-batches';
if (fake) Object.assign(process.env, { PAYOUT_PROVIDER_URL: fake.url, PAYOUT_PROVIDER_API_KEY: fake.apiKey });

try {
  await ensureLocalBucket(process.env.PAYOUT_BATCH_BUCKET);
  const { isDay } = await import('../../lambdas/shared/dates');
  const { runPayouts } = await import('../../lambdas/payouts/run');
  const { payVendor, defaultWorkerDeps } = await import('../../lambdas/payouts/worker-handler');
  const { queuedPayoutMessages } = await import('../local/payout-queue');
  const { localFolders } = await import('../local/stand-ins');
  type Message = Parameters<typeof payVendor>[0];
  const queue: Message[] = [];
  if (!values.queued) {
    if (!values.date || !isDay(values.date)) throw new Error(`Not a calendar day: ${values.date}`);
    const summary = await runPayouts(values.date, async (messages) => void queue.push(...messages));
    console.log(`Period ${summary.period.id} (${summary.period.from} – ${summary.period.to}): ${summary.enqueued} payable, ${summary.rolledOver} below the minimum (rolled over).`);
  }
  // Payouts ops retried in the console wait in the local payout queue (the worker's SQS queue in the cloud).
  const retried = dataDir ? queuedPayoutMessages(localFolders(dataDir).payoutQueue) : [];
  if (retried.length) console.log(`${retried.length} payout(s) retried by ops waiting in the queue.`);
  const delivered = new Map<Message, () => void>();
  for (const r of retried) {
    queue.push(r.message);
    delivered.set(r.message, r.done);
  }
  const deps = defaultWorkerDeps();
  const counts = new Map<string, number>();
  for (const message of queue) {
    let outcome: string;
    try {
      outcome = await payVendor(message, deps);
      delivered.get(message)?.();
    } catch (err) {
      outcome = 'error (left pending; run again to retry)';
      console.error(`  ${message.vendorId}: ${(err as Error).message}`);
    }
    counts.set(outcome, (counts.get(outcome) ?? 0) + 1);
    console.log(`  ${message.vendorId}: ${outcome}`);
  }
  console.log(`Done: ${[...counts].map(([k, v]) => `${v} ${k}`).join(', ') || 'nothing to pay'}.`);
} catch (err) {
  console.error(`✖ ${(err as Error).stack}`);
  process.exitCode = 1;
} finally {
  await fake?.close();
}
