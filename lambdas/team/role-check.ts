/**
 * `npm run team:check-roles [-- --repair]` (issue 24, item 1): members whose rights differ from their
 * role. A member's rights are the role in their membership item (`vendors`, at their user id: what
 * every API call reads); the source of truth is the member record (`members`: what the owner set and
 * the team page shows). Before acceptInvitation held only while the record kept the role it read, an
 * owner changing an invitation's role while it was accepted left the item with the old role.
 *
 * Reports every active member whose item's role differs from the record's; with `repair`, sets the
 * item's role to the record's — one transaction, conditional on the record still having that role and
 * the item still having the role read, so a change made meanwhile is never overwritten (counted as
 * `raced`; run again). Members whose item does not point back at them (it is gone, or the user joined
 * elsewhere) are reported as `detached`, never changed: that is the owner's call (remove the member).
 * An ops command, so it reads the table page by page (a Scan, or one shop's Query), never on a request path.
 */
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { paginateQuery, paginateScan, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { MemberRole } from '../../contracts/team';
import { dynamo, paging } from '../shared/clients';
import { tableName } from '../shared/tables';
import { getUserRecord, isMembershipRecord } from '../shared/vendors';
import type { MemberRecord } from './store';

export interface RoleMismatch {
  vendorId: string;
  memberId: string;
  userId: string;
  email: string;
  /** The member record's role (the team page's). */
  teamRole: MemberRole;
  /** The membership item's role (the member's rights). */
  accessRole: MemberRole;
  repaired: boolean;
}

export interface RoleCheckReport {
  /** Active members compared. */
  checked: number;
  mismatches: RoleMismatch[];
  /** Active members whose user's item is not their membership of this shop (reported only). */
  detached: { vendorId: string; memberId: string; userId: string; email: string }[];
  /** Mismatches changed by someone else between the read and the repair (left as they are). */
  raced: number;
}

async function* memberPages(vendorId?: string): AsyncGenerator<MemberRecord[]> {
  const pages = vendorId
    ? paginateQuery(paging(), { TableName: tableName('members'), KeyConditionExpression: 'vendorId = :v', ExpressionAttributeValues: { ':v': vendorId }, ConsistentRead: true })
    : paginateScan(paging(), { TableName: tableName('members'), ConsistentRead: true });
  for await (const page of pages) yield (page.Items ?? []) as MemberRecord[];
}

/** Sets the item's role to the record's, only if neither changed since read; false when one did. */
async function repair(m: MemberRecord & { userId: string }, accessRole: MemberRole, at: string): Promise<boolean> {
  try {
    await dynamo.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            ConditionCheck: {
              TableName: tableName('members'),
              Key: { vendorId: m.vendorId, memberId: m.memberId },
              ConditionExpression: '#role = :teamRole AND #status = :active AND userId = :userId',
              ExpressionAttributeNames: { '#role': 'role', '#status': 'status' },
              ExpressionAttributeValues: { ':teamRole': m.role, ':active': 'active', ':userId': m.userId },
            },
          },
          {
            Update: {
              TableName: tableName('vendors'),
              Key: { userId: m.userId },
              UpdateExpression: 'SET membership.#role = :teamRole, updatedAt = :at',
              ConditionExpression: 'membership.memberId = :memberId AND membership.vendorId = :vendorId AND membership.#role = :accessRole',
              ExpressionAttributeNames: { '#role': 'role' },
              ExpressionAttributeValues: { ':teamRole': m.role, ':accessRole': accessRole, ':memberId': m.memberId, ':vendorId': m.vendorId, ':at': at },
            },
          },
        ],
      }),
    );
    return true;
  } catch (err) {
    if (err instanceof TransactionCanceledException) return false;
    throw err;
  }
}

export async function checkMemberRoles(opts: { repair: boolean; vendorId?: string }, now = new Date()): Promise<RoleCheckReport> {
  const report: RoleCheckReport = { checked: 0, mismatches: [], detached: [], raced: 0 };
  for await (const page of memberPages(opts.vendorId)) {
    for (const m of page) {
      if (m.status !== 'active' || !m.userId) continue;
      report.checked += 1;
      const member = { ...m, userId: m.userId };
      const item = await getUserRecord(m.userId);
      const membership = item && isMembershipRecord(item) ? item.membership : undefined;
      if (!membership || membership.memberId !== m.memberId || membership.vendorId !== m.vendorId) {
        report.detached.push({ vendorId: m.vendorId, memberId: m.memberId, userId: m.userId, email: m.email });
        continue;
      }
      if (membership.role === m.role) continue;
      const repaired = opts.repair ? await repair(member, membership.role, now.toISOString()) : false;
      if (opts.repair && !repaired) report.raced += 1;
      report.mismatches.push({ vendorId: m.vendorId, memberId: m.memberId, userId: m.userId, email: m.email, teamRole: m.role, accessRole: membership.role, repaired });
    }
  }
  return report;
}
