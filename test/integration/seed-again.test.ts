/**
 * A second `npm start` on a kept portal seeds again. The directory backfill (issue 13) scanned the
 * `vendors` table for items without search keys and met the team member's membership item (issue 14),
 * which has no business name: the seed crashed and the stack did not start. On the test stack, seeded
 * as `npm start` seeds (the demo team's Inventory member included), the backfill runs again.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '../../scripts/demo/accounts';
import { useTestStackEnv } from '../support/auth';

beforeAll(() => useTestStackEnv());

describe('seeding a kept portal again', () => {
  it('leaves team members’ membership items alone and finds every vendor record already keyed', async () => {
    const { backfillDirectoryKeys } = await import('../../scripts/demo/console-applications');
    const { getUserRecord, isMembershipRecord } = await import('../../lambdas/shared/vendors');
    const { dynamo } = await import('../../lambdas/shared/clients');
    const { tableName } = await import('../../lambdas/shared/tables');
    const { ScanCommand } = await import('@aws-sdk/lib-dynamodb');

    const members = ((await dynamo.send(new ScanCommand({ TableName: tableName('vendors'), FilterExpression: 'attribute_exists(membership)' }))).Items ?? []) as { userId: string; email: string }[];
    const staff = members.find((m) => m.email === demoAccounts.staff.email);
    expect(staff, 'the demo team member is seeded').toBeDefined();
    const before = await getUserRecord(staff!.userId);

    await expect(backfillDirectoryKeys()).resolves.toBeTypeOf('number');

    const after = await getUserRecord(staff!.userId);
    expect(after).toEqual(before);
    expect(after && isMembershipRecord(after)).toBe(true);
    expect(after).not.toHaveProperty('directory');
  });
});
