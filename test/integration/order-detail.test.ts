import type { EventBridgeEvent } from 'aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OrderDetails, OrdersPage } from '../../contracts/order-answers';
import { api } from '../support/auth';
import { context } from '../lambdas/events';
import { approvedVendor, orderItem, putItems, type TestVendor } from './orders-fixtures';

/**
 * Issue 15, orders: one order's detail (GET /api/orders/{orderId}) with the status history the ingest
 * records, read under the caller's own vendor id; the search by order number. Against the local
 * test stack, orders arriving through the real ingest handler.
 */
let a: TestVendor;
let b: TestVendor;
let ingest: (event: unknown) => Promise<{ outcome: string }>;
const run = Date.now().toString(36);
const orderId = `od-${run}`;
const orderNumber = `MO-${run.toUpperCase()}-00042`;

const event = (revision: number, status: string, time: string) => ({
  version: '0',
  id: `${orderId}-${revision}`,
  'detail-type': revision === 1 ? 'order.placed' : 'order.status_changed',
  source: 'marketplace.orders',
  account: '111122223333',
  time,
  region: 'us-east-1',
  resources: [],
  detail: {
    orderId,
    orderNumber,
    vendorId: b.vendorId,
    placedAt: '2026-11-20T18:00:00Z',
    status,
    revision,
    lines: [
      { productId: 'P-1', sku: 'TEA-OOL', name: '烏龍茶 Oolong Tea', quantity: 3, unitPriceCents: 333 },
      { productId: 'P-2', sku: 'SOY-1', name: 'Soy Sauce', quantity: 1, unitPriceCents: 1 },
    ],
  },
});

beforeAll(async () => {
  [a, b] = [await approvedVendor('detail.a', 'Detail A Foods'), await approvedVendor('detail.b', 'Detail B Foods')];
  const { handler } = await import('../../lambdas/sales/ingest-handler');
  ingest = (e) => handler(e as EventBridgeEvent<string, unknown>, context) as Promise<{ outcome: string }>;
  expect(await ingest(event(1, 'pending', '2026-11-20T18:00:01Z'))).toMatchObject({ outcome: 'applied' });
  expect(await ingest(event(2, 'paid', '2026-11-20T18:05:00Z'))).toMatchObject({ outcome: 'applied' });
  // A duplicate and a later revision that keeps the status add nothing to the history.
  expect(await ingest(event(2, 'paid', '2026-11-20T18:05:00Z'))).toMatchObject({ outcome: 'duplicate' });
  expect(await ingest(event(3, 'fulfilled', '2026-11-21T09:00:00+08:00'))).toMatchObject({ outcome: 'applied' });
  // An order stored before histories were kept (written as the ingest did then).
  await putItems('orders', [orderItem(b.vendorId, { orderId: `old-${run}`, placedAt: '2026-10-01T10:00:00Z', status: 'paid', lines: [{ sku: 'OLD-1', name: 'Old Tea', quantity: 1, unitPriceCents: 1_000 }] })]);
}, 120_000);

describe('GET /api/orders/{orderId}', () => {
  it('gives the owner the lines with commission, the totals and the status history in UTC', async () => {
    const res = await api(`/api/orders/${orderId}`, { token: b.token });
    expect(res.status).toBe(200);
    const d = res.body as OrderDetails;
    expect(d).toMatchObject({ orderId, orderNumber, status: 'fulfilled', quantity: 4, grossCents: 1_000, historyComplete: true });
    // 15 % of USD 10.00, shared by the lines' amounts, adding up exactly.
    expect(d.lines.map((l) => [l.sku, l.amountCents, l.commissionCents, l.netCents])).toEqual([
      ['TEA-OOL', 999, 150, 849],
      ['SOY-1', 1, 0, 1],
    ]);
    expect([d.commissionCents, d.netCents]).toEqual([150, 850]);
    expect(d.statusHistory).toEqual([
      { status: 'pending', at: '2026-11-20T18:00:00.000Z' },
      { status: 'paid', at: '2026-11-20T18:05:00.000Z' },
      { status: 'fulfilled', at: '2026-11-21T01:00:00.000Z' },
    ]);
  });

  it('another vendor’s order is 404 order_not_found, the same as an order that does not exist', async () => {
    const other = await api(`/api/orders/${orderId}`, { token: a.token });
    const missing = await api(`/api/orders/nope-${run}`, { token: b.token });
    expect(other).toMatchObject({ status: 404, body: { error: 'order_not_found' } });
    expect(missing).toMatchObject({ status: 404, body: { error: 'order_not_found' } });
    expect(JSON.stringify(other.body)).not.toContain(orderNumber);
  });

  it('an order stored before histories shows what is known', async () => {
    const res = await api(`/api/orders/old-${run}`, { token: b.token });
    expect(res.body).toMatchObject({ statusHistory: [{ status: 'paid', at: '2026-10-01T10:00:00Z' }], historyComplete: false, commissionRateBps: null });
  });
});

describe('GET /api/orders?number= (search by order number)', () => {
  it('finds the owner’s order by its exact number or its beginning, typed in lower case or full width; never another vendor’s', async () => {
    const find = async (token: string, number: string) => {
      const res = await api(`/api/orders?number=${encodeURIComponent(number)}`, { token });
      expect(res.status).toBe(200);
      return (res.body as OrdersPage).orders.map((o) => o.orderNumber);
    };
    expect(await find(b.token, orderNumber)).toEqual([orderNumber]);
    expect(await find(b.token, `MO-${run.toUpperCase()}`)).toEqual([orderNumber]);
    expect(await find(b.token, `mo-${run}`)).toEqual([orderNumber]);
    expect(await find(b.token, `ＭＯ－${run.toUpperCase()}`)).toEqual([orderNumber]);
    expect(await find(b.token, `MO-${run.toUpperCase()}-00043`)).toEqual([]);
    expect(await find(a.token, orderNumber)).toEqual([]);
  });

  it('refuses a search combined with a filter (400, fields.number)', async () => {
    expect(await api(`/api/orders?number=MO&status=paid`, { token: b.token })).toMatchObject({ status: 400, body: { error: 'validation_error', fields: { number: expect.any(String) } } });
  });
});
