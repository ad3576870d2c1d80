/**
 * A few activity log entries for the demo vendor (issue 14), so the Activity page is not empty on a
 * fresh start: the payout method set, products submitted for review, a price, a stock and an
 * out-of-stock change, by the owner (the demo vendor's own user). Written with activityWrite
 * (lambdas/activity/record.ts), dated in the last days. Only when the vendor's log is empty: a kept
 * portal keeps what the vendor did since, and a restart adds nothing.
 */
import { QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { activityWrite, type ActivityEvent } from '../../lambdas/activity/record';
import { catalogueRows } from '../../lambdas/listings/store';
import { dynamo } from '../../lambdas/shared/clients';
import { tableName } from '../../lambdas/shared/tables';

const HOUR = 3_600_000;

export async function seedDemoActivity(vendorId: string, owner: { userId: string; email: string }, now = new Date()): Promise<void> {
  const existing = await dynamo.send(
    new QueryCommand({ TableName: tableName('activity'), KeyConditionExpression: 'vendorId = :v', ExpressionAttributeValues: { ':v': vendorId }, Limit: 1 }),
  );
  if (existing.Items?.length) return;
  const rows = await catalogueRows(vendorId);
  const product = (nameEn: string) => {
    const row = rows.find((r) => r.nameEn.startsWith(nameEn));
    return row ? { type: 'product', id: row.productId, label: row.nameEn } : null;
  };
  const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * HOUR);
  const events: ActivityEvent[] = [{ vendorId, actor: owner, action: 'payout_method.changed', target: { type: 'payout_method', id: 'PA-DEMO' }, after: { method: 'email', destination: 'd***@example.com' }, at: at(24 * 6) }];
  const oolong = product('High Mountain Oolong');
  const soy = product('Naturally Brewed');
  const noodles = product('Braised Beef');
  if (oolong) {
    events.push(
      { vendorId, actor: owner, action: 'product.submitted', target: oolong, at: at(24 * 5) },
      { vendorId, actor: owner, action: 'product.price_changed', target: oolong, before: { priceCents: 1990 }, after: { priceCents: 1850 }, at: at(26) },
      { vendorId, actor: owner, action: 'product.stock_changed', target: oolong, before: { inventory: 40 }, after: { inventory: 120 }, at: at(25) },
    );
  }
  if (soy) events.push({ vendorId, actor: owner, action: 'product.submitted', target: soy, at: at(5) });
  if (noodles) events.push({ vendorId, actor: owner, action: 'product.stock_changed', target: noodles, before: { outOfStock: false }, after: { outOfStock: true }, at: at(3) });
  await dynamo.send(new TransactWriteCommand({ TransactItems: events.map(activityWrite) }));
}
