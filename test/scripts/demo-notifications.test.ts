import { beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { DynamoDBDocumentClient, GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { notificationCategory, notificationParams, type NotificationType } from '../../contracts/notifications';
import { seedDemoNotifications } from '../../scripts/demo/notifications';

process.env.NOTIFICATIONS_TABLE = 'notifications-test';
process.env.PRODUCTS_TABLE = 'products-test';
const ddb = mockClient(DynamoDBDocumentClient);
const NOW = new Date('2026-11-24T12:00:00.000Z');

beforeEach(() => {
  ddb.reset();
  ddb.on(QueryCommand).resolves({ Items: [{ productId: 'P-REJECTED1' }] });
  ddb.on(TransactWriteCommand).resolves({});
});

describe('the demo vendor’s notifications (npm start)', () => {
  it('writes four inbox items in the inbox layout, three unread, with the count in the same transaction', async () => {
    ddb.on(GetCommand).resolves({});
    expect(await seedDemoNotifications('V-10001', NOW)).toBe(4);
    const puts = ddb.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems!.map((t) => t.Put!);
    const items = puts.filter((p) => p.Item!.sk !== 'STATE').map((p) => p.Item!);
    expect(puts.find((p) => p.Item!.sk === 'STATE')).toMatchObject({ Item: { vendorId: 'V-10001', sk: 'STATE', unread: 3 }, ConditionExpression: 'attribute_not_exists(sk)' });
    for (const item of items) {
      expect(item.sk).toBe(`N#${item.createdAt}#${item.id}`);
      expect(item.category).toBe(notificationCategory[item.type as NotificationType]);
      expect(notificationParams[item.type as NotificationType].safeParse(item.params).success).toBe(true);
      expect(item.link).toMatch(/^\//);
    }
    expect(items.filter((i) => !i.readAt)).toHaveLength(3);
    const rejected = items.find((i) => i.type === 'product_rejected')!;
    expect(rejected).toMatchObject({ link: '/products/P-REJECTED1/edit', params: { productId: 'P-REJECTED1', productName: 'Pure Black Sesame Oil' } });
    expect((rejected.params as { reasons: string[] }).reasons).toHaveLength(2);
    expect(items.find((i) => i.type === 'payout_paid')!.params).toMatchObject({ period: '2026-11-1' });
  });

  it('leaves a vendor that already has an inbox alone', async () => {
    ddb.on(GetCommand).resolves({ Item: { vendorId: 'V-10001', sk: 'STATE', unread: 0 } });
    expect(await seedDemoNotifications('V-10001', NOW)).toBe(0);
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });
});
