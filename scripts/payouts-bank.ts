/**
 * Bank transfers for finance and ops, against the local stack (default) or `--profile test`:
 *   npm run payouts:bank -- batch 2026-11-2          the period's transfer instructions as one CSV (stdout)
 *   npm run payouts:bank -- confirm <payout id> paid
 *   npm run payouts:bank -- confirm <payout id> failed "Account closed"   (re-credits the balance)
 * Instructions are written by the payout worker to the bucket `PAYOUT_BATCH_BUCKET`
 * (locally seller-portal-payout-batches on s3rver).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { devPorts, testPorts } from './local/ports';
import { localDir, localLambdaEnv } from './local/stack';

export const LOCAL_PAYOUT_BATCH_BUCKET = 'seller-portal-payout-batches';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { profile: { type: 'string', default: 'dev' } } });
const [command, ...args] = positionals;
const usage = 'Usage: npm run payouts:bank -- batch <period, e.g. 2026-11-2> | confirm <payout id> paid|failed ["reason"]';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
const ports = values.profile === 'test' ? testPorts() : devPorts();
Object.assign(process.env, localLambdaEnv(ports, path.join(localDir, values.profile ?? 'dev')), { LOG_LEVEL: process.env.LOG_LEVEL ?? 'ERROR' });
process.env.PAYOUT_BATCH_BUCKET ??= LOCAL_PAYOUT_BATCH_BUCKET;

if (command === 'batch' && args[0] && /^\d{4}-\d{2}-[12]$/.test(args[0])) {
  const { batchCsv } = await import('./local/bank-batch');
  process.stdout.write(await batchCsv(process.env.PAYOUT_BATCH_BUCKET, args[0]));
} else if (command === 'confirm' && args[0] && (args[1] === 'paid' || args[1] === 'failed')) {
  const { confirmBankPayout } = await import('../lambdas/payouts/confirm');
  const outcome = await confirmBankPayout(args[0], args[1], args.slice(2).join(' ').trim() || undefined);
  console.log(`${outcome === args[1] ? '✔' : '✖'} ${args[0]}: ${outcome}`);
  if (outcome !== args[1]) process.exitCode = 1;
} else {
  console.error(usage);
  process.exitCode = 2;
}
