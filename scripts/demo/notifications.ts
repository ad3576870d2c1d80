/**
 * A few notifications for the demo vendor (issue 12), so the inbox and the header's badge are not
 * empty on a fresh start: three unread (a product rejected with two reasons, a payout paid, a support
 * reply) and one read. Written in the inbox's item layout (lambdas/notifications/inbox-store.ts), with
 * the STATE item's unread count in the same transaction. Only when the vendor has no STATE item yet:
 * a kept portal keeps whatever the vendor read or received since.
 */
import { GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { notificationCategory, notificationParams, type NotificationParams, type NotificationType } from '../../contracts/notifications';
import { inboxItemKey } from '../../lambdas/notifications/inbox-store';
import { STATE_SK } from '../../lambdas/notifications/model';
import { dynamo } from '../../lambdas/shared/clients';
import { tableName } from '../../lambdas/shared/tables';
import { demoProducts } from './products';

interface DemoNotification<T extends NotificationType = NotificationType> {
  type: T;
  params: NotificationParams<T>;
  link: string;
  hoursAgo: number;
  read?: true;
}

const demo = <T extends NotificationType>(n: DemoNotification<T>): DemoNotification => n as unknown as DemoNotification;

/** The demo catalogue's rejected product (scripts/demo/products.ts): its notification names it and its reasons. */
const rejectedDemo = demoProducts.find((p) => p.fate === 'rejected')!;

export function demoNotifications(vendorId: string, rejectedProductId: string | null): DemoNotification[] {
  return [
    demo({
      type: 'application_approved',
      params: { vendorId, businessName: 'Golden Harvest Foods' },
      link: '/dashboard',
      hoursAgo: 24 * 20,
      read: true,
    }),
    demo({
      type: 'payout_paid',
      params: { payoutId: `P-${vendorId}-demo`, period: periodBefore(new Date()), amountCents: 48_250, feeCents: 100, paidCents: 48_150 },
      link: '/payouts',
      hoursAgo: 30,
    }),
    demo({
      type: 'support_reply',
      params: { caseId: 'SC-DEMO-0001', message: 'Thanks for asking: payouts run on the 15th and the last day of each month.' },
      link: '/dashboard',
      hoursAgo: 6,
    }),
    demo({
      type: 'product_rejected',
      params: { productId: rejectedProductId ?? 'P-DEMO', productName: rejectedDemo.values.nameEn, reasons: [...rejectedDemo.rejectionReasons!] },
      link: rejectedProductId ? `/products/${rejectedProductId}/edit` : '/products?tab=rejected',
      hoursAgo: 2,
    }),
  ];
}

/** The last payout period closed before `now` (its first half from the 16th on, else the previous month's second half). */
function periodBefore(now: Date): string {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth() + 1;
  if (now.getUTCDate() > 15) return `${y}-${String(m).padStart(2, '0')}-1`;
  const prev = new Date(Date.UTC(y, m - 2, 1));
  return `${prev.getUTCFullYear()}-${String(prev.getUTCMonth() + 1).padStart(2, '0')}-2`;
}

/** Seeds the demo notifications once; returns how many it wrote (0 on a kept portal). */
export async function seedDemoNotifications(vendorId: string, now = new Date()): Promise<number> {
  const table = tableName('notifications');
  const state = await dynamo.send(new GetCommand({ TableName: table, Key: { vendorId, sk: STATE_SK } }));
  if (state.Item) return 0;
  const items = demoNotifications(vendorId, await rejectedProductId(vendorId)).map((n, i) => {
    notificationParams[n.type].parse(n.params);
    const createdAt = new Date(now.getTime() - n.hoursAgo * 3_600_000).toISOString();
    const id = `demo-${i + 1}`;
    return {
      ...inboxItemKey(vendorId, createdAt, id),
      id,
      type: n.type,
      category: notificationCategory[n.type],
      createdAt,
      params: n.params,
      link: n.link,
      ...(n.read ? { readAt: createdAt } : {}),
    };
  });
  const unread = items.filter((i) => !('readAt' in i)).length;
  await dynamo.send(
    new TransactWriteCommand({
      TransactItems: [
        ...items.map((Item) => ({ Put: { TableName: table, Item } })),
        // Not over a STATE written meanwhile (a real notification arriving first wins).
        { Put: { TableName: table, Item: { vendorId, sk: STATE_SK, unread }, ConditionExpression: 'attribute_not_exists(sk)' } },
      ],
    }),
  );
  return items.length;
}

/** The demo vendor's rejected product (the products table's `byVendorRevision` index), if seeded. */
async function rejectedProductId(vendorId: string): Promise<string | null> {
  const out = await dynamo.send(
    new QueryCommand({
      TableName: tableName('products'),
      IndexName: 'byVendorRevision',
      KeyConditionExpression: 'revisionTab = :tab',
      ExpressionAttributeValues: { ':tab': `${vendorId}#rejected` },
      Limit: 1,
    }),
  );
  const id = out.Items?.[0]?.productId;
  return typeof id === 'string' ? id : null;
}
