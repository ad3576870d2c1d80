/**
 * `npm run stock:restock [-- --date 2026-12-01] [--profile test]`: the restock run (issue 15,
 * lambdas/listings/restock.ts) against the local stack, in-process — the module the scheduled Lambda
 * runs. The running portal does this every minute by itself; this command runs it now, and with
 * `--date` as on that marketplace day (at noon there), to see a product come back without waiting.
 */
import { parseArgs } from 'node:util';
import { useStackEnvironment } from './cli-stack';

const { values } = parseArgs({ options: { date: { type: 'string' }, profile: { type: 'string', default: 'dev' } } });
if (values.date !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(values.date)) {
  console.error('Usage: npm run stock:restock [-- --date yyyy-mm-dd] [--profile test]');
  process.exit(2);
}

await useStackEnvironment({ profile: values.profile ?? 'dev', cloud: false, tables: [], hasCloudMode: false });

try {
  const { startOfDay } = await import('../../lambdas/shared/dates');
  const { runRestock } = await import('../../lambdas/listings/restock');
  const at = values.date ? new Date(startOfDay(values.date).getTime() + 12 * 3_600_000) : new Date();
  const summary = await runRestock(at);
  console.log(`Restock for ${summary.day}: ${summary.restocked} of ${summary.due} due product(s) back on sale${summary.failed ? `, ${summary.failed} failed (run again)` : ''}.`);
  if (summary.failed) process.exitCode = 1;
} catch (err) {
  console.error(`✖ ${(err as Error).stack}`);
  process.exitCode = 1;
}
