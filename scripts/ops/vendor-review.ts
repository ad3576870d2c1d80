/**
 * `npm run vendor:review -- <email> approve|reject ["reason"]`: the review decision on a vendor
 * application, through the same domain function the ops console will call (lambdas/vendor/review.ts).
 *   default          the running local portal (`npm start`)
 *   --profile test   the test stack
 *   --cloud          a deployed stack: set AWS credentials and USER_POOL_ID, VENDORS_TABLE and
 *                    COUNTERS_TABLE, NOTIFICATIONS_TABLE and AUDIT_TABLE from the stack's outputs (see docs/operations.md)
 */
import { parseArgs } from 'node:util';
import { cliOperator, useStackEnvironment } from './cli-stack';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { profile: { type: 'string', default: 'dev' }, cloud: { type: 'boolean', default: false } },
});
const [email, decision, ...reasonParts] = positionals;
const reason = reasonParts.join(' ').trim();
const usage = 'Usage: npm run vendor:review -- <email> approve|reject ["reason"]';

if (!email || (decision !== 'approve' && decision !== 'reject')) {
  console.error(usage);
  process.exit(2);
}
if (decision === 'reject' && !reason) {
  console.error('A rejection needs a reason the vendor will read, e.g. npm run vendor:review -- shop@example.com reject "Business licence expired"');
  process.exit(2);
}

process.env.LOG_LEVEL ??= 'WARN';
await useStackEnvironment({
  profile: values.profile ?? 'dev',
  cloud: values.cloud ?? false,
  tables: ['vendors', 'counters', 'notifications', 'audit'],
  env: [{ name: 'USER_POOL_ID', output: 'UserPoolId' }],
  alsoWaitFor: ['cognito'],
});

const { reviewVendor } = await import('../../lambdas/vendor/review');
const { HttpError } = await import('../../lambdas/shared/errors');
try {
  // The same domain function as the ops console, which records the decision in the audit log as this operator.
  const { vendor, changed } = await reviewVendor(email, decision === 'approve' ? { decision: 'approve' } : { decision: 'reject', reason }, cliOperator());
  const what = vendor.status === 'approved' ? `approved as ${vendor.vendorId}` : `rejected (${vendor.rejectionReason})`;
  console.log(`${changed ? '✔' : '•'} ${vendor.vendorName} <${vendor.email}> ${changed ? 'is now' : 'was already'} ${what}.`);
} catch (err) {
  console.error(`✖ ${err instanceof HttpError ? err.message : (err as Error).stack}`);
  process.exit(1);
}
