/**
 * The vendor's default low-stock level (issue 15), through the local API server on DynamoDB Local:
 * GET/PUT /api/inventory/settings, the products following the default flagged and unflagged when it
 * changes (the "Low stock" filter shows them, no notification for it), the restock run following it, a
 * concurrent change answered 409,
 * bad bodies 400; and the re-evaluation timed over 2,000 products.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { InventoryPage, ProductView } from '../../contracts/listings/model';
import { createdProduct, listingsVendor, products, type ListingsVendor } from '../lambdas/listings/stack-fixtures';
import { completeContent, IDENTITY } from '../lambdas/listings/fixtures';
import { api, useTestStackEnv } from '../support/auth';

let vendor: ListingsVendor;
beforeAll(async () => {
  useTestStackEnv();
  vendor = await listingsVendor('lowdefault', 'Default Level Foods');
});

const settings = {
  get: (token: string) => api('/api/inventory/settings', { token }),
  put: (token: string, body: unknown) => api('/api/inventory/settings', { method: 'PUT', token, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
};
const offerBody = (o: Record<string, unknown>) => ({ price: '12.50', compareAtPrice: '', outOfStock: false, ...o });
const lowIds = async () => ((await products.inventory(vendor.token, '?stock=low')).body as InventoryPage).items.map((r) => r.productId).sort();
const stockLowNotices = async () =>
  ((await api('/api/notifications', { token: vendor.token })).body as { items: { type: string; params: { productId?: string } }[] }).items.filter((n) => n.type === 'stock_low');

async function published(name: string, inventory: number, lowStockThreshold = ''): Promise<ProductView> {
  const p = await createdProduct(vendor, true, { nameEn: name });
  const { reviewProduct } = await import('../../lambdas/listings/review');
  await reviewProduct({ productId: p.productId, decision: 'approve' }, { userId: 'cli:test', email: 'cli:test' });
  const res = await products.offer(vendor.token, p.productId, offerBody({ inventory: String(inventory), lowStockThreshold }));
  expect(res.status).toBe(200);
  return res.body as ProductView;
}

describe('the default low-stock level', () => {
  it('starts at 5; changing it flags and unflags exactly the products following it, without a notification; a stale change is 409', async () => {
    expect(await settings.get(vendor.token)).toEqual({ status: 200, body: { lowStockDefault: 5 } });
    const three = await published('Default Three', 3);
    const eight = await published('Default Eight', 8);
    const fifteen = await published('Default Fifteen', 15);
    const ownTwo = await published('Own Threshold Eight', 8, '2');
    expect(await lowIds()).toEqual([three.productId]);
    const noticesBefore = (await stockLowNotices()).length;

    const raised = await settings.put(vendor.token, { lowStockDefault: 10, expected: 5 });
    expect(raised).toEqual({ status: 200, body: { lowStockDefault: 10, reevaluated: 1 } });
    expect(await lowIds()).toEqual([three.productId, eight.productId].sort());
    // The product's own view says so too; its own threshold keeps the other one out.
    expect((await products.get(vendor.token, eight.productId)).body).toMatchObject({ offer: { lowStock: true, lowStockThreshold: null } });
    expect((await products.get(vendor.token, ownTwo.productId)).body).toMatchObject({ offer: { lowStock: false, lowStockThreshold: 2 } });
    const row = ((await products.inventory(vendor.token, '?q=Default%20Eight')).body as InventoryPage).items[0];
    expect(row).toMatchObject({ productId: eight.productId, lowStock: true });
    // Moving the line is not a crossing: no stock_low notification.
    expect(await stockLowNotices()).toHaveLength(noticesBefore);

    // Another tab still saw 5: refused, nothing changed.
    const stale = await settings.put(vendor.token, { lowStockDefault: 20, expected: 5 });
    expect(stale).toMatchObject({ status: 409, body: { error: 'low_stock_default_changed' } });
    expect(await settings.get(vendor.token)).toMatchObject({ body: { lowStockDefault: 10 } });
    expect(await lowIds()).toEqual([three.productId, eight.productId].sort());

    // 0: no warnings for products without their own level.
    expect(await settings.put(vendor.token, { lowStockDefault: 0, expected: 10 })).toEqual({ status: 200, body: { lowStockDefault: 0, reevaluated: 2 } });
    expect(await lowIds()).toEqual([]);

    // Offer changes follow the default: 0 left is low at 0, with its one notification (threshold 0).
    await products.offer(vendor.token, fifteen.productId, offerBody({ inventory: '1' }));
    expect(await lowIds()).toEqual([]);
    await products.offer(vendor.token, fifteen.productId, offerBody({ inventory: '0' }));
    expect(await lowIds()).toEqual([fifteen.productId]);
    expect((await stockLowNotices()).filter((n) => n.params.productId === fifteen.productId)).toEqual([
      expect.objectContaining({ params: expect.objectContaining({ inventory: 0, threshold: 0 }) }),
    ]);
  });

  it('refuses bad bodies with 400 and the field, changing nothing', async () => {
    const before = ((await settings.get(vendor.token)).body as { lowStockDefault: number }).lowStockDefault;
    for (const bad of [{ lowStockDefault: -1, expected: before }, { lowStockDefault: 100_001, expected: before }, { lowStockDefault: 2.5, expected: before }, { lowStockDefault: '7', expected: before }]) {
      const res = await settings.put(vendor.token, bad);
      expect(res).toMatchObject({ status: 400, body: { error: expect.any(String), fields: { lowStockDefault: 'listing_error_low_stock_default' } } });
    }
    expect(await settings.put(vendor.token, { lowStockDefault: 7 })).toMatchObject({ status: 400, body: { fields: { expected: expect.any(String) } } });
    expect((await settings.put(vendor.token, { lowStockDefault: 7, expected: before, extra: 1 })).status).toBe(400);
    expect(await settings.get(vendor.token)).toMatchObject({ body: { lowStockDefault: before } });
  });

  it('the restock run follows the default: a product coming back under it is low, with one notice naming it', async () => {
    const before = ((await settings.get(vendor.token)).body as { lowStockDefault: number }).lowStockDefault;
    expect((await settings.put(vendor.token, { lowStockDefault: 10, expected: before })).status).toBe(200);
    const p = await published('Default Restock', 30);
    const { marketplaceDay, addDays, startOfDay } = await import('../../lambdas/shared/dates');
    const tomorrow = addDays(marketplaceDay(new Date()), 1);
    expect((await products.offer(vendor.token, p.productId, offerBody({ inventory: '7', outOfStock: true, restockOn: tomorrow }))).status).toBe(200);
    expect(await lowIds()).not.toContain(p.productId);
    const { runRestock } = await import('../../lambdas/listings/restock');
    await runRestock(new Date(startOfDay(tomorrow).getTime() + 12 * 3_600_000));
    expect(await lowIds()).toContain(p.productId);
    expect((await stockLowNotices()).filter((n) => n.params.productId === p.productId)).toEqual([
      expect.objectContaining({ params: expect.objectContaining({ inventory: 7, threshold: 10 }) }),
    ]);
  });

  it('re-evaluates 2,000 products in the range (timed)', async () => {
    const big = await listingsVendor('lowdefault-big', 'Default Level Bulk Foods');
    const { approveRevision, newProduct, withIndexes } = await import('../../lambdas/listings/product-states');
    const { dynamo } = await import('../../lambdas/shared/clients');
    const { tableName } = await import('../../lambdas/shared/tables');
    const now = new Date().toISOString();
    // Stock 1..2,000, published, on sale, following the default (5): written straight into the table.
    const items = Array.from({ length: 2_000 }, (_, i) => {
      const id = `P-${String(i).padStart(10, '0')}`;
      const draft = newProduct({ vendorId: big.vendorId, productId: id, sku: `${big.vendorId}-${i}`, identityId: IDENTITY, content: completeContent(), submit: true, now });
      return withIndexes({ ...approveRevision(draft, 'ops', now), inventory: i + 1 });
    });
    for (let i = 0; i < items.length; i += 25) {
      await dynamo.send(new BatchWriteCommand({ RequestItems: { [tableName('products')]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) } }));
    }
    const started = performance.now();
    const raised = await settings.put(big.token, { lowStockDefault: 2_000, expected: 5 });
    const ms = performance.now() - started;
    console.log(`re-evaluating 1,995 of 2,000 products (default 5 -> 2000) took ${Math.round(ms)} ms`);
    expect(raised).toEqual({ status: 200, body: { lowStockDefault: 2_000, reevaluated: 1_995 } });
    const low = (await products.inventory(big.token, '?stock=low&limit=10')).body as InventoryPage;
    expect(low.total).toBe(2_000);
  }, 300_000);
});
