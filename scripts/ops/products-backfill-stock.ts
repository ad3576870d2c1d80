/**
 * `npm run products:backfill-stock [-- --dry-run]`: the one-off backfill of the inventory's index
 * attributes (issue 15; lambdas/listings/stock-backfill.ts; docs/operations.md "Inventory indexes").
 *   default          the running local portal (`npm start`)
 *   --profile test   the test stack
 *   --cloud          a deployed stack: AWS credentials and PRODUCTS_TABLE from the stack's outputs
 */
import { parseArgs } from 'node:util';
import { useStackEnvironment } from './cli-stack';

const { values } = parseArgs({
  options: { profile: { type: 'string', default: 'dev' }, cloud: { type: 'boolean', default: false }, 'dry-run': { type: 'boolean', default: false } },
});

await useStackEnvironment({ profile: values.profile ?? 'dev', cloud: values.cloud ?? false, tables: ['products'] });
const { backfillStockIndexes } = await import('../../lambdas/listings/stock-backfill');
const dryRun = values['dry-run'] ?? false;
const report = await backfillStockIndexes({ dryRun });
console.log(
  `${dryRun ? '•' : '✔'} ${report.scanned} product(s) read; ${report.updated} ${dryRun ? 'would be' : 'were'} given the inventory index attributes${report.raced ? `; ${report.raced} changed meanwhile (their own write set them)` : ''}.`,
);
