/**
 * Stock that behaves (issue 15), through the local API server on DynamoDB Local: the restock run
 * (the scheduled Lambda's module, and the local stack's schedule of it) putting a product out of
 * stock until a day back on sale with the stock its vendor set; an edit on a version the product has
 * left answered 409 with the current offer; one low-stock notification per crossing and the low-stock
 * filter; and the inventory paged through its indexes, every product exactly once.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { InventoryPage, ProductView } from '../../contracts/listings/model';
import { createdProduct, listingsVendor, products, type ListingsVendor } from '../lambdas/listings/stack-fixtures';
import { api, useTestStackEnv } from '../support/auth';

let vendor: ListingsVendor;
beforeAll(async () => {
  useTestStackEnv();
  vendor = await listingsVendor('stock', 'Stock Rules Foods');
});

const get = async (id: string) => (await products.get(vendor.token, id)).body as ProductView;
const offerOf = async (id: string) => (await get(id)).offer;
const body = (o: Record<string, unknown>) => ({ price: '12.50', compareAtPrice: '', inventory: '10', outOfStock: false, ...o });

async function published(name: string): Promise<ProductView> {
  const p = await createdProduct(vendor, true, { nameEn: name });
  const { reviewProduct } = await import('../../lambdas/listings/review');
  await reviewProduct({ productId: p.productId, decision: 'approve' }, { userId: 'cli:test', email: 'cli:test' });
  return get(p.productId);
}

async function marketplaceDays(): Promise<{ today: string; tomorrow: string; noonOf(day: string): Date }> {
  const { marketplaceDay, addDays, startOfDay } = await import('../../lambdas/shared/dates');
  const today = marketplaceDay(new Date());
  return { today, tomorrow: addDays(today, 1), noonOf: (day) => new Date(startOfDay(day).getTime() + 12 * 3_600_000) };
}

describe('out of stock until a day', () => {
  it('shows out of stock until then, and the restock run puts it back on sale on that day with the stock set', async () => {
    const p = await createdProduct(vendor, false, { nameEn: 'Winter Melon Tea' });
    const { today, tomorrow, noonOf } = await marketplaceDays();
    // Today is not "until": the day must still come.
    const early = await products.offer(vendor.token, p.productId, body({ outOfStock: true, restockOn: today }));
    expect(early).toMatchObject({ status: 400, body: { fields: { restockOn: 'listing_error_restock_past' } } });

    const set = await products.offer(vendor.token, p.productId, body({ outOfStock: true, inventory: '24', restockOn: tomorrow, version: p.offer.version }));
    expect(set.status).toBe(200);
    expect(await offerOf(p.productId)).toMatchObject({ outOfStock: true, inventory: 24, restockOn: tomorrow });
    const row = ((await products.inventory(vendor.token, '?q=Winter%20Melon')).body as InventoryPage).items[0];
    expect(row).toMatchObject({ productId: p.productId, outOfStock: true, restockOn: tomorrow });

    const { runRestock } = await import('../../lambdas/listings/restock');
    const notYet = await runRestock(new Date());
    expect(notYet.day).toBe(today);
    expect((await offerOf(p.productId)).outOfStock).toBe(true);

    const run = await runRestock(noonOf(tomorrow));
    expect(run.restocked).toBeGreaterThanOrEqual(1);
    expect(run.failed).toBe(0);
    const back = await offerOf(p.productId);
    expect(back).toMatchObject({ outOfStock: false, inventory: 24, restockOn: null });
    // A second run finds nothing of ours: the product left the restock index.
    const again = await runRestock(noonOf(tomorrow));
    expect(await offerOf(p.productId)).toEqual(back);
    expect(again.failed).toBe(0);
  });

  it('the local stack’s schedule runs the restock Lambda’s module: a product whose day is today comes back', async () => {
    const p = await createdProduct(vendor, false, { nameEn: 'Lychee Jelly' });
    const { tomorrow, today } = await marketplaceDays();
    await products.offer(vendor.token, p.productId, body({ outOfStock: true, inventory: '7', restockOn: tomorrow }));
    // A day passes: the stored day becomes today (the API accepts only days still to come), index attributes with it.
    const { dynamo } = await import('../../lambdas/shared/clients');
    const { tableName } = await import('../../lambdas/shared/tables');
    await dynamo.send(
      new UpdateCommand({
        TableName: tableName('products'),
        Key: { vendorId: vendor.vendorId, productId: p.productId },
        UpdateExpression: 'SET restockOn = :day, restockSort = :sort',
        ExpressionAttributeValues: { ':day': today, ':sort': `${today}#${vendor.vendorId}#${p.productId}` },
      }),
    );
    const { startRestockSchedule } = await import('../../scripts/local/schedules');
    const schedule = await startRestockSchedule({ log: () => undefined, everyMs: 3_600_000 });
    try {
      await schedule.runNow();
    } finally {
      await schedule.stop();
    }
    expect(await offerOf(p.productId)).toMatchObject({ outOfStock: false, inventory: 7, restockOn: null });
  });
});

describe('a stale edit', () => {
  it('is answered 409 offer_changed with the current values, and overwrites nothing', async () => {
    const p = await createdProduct(vendor, false, { nameEn: 'Taro Balls' });
    const opened = p.offer.version!;
    // Another tab (or a bulk upload) changes the stock first.
    expect((await products.offer(vendor.token, p.productId, body({ inventory: '31', version: opened }))).status).toBe(200);
    const stale = await products.offer(vendor.token, p.productId, body({ inventory: '5', price: '9.00', version: opened }));
    expect(stale).toMatchObject({ status: 409, body: { error: 'offer_changed', current: { inventory: 31, priceCents: 1250, version: opened + 1 } } });
    expect(await offerOf(p.productId)).toMatchObject({ inventory: 31, priceCents: 1250 });
  });
});

describe('low stock', () => {
  it('one notification when the stock falls to the threshold, none while it stays low; the filter lists it', async () => {
    const p = await published('Brown Sugar Syrup');
    const inbox = async () =>
      ((await api('/api/notifications', { token: vendor.token })).body as { items: { type: string; params: { productId?: string } }[] }).items.filter(
        (n) => n.type === 'stock_low' && n.params.productId === p.productId,
      );
    await products.offer(vendor.token, p.productId, body({ inventory: '40', lowStockThreshold: '8' }));
    expect(await inbox()).toHaveLength(0);
    await products.offer(vendor.token, p.productId, body({ inventory: '8', lowStockThreshold: '8' }));
    await products.offer(vendor.token, p.productId, body({ inventory: '2', lowStockThreshold: '8' }));
    expect(await inbox()).toEqual([expect.objectContaining({ type: 'stock_low', params: expect.objectContaining({ inventory: 8, threshold: 8 }) })]);
    const low = (await products.inventory(vendor.token, '?stock=low')).body as InventoryPage;
    expect(low.items.find((r) => r.productId === p.productId)).toMatchObject({ inventory: 2, lowStock: true, lowStockThreshold: 8 });
    // Restocked: it leaves the filter.
    await products.offer(vendor.token, p.productId, body({ inventory: '50', lowStockThreshold: '8' }));
    expect(((await products.inventory(vendor.token, '?stock=low')).body as InventoryPage).items.map((r) => r.productId)).not.toContain(p.productId);
  });
});

describe('the inventory through its indexes', () => {
  it('pages every sort in both directions, each product exactly once, with the total from the count', async () => {
    const own = await listingsVendor('stock.paging', 'Paging Foods');
    for (let i = 0; i < 7; i += 1) {
      const p = await createdProduct(own, false, { nameEn: `Paging Item ${i}`, price: `${10 + (i % 3)}.00` });
      await products.offer(own.token, p.productId, body({ inventory: String(i % 4), price: `${10 + (i % 3)}.00` }));
    }
    for (const sort of ['name', 'sku', 'price', 'inventory', 'updated']) {
      for (const order of ['asc', 'desc']) {
        const seen: string[] = [];
        let cursor: string | undefined;
        do {
          const page = (await products.inventory(own.token, `?sort=${sort}&order=${order}&limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`)).body as InventoryPage;
          expect(page.total).toBe(7);
          seen.push(...page.items.map((r) => r.productId));
          cursor = page.nextCursor;
        } while (cursor);
        expect(seen, `${sort} ${order}`).toHaveLength(7);
        expect(new Set(seen).size).toBe(7);
      }
    }
    const names = ((await products.inventory(own.token, '?sort=name&limit=10')).body as InventoryPage).items.map((r) => r.nameEn);
    expect(names).toEqual([...names].sort());
  });
});

describe('npm run products:backfill-stock', () => {
  it('gives a product written before the inventory indexes its attributes, so the default order lists it; a second run changes nothing', async () => {
    const own = await listingsVendor('stock.backfill', 'Backfill Foods');
    const p = await createdProduct(own, false, { nameEn: 'Old Style Soy Sauce' });
    const { dynamo } = await import('../../lambdas/shared/clients');
    const { tableName } = await import('../../lambdas/shared/tables');
    // As written before issue 15: no name sort key, no search text.
    await dynamo.send(
      new UpdateCommand({ TableName: tableName('products'), Key: { vendorId: own.vendorId, productId: p.productId }, UpdateExpression: 'REMOVE nameSort, searchText' }),
    );
    const listed = async () => ((await products.inventory(own.token)).body as InventoryPage).items.map((r) => r.productId);
    expect(await listed()).toEqual([]);
    const { backfillStockIndexes } = await import('../../lambdas/listings/stock-backfill');
    expect((await backfillStockIndexes({ dryRun: true })).updated).toBeGreaterThanOrEqual(1);
    expect(await listed()).toEqual([]);
    const report = await backfillStockIndexes({ dryRun: false });
    expect(report.updated).toBeGreaterThanOrEqual(1);
    expect(await listed()).toEqual([p.productId]);
    expect((await get2(own, p.productId)).offer.version).toBe(p.offer.version);
    expect((await backfillStockIndexes({ dryRun: false })).updated).toBe(0);
  });
});

const get2 = async (v: ListingsVendor, id: string) => (await products.get(v.token, id)).body as ProductView;
