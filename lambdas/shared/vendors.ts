import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import type { VendorStatus } from '../../contracts/auth';
import { dynamo } from './clients';
import { tableName } from './tables';

import type { Language } from '../../contracts/languages';
import type { PayoutMethodSummary } from '../payouts/model';
import type { MemberRole } from '../../contracts/team';

export { LANGUAGES, type Language } from '../../contracts/languages';

/** A vendor record in the vendors table, keyed by the Cognito user id (sub). */
export interface VendorRecord {
  userId: string;
  email: string;
  status: VendorStatus;
  /** `V-` + sequence, assigned on approval; absent until then. */
  vendorId?: string;
  vendorName: string;
  /** As stored; clients apply it only when it is exactly `en` or `zh-TW`. */
  language: string;
  rejectionReason?: string;
  /** The payout destination's id (set up on the payouts page; shown in account settings). */
  payoutAccountId?: string;
  /** The payout method as the vendor may see it (masked), kept beside `payoutAccountId` by the payout-method API. */
  payoutMethod?: PayoutMethodSummary;
  createdAt: string;
  updatedAt: string;
  /** The last review decision (lambdas/vendor/review.ts): when and by whom (the operator's e-mail, or a CLI's name). */
  reviewedAt?: string;
  reviewedBy?: string;
  /** The vendor's own commission rate (basis points); absent: the stack default (lambdas/sales/ingest-handler.ts). */
  commissionRateBps?: number;
  /** Issue 14: two-step sign-in (TOTP) as last recorded from Cognito (lambdas/vendor/two-step.ts), and when. */
  mfaEnabled?: boolean;
  mfaChangedAt?: string;
}

/**
 * The ops directory's search keys (issue 13; docs/decisions.md, "Vendor applications and directory"):
 * every record carries `directory` (one partition) with its lowercased business name and e-mail as
 * the sort keys of the `byDirectoryName` / `byDirectoryEmail` indexes, so a name or e-mail prefix is a
 * key-range query, never a scan. Name and e-mail do not change after sign-up, so only creation writes them.
 */
export const DIRECTORY_PARTITION = 'vendor';
export function directoryKeys(record: Pick<VendorRecord, 'userId' | 'vendorName' | 'email'>): { directory: string; nameKey: string; emailKey: string } {
  return {
    directory: DIRECTORY_PARTITION,
    nameKey: `${searchText(record.vendorName)}#${record.userId}`,
    emailKey: `${searchText(record.email)}#${record.userId}`,
  };
}
/** The normalised form both the keys and a search prefix take: NFKC, lowercase, single spaces. */
export const searchText = (value: string): string => value.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();

/** Longer than any user id we issue (a Cognito sub is 36 characters): such an id names no record. */
export const USER_ID_MAX = 256;

/**
 * A team member's item in the vendors table (issue 14), at the member's own user id: which shop they
 * belong to and as what, or that their membership ended. It carries none of a vendor record's index
 * attributes (`status`, `vendorId`, `directory`), so it is in no queue, directory or vendor-id lookup.
 * lambdas/team/ keeps it in step with the member record (the same transactions).
 */
export interface MembershipRecord {
  userId: string;
  email: string;
  membership?: {
    /** The shop's account holder: the user whose record is the vendor record. */
    holderUserId: string;
    vendorId: string;
    memberId: string;
    role: MemberRole;
  };
  /** Set when the owner removed the member: their tokens are refused from then on. */
  membershipEnded?: { vendorName: string; at: string };
  /** The member's own language (a vendor record's is the account holder's). */
  language?: string;
  /** Issue 14: the member's own two-step sign-in state as recorded (lambdas/shared/two-step-record.ts), and when. */
  mfaEnabled?: boolean;
  mfaChangedAt?: string;
  createdAt: string;
  updatedAt: string;
}

export type UserRecord = VendorRecord | MembershipRecord;
export const isMembershipRecord = (r: UserRecord): r is MembershipRecord => !('status' in r) || r.status === undefined;

/** The item at a user id: a vendor record, a team member's membership, or nothing. */
export async function getUserRecord(userId: string): Promise<UserRecord | null> {
  // DynamoDB refuses keys over 2 KB with an error; an id from a URL that long is simply nobody's.
  if (!userId || userId.length > USER_ID_MAX) return null;
  const out = await dynamo.send(new GetCommand({ TableName: tableName('vendors'), Key: { userId }, ConsistentRead: true }));
  return (out.Item as UserRecord | undefined) ?? null;
}

/** The vendor record of a user id; null for a team member's membership item or no item. */
export async function getVendorByUserId(userId: string): Promise<VendorRecord | null> {
  const record = await getUserRecord(userId);
  return record && !isMembershipRecord(record) ? record : null;
}

/** Creates the record unless one exists (a retried trigger must not reset a reviewed vendor). Returns whether it wrote. */
export async function createVendorIfAbsent(record: VendorRecord): Promise<boolean> {
  try {
    await dynamo.send(
      new PutCommand({
        TableName: tableName('vendors'),
        Item: { ...record, ...directoryKeys(record) },
        ConditionExpression: 'attribute_not_exists(userId)',
      }),
    );
    return true;
  } catch (err) {
    if (err instanceof ConditionalCheckFailedException) return false;
    throw err;
  }
}

/** Sets the vendor's language; returns the updated record, or null when the user has no record. */
export async function updateVendorLanguage(userId: string, language: Language, now = new Date()): Promise<VendorRecord | null> {
  try {
    const out = await dynamo.send(
      new UpdateCommand({
        TableName: tableName('vendors'),
        Key: { userId },
        UpdateExpression: 'SET #language = :language, updatedAt = :now',
        ConditionExpression: 'attribute_exists(userId)',
        ExpressionAttributeNames: { '#language': 'language' },
        ExpressionAttributeValues: { ':language': language, ':now': now.toISOString() },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return out.Attributes as VendorRecord;
  } catch (err) {
    if (err instanceof ConditionalCheckFailedException) return null;
    throw err;
  }
}
