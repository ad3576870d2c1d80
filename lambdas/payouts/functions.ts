/**
 * The payout Lambdas outside the API: what the CDK payouts construct (lib/payouts.ts) deploys.
 * Locally `npm run payouts:run` runs the same modules in-process.
 */
import type { TableAccess } from '../shared/tables';

type FunctionDef = { entry: string; description: string; tables: TableAccess };

/** The scheduled run: reads the ledger's `byPayable` index and prunes it; never payout accounts. */
export const payoutRunFunction = {
  entry: 'payouts/run-handler.ts',
  description: 'Payout run (15th and last day): closes the period, queues every payable vendor',
  tables: { notifications: 'w' },
} as const satisfies FunctionDef;

/** The worker: the exactly-once transaction on the ledger, the destination from payout accounts (read only). */
export const payoutWorkerFunction = {
  entry: 'payouts/worker-handler.ts',
  description: 'Payout worker: pays one vendor for one period at most once (SQS)',
  tables: { ledger: 'rw', payoutAccounts: 'r', notifications: 'w' },
} as const satisfies FunctionDef;
