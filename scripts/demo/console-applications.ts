/**
 * The ops console's Vendor applications and Vendors screens on `npm start` (issue 13): besides the demo
 * pending vendor (accounts.ts), two more applicants waiting since different times (real Cognito users,
 * so approving them in the console works end to end), and the directory's search keys on every vendor
 * record of a kept portal that predates them. Idempotent: a second run adds nothing.
 */
import { ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../lambdas/shared/clients';
import { tableName } from '../../lambdas/shared/tables';
import { createVendorIfAbsent, directoryKeys, isMembershipRecord, type UserRecord } from '../../lambdas/shared/vendors';
import { DEMO_PASSWORD, type DemoAccount } from './accounts';

/** seed.ts's `ensureUser` on the pool being seeded: the Cognito user of an account, created when missing; its sub. */
export type EnsureUser = (account: Pick<DemoAccount, 'email' | 'password'> & { vendor: { vendorName: string; status: 'pending' } }) => Promise<string>;

/** Extra applicants of the demo (not part of the accounts contract: tests do not rely on them). */
export const CONSOLE_APPLICANTS = [
  { email: 'harbor.fresh@example.com', vendorName: 'Harbor Fresh Seafood', language: 'en', waitingHours: 52 },
  { email: 'alishan.tea@example.com', vendorName: '阿里山茶園 Alishan Tea Garden', language: 'zh-TW', waitingHours: 5 },
] as const;

export async function seedConsoleApplications(ensureUser: EnsureUser): Promise<void> {
  await backfillDirectoryKeys();
  for (const applicant of CONSOLE_APPLICANTS) {
    const userId = await ensureUser({ email: applicant.email, password: DEMO_PASSWORD, vendor: { vendorName: applicant.vendorName, status: 'pending' } });
    const since = new Date(Date.now() - applicant.waitingHours * 3_600_000).toISOString();
    await createVendorIfAbsent({ userId, email: applicant.email, status: 'pending', vendorName: applicant.vendorName, language: applicant.language, createdAt: since, updatedAt: since });
  }
}

/**
 * Gives the directory's search keys to vendor records written before them (a kept local portal);
 * team members' membership items in the same table are left alone. A
 * scan, which is fine for a local seed of a few records; a deployed stack runs the same once
 * (docs/operations.md).
 */
export async function backfillDirectoryKeys(): Promise<number> {
  let updated = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await dynamo.send(
      new ScanCommand({ TableName: tableName('vendors'), FilterExpression: 'attribute_not_exists(#directory)', ExpressionAttributeNames: { '#directory': 'directory' }, ...(start ? { ExclusiveStartKey: start } : {}) }),
    );
    for (const item of (page.Items ?? []) as UserRecord[]) {
      // A team member's membership item (issue 14) shares the table but is no vendor: not in the directory.
      if (isMembershipRecord(item)) continue;
      const keys = directoryKeys(item);
      await dynamo.send(
        new UpdateCommand({
          TableName: tableName('vendors'),
          Key: { userId: item.userId },
          UpdateExpression: 'SET #directory = :directory, nameKey = :nameKey, emailKey = :emailKey',
          ConditionExpression: 'attribute_exists(userId)',
          ExpressionAttributeNames: { '#directory': 'directory' },
          ExpressionAttributeValues: { ':directory': keys.directory, ':nameKey': keys.nameKey, ':emailKey': keys.emailKey },
        }),
      );
      updated += 1;
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return updated;
}
