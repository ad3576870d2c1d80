/**
 * The demo vendor's team (issue 14): every demo account with `member` becomes a member of Golden
 * Harvest Foods (V-10001) with its role — the member record and the membership item, as accepting an
 * invitation writes them (lambdas/team/store.ts). Idempotent: an existing member is left as it is
 * (a role an owner changed in the portal stays changed).
 */
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../lambdas/shared/clients';
import { tableName } from '../../lambdas/shared/tables';
import { memberIdFor, type MemberRecord } from '../../lambdas/team/store';
import type { MembershipRecord } from '../../lambdas/shared/vendors';
import { demoAccounts, type DemoAccount } from './accounts';

export async function seedDemoTeam(shop: typeof demoAccounts.approved, userIds: Map<DemoAccount, string>): Promise<void> {
  const holderUserId = userIds.get(shop)!;
  const vendorId = shop.vendor.vendorId;
  for (const account of Object.values(demoAccounts) as DemoAccount[]) {
    if (!account.member) continue;
    const userId = userIds.get(account)!;
    const at = new Date().toISOString();
    const memberId = memberIdFor(vendorId, account.email);
    const member: MemberRecord = { vendorId, memberId, email: account.email, role: account.member.role, status: 'active', holderUserId, userId, invitedAt: at, invitedBy: shop.email, joinedAt: at, updatedAt: at };
    const membership: MembershipRecord = { userId, email: account.email, membership: { holderUserId, vendorId, memberId, role: account.member.role }, createdAt: at, updatedAt: at };
    try {
      await dynamo.send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: tableName('members'), Item: member, ConditionExpression: 'attribute_not_exists(memberId)' } },
            { Put: { TableName: tableName('vendors'), Item: membership, ConditionExpression: 'attribute_not_exists(userId)' } },
          ],
        }),
      );
    } catch (err) {
      if (!(err instanceof TransactionCanceledException)) throw err;
    }
  }
}
