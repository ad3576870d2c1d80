/**
 * The vendor's default low-stock level (issue 15), through the local API server on DynamoDB Local:
 * GET/PUT /api/inventory/settings, the products following the default flagged and unflagged when it
 * changes (the "Low stock" filter shows them, no notification for it), the restock run following it, a
 * concurrent change answered 409,
 * bad bodies 400; and the re-evaluation timed over 2,000 products.
 *
 * Since issue 16 the re-check runs in the background (lambdas/listings/low-stock-recheck.ts): the PUT
 * answers it `running`, the tests wait for GET to say `done`. The test stack runs it in batches of 100
 * (LOW_STOCK_RECHECK_BATCH, test/support/global-setup.ts), so the large ones take many messages.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { InventoryPage, ProductView } from '../../contracts/listings/model';
import type { InventorySettings } from '../../contracts/listings/answers';
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

/** Polls GET settings until the latest re-check is done; its answer. */
async function recheckDone(token: string, timeoutMs = 120_000): Promise<InventorySettings & { recheck: NonNullable<InventorySettings['recheck']> }> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await settings.get(token);
    expect(res.status).toBe(200);
    const body = res.body as InventorySettings;
    if (body.recheck?.status === 'done') return body as InventorySettings & { recheck: NonNullable<InventorySettings['recheck']> };
    if (Date.now() > until) throw new Error(`The re-check did not finish in ${timeoutMs} ms: ${JSON.stringify(body)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const running = { status: 'running', checked: 0, changed: 0, startedAt: expect.any(String) };

/** `count` products with stock 1..count, published, on sale, following the default: written straight into the table. */
async function seedStockRange(v: ListingsVendor, count: number): Promise<void> {
  const { approveRevision, newProduct, withIndexes } = await import('../../lambdas/listings/product-states');
  const { dynamo } = await import('../../lambdas/shared/clients');
  const { tableName } = await import('../../lambdas/shared/tables');
  const now = new Date().toISOString();
  const items = Array.from({ length: count }, (_, i) => {
    const id = `P-${String(i).padStart(10, '0')}`;
    const draft = newProduct({ vendorId: v.vendorId, productId: id, sku: `${v.vendorId}-${i}`, identityId: IDENTITY, content: completeContent(), submit: true, now });
    return withIndexes({ ...approveRevision(draft, 'ops', now), inventory: i + 1 });
  });
  for (let i = 0; i < items.length; i += 25) {
    await dynamo.send(new BatchWriteCommand({ RequestItems: { [tableName('products')]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) } }));
  }
}

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
    expect(raised).toEqual({ status: 200, body: { lowStockDefault: 10, recheck: running } });
    expect(await recheckDone(vendor.token)).toEqual({ lowStockDefault: 10, recheck: expect.objectContaining({ status: 'done', changed: 1, finishedAt: expect.any(String) }) });
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
    expect(await settings.put(vendor.token, { lowStockDefault: 0, expected: 10 })).toEqual({ status: 200, body: { lowStockDefault: 0, recheck: running } });
    expect((await recheckDone(vendor.token)).recheck).toMatchObject({ status: 'done', changed: 2 });
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
    await recheckDone(vendor.token);
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

  it('re-evaluates 2,000 products in the range in the background, batch after batch; the PUT answers at once (timed)', async () => {
    const big = await listingsVendor('lowdefault-big', 'Default Level Bulk Foods');
    await seedStockRange(big, 2_000);
    const started = performance.now();
    const raised = await settings.put(big.token, { lowStockDefault: 2_000, expected: 5 });
    const putMs = performance.now() - started;
    expect(raised).toEqual({ status: 200, body: { lowStockDefault: 2_000, recheck: running } });
    // The inline re-check took ~6 s for these; the PUT now only saves and sends.
    expect(putMs).toBeLessThan(2_000);
    const done = await recheckDone(big.token);
    const jobMs = performance.now() - started;
    console.log(`PUT answered in ${Math.round(putMs)} ms; re-evaluating 1,995 of 2,000 products (default 5 -> 2000, batches of 100) took ${Math.round(jobMs)} ms`);
    // Stock 6..2,000: 1,995 index entries read in 20 batches, every one of them changed.
    expect(done.recheck).toMatchObject({ status: 'done', checked: 1_995, total: 1_995, changed: 1_995 });
    const low = (await products.inventory(big.token, '?stock=low&limit=10')).body as InventoryPage;
    expect(low.total).toBe(2_000);
  }, 300_000);

  it('a later change supersedes a running re-check: the flags end up exactly those of the last level', async () => {
    const v = await listingsVendor('lowdefault-supersede', 'Default Level Change Foods');
    await seedStockRange(v, 600);
    // 5 -> 600 (stock 6..600 to flag, 6 batches of 100: over a second here), at once 600 -> 300 (stock
    // 301..600 to unflag again), sent as soon as the first answer is back: the first job is still running.
    const first = await settings.put(v.token, { lowStockDefault: 600, expected: 5 });
    expect(first).toMatchObject({ status: 200, body: { lowStockDefault: 600, recheck: running } });
    const second = await settings.put(v.token, { lowStockDefault: 300, expected: 600 });
    expect(second).toMatchObject({ status: 200, body: { lowStockDefault: 300, recheck: running } });
    const done = await recheckDone(v.token);
    // The latest re-check is the second one, over the first one's range too (6..600).
    expect(done.recheck.startedAt).toBe((second.body as InventorySettings).recheck!.startedAt);
    expect(done.recheck).toMatchObject({ status: 'done', checked: 595, total: 595 });
    expect(done.lowStockDefault).toBe(300);
    const low = (await products.inventory(v.token, '?stock=low&limit=10&sort=inventory&order=desc')).body as InventoryPage;
    expect(low.total).toBe(300);
    expect(low.items.map((r) => r.inventory)).toEqual([300, 299, 298, 297, 296, 295, 294, 293, 292, 291]);
    // Stays so: nothing of the first re-check lands later.
    await new Promise((r) => setTimeout(r, 1_000));
    expect(((await products.inventory(v.token, '?stock=low&limit=1')).body as InventoryPage).total).toBe(300);
  }, 300_000);

  it('a message delivered twice does nothing the second time; a step saved but not sent on is sent by its redelivery', async () => {
    // The job's code in this process, with a queue that only records (SQS's redeliveries are played by hand).
    const v = await listingsVendor('lowdefault-twice', 'Default Level Twice Foods');
    await seedStockRange(v, 250);
    const { useRecheckQueue } = await import('../../lambdas/listings/recheck-queue');
    const { runRecheckStep } = await import('../../lambdas/listings/low-stock-recheck');
    const { changeLowStockDefault, lowStockSettings } = await import('../../lambdas/listings/stock-settings');
    type Message = Parameters<typeof runRecheckStep>[0];
    const sent: Message[] = [];
    let failNext = false;
    useRecheckQueue({
      async send(m) {
        if (failNext) {
          failNext = false;
          throw new Error('SQS unavailable');
        }
        sent.push(m);
      },
    });
    try {
      await changeLowStockDefault(v.vendorId, 250, 5);
      expect(sent).toEqual([expect.objectContaining({ vendorId: v.vendorId, step: 0 })]);
      const first = sent[0]!;
      await runRecheckStep(first, 100);
      expect((await lowStockSettings(v.vendorId)).recheck).toMatchObject({ status: 'running', checked: 100, changed: 100, total: 245 });
      expect(sent.map((m) => m.step)).toEqual([0, 1]);
      // The same message again: nothing read, written or sent.
      await runRecheckStep(first, 100);
      expect((await lowStockSettings(v.vendorId)).recheck).toMatchObject({ status: 'running', checked: 100, changed: 100 });
      expect(sent.map((m) => m.step)).toEqual([0, 1]);

      // Step 1 saved, but SQS refuses its next message: the worker fails (SQS will deliver step 1 again)...
      failNext = true;
      await expect(runRecheckStep(sent[1]!, 100)).rejects.toThrow('SQS unavailable');
      expect((await lowStockSettings(v.vendorId)).recheck).toMatchObject({ status: 'running', checked: 200, changed: 200 });
      expect(sent.map((m) => m.step)).toEqual([0, 1]);
      // ...and the redelivery sends step 2 instead of doing step 1 again.
      await runRecheckStep(sent[1]!, 100);
      expect(sent.map((m) => m.step)).toEqual([0, 1, 2]);
      expect((await lowStockSettings(v.vendorId)).recheck).toMatchObject({ status: 'running', checked: 200, changed: 200 });
      await runRecheckStep(sent[2]!, 100);
      await runRecheckStep(sent[2]!, 100);
      expect(sent.map((m) => m.step)).toEqual([0, 1, 2]);
      expect((await lowStockSettings(v.vendorId)).recheck).toMatchObject({ status: 'done', checked: 245, total: 245, changed: 245, finishedAt: expect.any(String) });
      expect(((await products.inventory(v.token, '?stock=low&limit=1')).body as InventoryPage).total).toBe(250);

      // The PUT's own first message refused by SQS: the level is saved and the answer says running...
      sent.length = 0;
      failNext = true;
      expect(await changeLowStockDefault(v.vendorId, 100, 250)).toMatchObject({ lowStockDefault: 100, recheck: { status: 'running' } });
      expect(sent).toEqual([]);
      // ...GET sends it again once it has been stalled a minute (not before), and the job goes on from there.
      const { lowStockSettingsOf } = await import('../../lambdas/listings/store');
      const { resumeStalledRecheck } = await import('../../lambdas/listings/low-stock-recheck');
      const stalled = (await lowStockSettingsOf(v.vendorId)).recheck!;
      expect(stalled).toMatchObject({ step: 0, sent: false });
      await lowStockSettings(v.vendorId);
      await resumeStalledRecheck(v.vendorId, stalled, Date.now() + 30_000);
      expect(sent).toEqual([]);
      await resumeStalledRecheck(v.vendorId, stalled, Date.now() + 61_000);
      expect(sent).toEqual([{ vendorId: v.vendorId, recheckId: stalled.id, step: 0 }]);
      expect((await lowStockSettingsOf(v.vendorId)).recheck).toMatchObject({ step: 0, sent: true });
      for (let i = 0; i < sent.length; i += 1) await runRecheckStep(sent[i]!, 100);
      expect((await lowStockSettings(v.vendorId)).recheck).toMatchObject({ status: 'done', checked: 150, changed: 150 });
      expect(((await products.inventory(v.token, '?stock=low&limit=1')).body as InventoryPage).total).toBe(100);
    } finally {
      useRecheckQueue(undefined);
    }
  }, 120_000);
});
