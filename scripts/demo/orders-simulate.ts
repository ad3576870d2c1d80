/**
 * `npm run orders:simulate -- --vendor V-10001 --count 50 [--days 30] [--seed N]`: realistic
 * marketplace order events for a vendor of the running local portal, published through the local
 * bus to the same ingest handler the Lambda runs (scripts/demo/order-simulator.ts).
 *   --profile test   the test stack instead of `npm start`'s
 * Events the ingest rejects land in the stack's data folder (.local/dev/dead-letter/ for `npm start`) with the reason.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { useStackEnvironment } from '../ops/cli-stack';
import { VENDOR_ID_PATTERN } from '../../contracts/order-events';

const usage = 'Usage: npm run orders:simulate -- --vendor V-10001 --count 50 [--days 30] [--seed N] [--profile dev|test]';

let values: { vendor?: string; count?: string; days?: string; seed?: string; profile?: string };
try {
  ({ values } = parseArgs({
    options: {
      vendor: { type: 'string' },
      count: { type: 'string', default: '50' },
      days: { type: 'string', default: '30' },
      seed: { type: 'string' },
      profile: { type: 'string', default: 'dev' },
    },
  }));
} catch (err) {
  console.error(`${(err as Error).message}\n${usage}`);
  process.exit(2);
}

const wholeNumber = (name: string, raw: string | undefined, min: number, max: number): number => {
  const n = Number(raw);
  if (!raw || !/^\d+$/.test(raw) || n < min || n > max) {
    console.error(`--${name} must be a whole number from ${min} to ${max}; got "${raw ?? ''}".\n${usage}`);
    process.exit(2);
  }
  return n;
};

const vendorId = values.vendor ?? '';
if (!VENDOR_ID_PATTERN.test(vendorId)) {
  console.error(`--vendor must be a vendor id such as V-10001.\n${usage}`);
  process.exit(2);
}
const count = wholeNumber('count', values.count, 1, 10_000);
const days = wholeNumber('days', values.days, 1, 366);
const seed = values.seed === undefined ? undefined : wholeNumber('seed', values.seed, 0, 2 ** 31 - 1);
if (values.profile !== 'dev' && values.profile !== 'test') {
  console.error(`--profile must be dev or test.\n${usage}`);
  process.exit(2);
}

// Local only: the data folder is always there.
const dataDir = (await useStackEnvironment({ profile: values.profile, cloud: false, tables: [], hasCloudMode: false })).dataDir!;

// Imported after the environment is set: the shared clients and the marketplace zone read it on load.
const { getVendorCommission } = await import('../../lambdas/sales/store');
const { publishSimulatedOrders, simulateOrders } = await import('./order-simulator');
const { MARKETPLACE_TIME_ZONE } = await import('../../lambdas/shared/dates');

if (!(await getVendorCommission(vendorId)).found) {
  console.error(`✖ The local portal has no vendor ${vendorId}: approve an application first (npm run vendor:review -- <email> approve).`);
  process.exit(1);
}

const started = Date.now();
const summary = await publishSimulatedOrders(simulateOrders({ vendorId, count, days, ...(seed === undefined ? {} : { seed }) }));
const seconds = ((Date.now() - started) / 1000).toFixed(1);
const statuses = Object.entries(summary.byStatus)
  .map(([status, n]) => `${n} ${status}`)
  .join(', ');
console.log(
  `✔ ${summary.orders} orders for ${vendorId} over the last ${days} day${days === 1 ? '' : 's'} (${MARKETPLACE_TIME_ZONE}): ${statuses}.\n` +
    `  ${summary.events} events in ${seconds} s: ${summary.applied} applied, ${summary.unchanged} unchanged, ${summary.rejected} rejected, ${summary.failed} failed.`,
);
if (summary.rejected || summary.failed) {
  console.error(`  See ${path.join(dataDir, 'dead-letter')} for the events that were not applied.`);
  process.exit(1);
}
