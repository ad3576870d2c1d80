import {
  AdminAddUserToGroupCommand,
  AdminGetUserCommand,
  AdminRemoveUserFromGroupCommand,
  AdminUpdateUserAttributesCommand,
  CognitoIdentityProviderClient,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { GROUPS } from '../../contracts/auth';
import { dynamo } from '../shared/clients';
import { env } from '../shared/env';
import { ConflictError, NotFoundError } from '../shared/errors';
import { tableName } from '../shared/tables';
import { notificationWrites } from '../notifications/record';
import { getVendorByUserId, type VendorRecord } from '../shared/vendors';
import { auditWrite, type Operator } from '../audit/record';
import type { VendorStatus } from '../../contracts/auth';

/** Vendor ids are `V-` + a sequence that starts after this number (the first approval is V-10001). */
export const VENDOR_ID_SEQUENCE_BASE = 10_000;
const SEQUENCE = 'vendorId';

let cognito: CognitoIdentityProviderClient | undefined;
const idp = () => (cognito ??= new CognitoIdentityProviderClient({}));
const userPoolId = (): string => env.userPoolId();

export type ReviewDecision = { decision: 'approve' } | { decision: 'reject'; reason: string };

export interface ReviewOptions {
  now?: Date;
  /**
   * The status the operator saw (the console sends it): when the record is no longer in it, someone
   * else decided first and the review is a 409 `application_decided` naming who, not a silent repeat.
   * Unset (the CLI): reviewing into the state the vendor is already in only re-syncs Cognito.
   */
  expectedStatus?: VendorStatus;
}

/** A CLI or test may name itself with a plain label; the audit log then records it as both id and e-mail. */
const operatorOf = (actor: Operator | string): Operator => (typeof actor === 'string' ? { userId: actor, email: actor } : actor);

/** The 409 of a decision someone else made first: who and when, from the record. */
export function alreadyDecided(record: VendorRecord): ConflictError {
  const who = record.reviewedBy ?? 'another operator';
  const when = record.reviewedAt ? ` at ${record.reviewedAt}` : '';
  return new ConflictError(`This application was already ${record.status} by ${who}${when}.`, 'application_decided');
}

export interface ReviewResult {
  vendor: VendorRecord;
  /** False when the vendor was already in the requested state (a repeated review only re-syncs Cognito). */
  changed: boolean;
}

/** Atomically takes the next vendor id: V-10001, V-10002, ... Gaps are possible, duplicates are not. */
export async function nextVendorId(): Promise<string> {
  const out = await dynamo.send(
    new UpdateCommand({
      TableName: tableName('counters'),
      Key: { name: SEQUENCE },
      UpdateExpression: 'SET #value = if_not_exists(#value, :base) + :one',
      ExpressionAttributeNames: { '#value': 'value' },
      ExpressionAttributeValues: { ':base': VENDOR_ID_SEQUENCE_BASE, ':one': 1 },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return `V-${out.Attributes!.value as number}`;
}

/** Makes sure the sequence will not hand out `vendorId` (or anything below it) again; for seeded vendors. */
export async function reserveVendorId(vendorId: string): Promise<void> {
  const n = Number(vendorId.replace(/^V-/, ''));
  try {
    await dynamo.send(
      new UpdateCommand({
        TableName: tableName('counters'),
        Key: { name: SEQUENCE },
        UpdateExpression: 'SET #value = :n',
        ConditionExpression: 'attribute_not_exists(#value) OR #value < :n',
        ExpressionAttributeNames: { '#value': 'value' },
        ExpressionAttributeValues: { ':n': n },
      }),
    );
  } catch (err) {
    if (!(err instanceof ConditionalCheckFailedException)) throw err;
  }
}

async function userIdForEmail(email: string): Promise<string> {
  try {
    const user = await idp().send(new AdminGetUserCommand({ UserPoolId: userPoolId(), Username: email }));
    const sub = user.UserAttributes?.find((a) => a.Name === 'sub')?.Value;
    if (sub) return sub;
  } catch (err) {
    if (!(err instanceof UserNotFoundException)) throw err;
  }
  throw new NotFoundError(`No user signed up with ${email}.`, 'user_not_found');
}

/**
 * The review decision on a vendor application — the one function behind `npm run vendor:review`
 * and, later, the ops console. pending → approved (next vendor id, `custom:status`, group
 * `vendors`) or rejected (with the reason); a rejected vendor may be approved on a second review.
 * The vendor record is the source of truth and is written first; Cognito is then brought in line,
 * so repeating a review after a partial failure completes it.
 */
export async function reviewVendor(email: string, review: ReviewDecision, actor: Operator | string, options: ReviewOptions = {}): Promise<ReviewResult> {
  const operator = operatorOf(actor);
  const reviewer = operator.email || operator.userId;
  const now = options.now ?? new Date();
  const userId = await userIdForEmail(email);
  const current = await getVendorByUserId(userId);
  if (!current) throw new NotFoundError(`${email} has no vendor application.`, 'vendor_not_found');
  if (options.expectedStatus !== undefined && current.status !== options.expectedStatus) throw alreadyDecided(current);
  const target = review.decision === 'approve' ? 'approved' : 'rejected';

  let vendor = current;
  let changed = false;
  if (current.status !== target) {
    if (current.status === 'approved') {
      throw new ConflictError(`${email} is already approved as ${current.vendorId}; an approved vendor cannot be rejected here.`, 'already_approved');
    }
    const at = now.toISOString();
    const base = { ':now': at, ':reviewer': reviewer, ':from': current.status };
    const newVendorId = review.decision === 'approve' ? await nextVendorId() : undefined;
    const update =
      review.decision === 'approve'
        ? {
            UpdateExpression: 'SET #status = :approved, vendorId = :vendorId, reviewedAt = :now, reviewedBy = :reviewer, updatedAt = :now REMOVE rejectionReason',
            ExpressionAttributeValues: { ...base, ':approved': 'approved', ':vendorId': newVendorId },
          }
        : {
            UpdateExpression: 'SET #status = :rejected, rejectionReason = :reason, reviewedAt = :now, reviewedBy = :reviewer, updatedAt = :now',
            ExpressionAttributeValues: { ...base, ':rejected': 'rejected', ':reason': review.reason },
          };
    // The applicant hears about the decision from the same transaction that records it (an approved
    // vendor's inbox is under the new vendor id; a rejected applicant's under the user id).
    const notification =
      review.decision === 'approve'
        ? notificationWrites({
            vendorId: newVendorId!,
            type: 'application_approved',
            subject: newVendorId!,
            params: { vendorId: newVendorId!, businessName: current.vendorName },
            createdAt: at,
          })
        : notificationWrites({
            vendorId: userId,
            type: 'application_rejected',
            subject: `${userId}.${at}`,
            params: { businessName: current.vendorName, reason: review.reason },
            createdAt: at,
          });
    try {
      await dynamo.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Update: {
                TableName: tableName('vendors'),
                Key: { userId },
                ...update,
                // Guards against a concurrent review: only the state we read may change.
                ConditionExpression: '#status = :from',
                ExpressionAttributeNames: { '#status': 'status' },
              },
            },
            ...notification,
            // The audit entry, in the same transaction: logged exactly when the decision is made.
            auditWrite({
              actor: operator,
              action: review.decision === 'approve' ? 'vendor.approved' : 'vendor.rejected',
              target: { type: 'vendor', id: newVendorId ?? current.vendorId ?? userId },
              vendorId: newVendorId ?? current.vendorId ?? userId,
              before: { status: current.status },
              after: review.decision === 'approve' ? { status: target, vendorId: newVendorId! } : { status: target },
              reason: review.decision === 'reject' ? review.reason : null,
              at,
            }),
          ],
        }),
      );
      vendor = (await getVendorByUserId(userId))!;
      changed = true;
    } catch (err) {
      if (err instanceof TransactionCanceledException && err.CancellationReasons?.[0]?.Code === 'ConditionalCheckFailed') {
        // Someone else decided between our read and our write: say who (nothing of ours was written).
        const now = await getVendorByUserId(userId);
        if (now && now.status !== current.status) throw alreadyDecided(now);
        throw new ConflictError(`${email} was reviewed by someone else just now; look again.`, 'review_conflict');
      }
      throw err;
    }
  }

  await idp().send(
    new AdminUpdateUserAttributesCommand({ UserPoolId: userPoolId(), Username: email, UserAttributes: [{ Name: 'custom:status', Value: target }] }),
  );
  if (target === 'approved') {
    await idp().send(new AdminAddUserToGroupCommand({ UserPoolId: userPoolId(), Username: email, GroupName: GROUPS.vendors.name }));
  } else {
    await idp()
      .send(new AdminRemoveUserFromGroupCommand({ UserPoolId: userPoolId(), Username: email, GroupName: GROUPS.vendors.name }))
      .catch(() => undefined);
  }
  return { vendor, changed };
}
