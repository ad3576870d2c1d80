/**
 * What the ops console changes on a vendor (issue 13): the review decision (through `reviewVendor`,
 * the same function as `npm run vendor:review`) and the commission rate. Each change and its audit
 * entry are one DynamoDB transaction (lambdas/audit/record.ts).
 */
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { AdminVendorRecord, ApplicationDecisionBody } from '../../contracts/admin-vendors';
import { auditWrite, type Operator } from '../audit/record';
import { dynamo } from '../shared/clients';
import { ConflictError, NotFoundError } from '../shared/errors';
import { tableName } from '../shared/tables';
import { getVendorByUserId } from '../shared/vendors';
import { reviewVendor } from '../vendor/review';
import { findVendor, recordView } from './vendors';

/** Approves or rejects the application of `userId`, as `actor`; stale (someone decided first) → 409 `application_decided`. */
export async function decideApplication(userId: string, body: ApplicationDecisionBody, actor: Operator, now = new Date()): Promise<AdminVendorRecord> {
  const record = await getVendorByUserId(userId);
  if (!record) throw new NotFoundError('There is no vendor application with this id.', 'vendor_not_found');
  const { vendor } = await reviewVendor(record.email, body.decision === 'approve' ? { decision: 'approve' } : { decision: 'reject', reason: body.reason }, actor, {
    now,
    // The console decides what the operator saw: pending unless they said otherwise (a rejected applicant's second review).
    expectedStatus: body.expectedStatus ?? 'pending',
  });
  return recordView(vendor);
}

/**
 * Sets the vendor's commission rate (basis points), conditional on the stored rate the operator saw
 * (`expectedRateBps`, null: none stored, the default applied): a change meanwhile is a 409
 * `commission_changed`. The order ingest reads the rate when an order first arrives
 * (lambdas/sales/ingest-handler.ts) and keeps it on the order, so only orders received later use it.
 */
export async function changeCommission(
  idOrUserId: string,
  change: { commissionRateBps: number; expectedRateBps: number | null },
  actor: Operator,
  now = new Date(),
): Promise<{ rateBps: number; storedRateBps: number }> {
  const record = await findVendor(idOrUserId);
  if (!record) throw new NotFoundError('There is no vendor with this id.', 'vendor_not_found');
  const at = now.toISOString();
  const condition =
    change.expectedRateBps === null
      ? { ConditionExpression: 'attribute_exists(userId) AND attribute_not_exists(commissionRateBps)', values: {} }
      : { ConditionExpression: 'attribute_exists(userId) AND commissionRateBps = :expected', values: { ':expected': change.expectedRateBps } };
  try {
    await dynamo.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName('vendors'),
              Key: { userId: record.userId },
              UpdateExpression: 'SET commissionRateBps = :rate, updatedAt = :now',
              ConditionExpression: condition.ConditionExpression,
              ExpressionAttributeValues: { ':rate': change.commissionRateBps, ':now': at, ...condition.values },
            },
          },
          auditWrite({
            actor,
            action: 'vendor.commission_changed',
            target: { type: 'vendor', id: record.vendorId ?? record.userId },
            vendorId: record.vendorId ?? record.userId,
            before: { commissionRateBps: change.expectedRateBps },
            after: { commissionRateBps: change.commissionRateBps },
            at,
          }),
        ],
      }),
    );
  } catch (err) {
    if (err instanceof TransactionCanceledException && err.CancellationReasons?.[0]?.Code === 'ConditionalCheckFailed') {
      throw new ConflictError('The commission rate was changed by someone else meanwhile; look at the current rate and try again.', 'commission_changed');
    }
    throw err;
  }
  return { rateBps: change.commissionRateBps, storedRateBps: change.commissionRateBps };
}
