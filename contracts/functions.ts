/**
 * The Lambdas outside the API route table (contracts/routes.ts) and the Cognito triggers
 * (contracts/triggers.ts): what the CDK constructs deploy and what the local stack runs, one
 * definition each, so cloud and local cannot drift. `entry` is a module path relative to lambdas/.
 */
import { productImagesBucket } from './buckets';
import type { TableAccess } from './tables';

type FunctionDef = { entry: string; description: string; tables: TableAccess };

/**
 * The payout Lambdas: what the CDK payouts construct (lib/payouts.ts) deploys. Locally
 * `npm run payouts:run` runs the same modules in-process.
 *
 * The scheduled run: reads the ledger's payable index (`byPayableShard`, all its partitions at once) and
 * the candidates' balances, and prunes it; never payout accounts.
 */
export const payoutRunFunction = {
  entry: 'payouts/run-handler.ts',
  description: 'Payout run (15th and last day): closes the period, queues every payable vendor',
  /** Write-only: the "balance rolled over" notifications (issue 12). */
  tables: { notifications: 'w' },
} as const satisfies FunctionDef;

/** The worker: the exactly-once transaction on the ledger, the destination from payout accounts (read only). */
export const payoutWorkerFunction = {
  entry: 'payouts/worker-handler.ts',
  description: 'Payout worker: pays one vendor for one period at most once (SQS)',
  tables: { ledger: 'rw', payoutAccounts: 'r', notifications: 'w' },
} as const satisfies FunctionDef;

/**
 * The image check Lambda: what the CDK images construct (lib/images.ts) deploys and what the local
 * stack (scripts/local/s3.ts) runs for s3rver's events — one definition, so both subscribe the same
 * handler to the same keys.
 */
export const imageCheckFunction = {
  entry: 'images/check-handler.ts',
  description: 'Product images: checks every upload (type from its bytes, size, count per upload folder), deletes what breaks the rules',
  /** Check results and upload-folder slots; read too (the folder's admitted keys when it is full). */
  tables: { imageChecks: 'rw' },
  /** Object-created events of keys under this prefix only: vendors can write nowhere else. */
  keyPrefix: productImagesBucket.vendorPrefix,
} as const satisfies FunctionDef & { keyPrefix: string };

/**
 * The order ingest Lambda as the CDK builds it (lib/sales.ts) and the local event router
 * (scripts/local/events.ts) runs it: its module and exactly the tables it may touch.
 */
export const orderIngestFunction = {
  entry: 'sales/ingest-handler.ts',
  /** Orders and the ledger are written; vendors only read (the commission rate). */
  tables: { orders: 'rw', ledger: 'rw', vendors: 'r' },
  description: 'Marketplace order events: the order, daily sales and the ledger in one transaction',
} as const satisfies FunctionDef;

/**
 * The restock run (issue 15, lambdas/listings/restock.ts): every 15 minutes it puts the products whose
 * "out of stock until" day has come back on sale. Reads the sparse byRestockDue index and the products
 * it finds; writes them, with the low-stock notification when one is due. The same function consumes
 * the default low-stock level's re-check queue (issue 16, lib/restock.ts): a function of its own would
 * take the stack past CloudFormation's 500 resources (docs/decisions.md).
 */
export const restockFunction = {
  entry: 'listings/restock-handler.ts',
  description:
    'Restock run (every 15 minutes): products out of stock until today go back on sale with the stock their vendor set; and the default low-stock level re-check (SQS)',
  // counters: the vendors' default low-stock level (issue 15), read once per vendor per run; written by the
  // default's re-check (issue 16, lambdas/listings/low-stock-recheck.ts): its progress on the same item.
  tables: { products: 'rw', notifications: 'w', counters: 'rw' },
} as const satisfies FunctionDef;

/**
 * The bulk worker (issue 15; lib/bulk.ts): applies or undoes one bulk price and stock job per SQS
 * message, each row a conditional offer write on the products table; locally run in-process
 * (scripts/local/stand-ins.ts).
 */
export const bulkWorkerFunction = {
  entry: 'bulk/worker-handler.ts',
  description: 'Bulk price and stock: applies or undoes a job row by row, each write conditional on the version seen (SQS)',
  // counters: the vendor's default low-stock level (issue 15), for the low-stock flag of each write;
  // activity (append) and notifications: each change's activity entries and `stock_low` notice, in its transaction.
  tables: { products: 'rw', bulkJobs: 'rw', counters: 'r', activity: 'append', notifications: 'w' },
} as const satisfies FunctionDef;

/**
 * The key pair of signed image URLs (issue 23; lib/image-delivery.ts): a CloudFormation custom
 * resource's function, run at deploy time only. It makes an RSA 2048 key pair on the first deploy,
 * keeps the private key in the Secrets Manager secret the stack made for it, and answers the public
 * key, which the stack hands to CloudFront (public key, key group). No table.
 */
export const imageUrlKeyFunction = {
  entry: 'images/url-key-handler.ts',
  description: 'Deploy time only: the key pair of signed product image URLs (private key kept in its secret, public key for CloudFront)',
  tables: {},
} as const satisfies FunctionDef;
