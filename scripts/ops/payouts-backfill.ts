/**
 * `npm run payouts:backfill [-- --dry-run]`: the one-off payout data backfill
 * (lambdas/payouts/backfill.ts; docs/operations.md "Backfill").
 *   default          the running local portal (`npm start`)
 *   --profile test   the test stack
 *   --cloud          a deployed stack: AWS credentials and LEDGER_TABLE, VENDORS_TABLE and
 *                    PAYOUT_ACCOUNTS_TABLE from the stack's outputs
 */
import { parseArgs } from 'node:util';
import { useStackEnvironment } from './cli-stack';

const { values } = parseArgs({
  options: { profile: { type: 'string', default: 'dev' }, cloud: { type: 'boolean', default: false }, 'dry-run': { type: 'boolean', default: false } },
});

await useStackEnvironment({ profile: values.profile ?? 'dev', cloud: values.cloud ?? false, tables: ['ledger', 'vendors', 'payoutAccounts'] });
const { backfillPayouts } = await import('../../lambdas/payouts/backfill');
const dryRun = values['dry-run'] ?? false;
const report = await backfillPayouts({ dryRun });
const verb = dryRun ? 'would be' : 'were';
console.log(
  `${dryRun ? '•' : '✔'} ${report.balancesMarked} balance(s) ${verb} marked payable; ${report.balancesResharded} balance(s) ${verb} moved to their payable shard; ${report.payoutMethodsCopied} payout method(s) ${verb} copied to vendor records.`,
);
if (report.inconsistent.length) {
  console.log(`✖ ${report.inconsistent.length} vendor record(s) point at a payout account that is missing or has another id (left alone): ${report.inconsistent.join(', ')}`);
  process.exitCode = 1;
}
