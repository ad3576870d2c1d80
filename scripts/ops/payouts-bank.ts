/**
 * Bank transfers for finance and ops:
 *   npm run payouts:bank -- batch 2026-11-2          the period's transfer instructions as one CSV (stdout)
 *   npm run payouts:bank -- confirm <payout id> paid
 *   npm run payouts:bank -- confirm <payout id> failed "Account closed"   (re-credits the balance)
 * against the running local portal (default), `--profile test`, or a deployed stack with `--cloud`
 * (AWS credentials and the stack outputs in the environment: docs/operations.md "Bank transfers").
 * Instructions are written by the payout worker to the bucket `PAYOUT_BATCH_BUCKET`
 * (locally seller-portal-payout-batches on s3rver).
 */
import { parseArgs } from 'node:util';
import { cliOperator, useStackEnvironment } from './cli-stack';

export const LOCAL_PAYOUT_BATCH_BUCKET = 'seller-portal-payout-batches';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { profile: { type: 'string', default: 'dev' }, cloud: { type: 'boolean', default: false } },
});
const [command, ...args] = positionals;
const usage = 'Usage: npm run payouts:bank -- [--cloud] batch <period, e.g. 2026-11-2> | confirm <payout id> paid|failed ["reason"]';
const cloud = values.cloud ?? false;
const profile = values.profile ?? 'dev';

if (command === 'batch' && args[0] && /^\d{4}-\d{2}-[12]$/.test(args[0])) {
  await useStackEnvironment({ profile, cloud, tables: [], env: [{ name: 'PAYOUT_BATCH_BUCKET', output: 'PayoutBatchBucketName' }] });
  if (!cloud) process.env.PAYOUT_BATCH_BUCKET ??= LOCAL_PAYOUT_BATCH_BUCKET;
  const { batchCsv } = await import('./bank-batch');
  process.stdout.write(await batchCsv(process.env.PAYOUT_BATCH_BUCKET!, args[0]));
} else if (command === 'confirm' && args[0] && (args[1] === 'paid' || args[1] === 'failed')) {
  // The audit log names the operator (issue 13): the same function and entry as the console's confirmation.
  await useStackEnvironment({ profile, cloud, tables: ['ledger', 'notifications', 'audit'] });
  const { confirmBankPayout } = await import('../../lambdas/payouts/confirm');
  const outcome = await confirmBankPayout(args[0], args[1], { actor: cliOperator(), reason: args.slice(2).join(' ').trim() || undefined });
  console.log(`${outcome === args[1] ? '✔' : '✖'} ${args[0]}: ${outcome}`);
  if (outcome !== args[1]) process.exitCode = 1;
} else {
  console.error(usage);
  process.exitCode = 2;
}
