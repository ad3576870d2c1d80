/**
 * The support inbox's demo work (issue 13, screen 4), so `npm start` shows a meaningful ops inbox and
 * vendor Support cases page: two cases from the demo vendor, opened and answered through the same
 * domain functions the API uses (lambdas/support), so the items, the vendor's notification of the reply
 * and the reply's audit entry are what real use writes:
 * - a payouts question opened a day ago that ops answered (status `answered`, a thread of two);
 * - a product question opened three hours ago, still `open` (the ops queue).
 * Idempotent: a marker item in the vendor's partition (`#demo-support`, outside the `SC-` cases and
 * the `byStatus` index) says the cases were seeded; a second run adds nothing.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../lambdas/shared/clients';
import { tableName } from '../../lambdas/shared/tables';
import { openSupportCase, type SupportCase } from '../../lambdas/support/store';
import { replyToCase } from '../../lambdas/support/thread';
import { demoAccounts } from './accounts';

const MARKER = '#demo-support';
const HOUR = 3_600_000;

export async function seedConsoleSupport(vendor: { vendorId: string; userId: string; email: string }, now: Date = new Date()): Promise<boolean> {
  const table = tableName('supportCases');
  const marker = await dynamo.send(new GetCommand({ TableName: table, Key: { vendorId: vendor.vendorId, caseId: MARKER }, ConsistentRead: true }));
  if (marker.Item) return false;
  const opened = async (category: SupportCase['category'], message: string, at: Date): Promise<SupportCase> => {
    const c = await openSupportCase({ ...vendor, category, message }, at);
    if ('replay' in c) throw new Error('demo support case: unexpected replay');
    return c;
  };
  const payouts = await opened('payouts_category', 'Hello, when will my payout for the first half of this month be paid? I cannot find the date.', new Date(now.getTime() - 26 * HOUR));
  // The demo operator answers it (the console's actor: the demo admin's e-mail).
  await replyToCase(
    { userId: 'cli:demo-seed', email: demoAccounts.admin.email },
    vendor.vendorId,
    payouts.caseId,
    'Thanks for asking! Payouts run on the 15th and on the last day of each month; yours will be paid on the next run. You can follow it on the Payouts page.',
    new Date(now.getTime() - 24 * HOUR),
  );
  await opened('add_remove_product', 'I would like to remove my Jasmine Green Tea from sale for a month while we restock. How do I do that?', new Date(now.getTime() - 3 * HOUR));
  await dynamo.send(new PutCommand({ TableName: table, Item: { vendorId: vendor.vendorId, caseId: MARKER, seededAt: now.toISOString() } }));
  return true;
}
