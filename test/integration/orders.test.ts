import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { inject } from 'vitest';
import { CSV_LABELS } from '../../lambdas/shared/csv-labels';
import { marketplaceDay, zonedDateTime } from '../../lambdas/shared/dates';
import { ORDER_STATUSES, type OrderItem, type OrderStatus } from '../../lambdas/sales/model';
import { demoAccounts } from '../../scripts/demo/accounts';
import { api, idTokenFor } from '../support/auth';
import { parseCsv } from '../lambdas/orders/csv-parse';
import { approvedVendor, orderItem, putItems, type TestVendor } from './orders-fixtures';
import { isErrorBody } from '../support/error-body';

const LA = 'America/Los_Angeles';

interface ListedOrder {
  orderId: string;
  orderNumber: string;
  placedAt: string;
  status: OrderStatus;
  totalCents: number;
  quantity: number;
  lines: { name: string; sku: string; quantity: number; unitPriceCents: number }[];
}
interface Page {
  orders: ListedOrder[];
  nextCursor: string | null;
}

const PRODUCTS = [
  { name: '茉莉香米 Jasmine Rice 5 kg', sku: 'RICE-5KG', unitPriceCents: 1590 },
  { name: '烏龍茶 "Oolong", 100 g', sku: 'TEA-OOL', unitPriceCents: 500 },
  { name: 'Soy sauce\nlow sodium', sku: 'SOY-LS', unitPriceCents: 399 },
  { name: '=HYPERLINK("x")', sku: 'ODD-1', unitPriceCents: 100 },
];

/**
 * Vendor A: 650 orders, one every ~2 h 13 min back from 2026-11-03, so both 2026 DST changes and
 * the exact local midnights around them are covered; plus orders placed exactly at and just before
 * the Los Angeles midnights of 2026-03-08, 2026-03-09, 2026-11-01 and 2026-11-02.
 */
function historyOf(vendorId: string, prefix: string, count: number): OrderItem[] {
  const orders: OrderItem[] = [];
  const end = Date.parse('2026-11-03T12:00:00.000Z');
  for (let i = 0; i < count; i += 1) {
    const placedAt = new Date(end - i * 8_000_000).toISOString();
    const lines = [PRODUCTS[i % 4]!, ...(i % 3 === 0 ? [PRODUCTS[(i + 1) % 4]!] : [])].map((p, j) => ({ ...p, quantity: 1 + ((i + j) % 3) }));
    orders.push(orderItem(vendorId, { orderId: `${prefix}${String(i).padStart(5, '0')}`, placedAt, status: ORDER_STATUSES[i % 4]!, lines }));
  }
  const edges = ['2026-03-08T08:00:00.000Z', '2026-03-09T07:00:00.000Z', '2026-11-01T07:00:00.000Z', '2026-11-02T08:00:00.000Z'];
  edges.forEach((t, i) => {
    for (const [suffix, at] of [['a', t], ['b', new Date(Date.parse(t) - 1).toISOString()]] as const) {
      orders.push(orderItem(vendorId, { orderId: `${prefix}E${i}${suffix}`, placedAt: at, status: 'paid', lines: [{ ...PRODUCTS[0]!, quantity: 1 }] }));
    }
  });
  return orders;
}

const newestFirst = (a: OrderItem, b: OrderItem) => (a.orderKey < b.orderKey ? 1 : -1);
const matching = (orders: OrderItem[], f: { status?: OrderStatus; from?: string; to?: string }) =>
  orders
    .filter((o) => (!f.status || o.status === f.status) && (!f.from || marketplaceDay(o.placedAt, LA) >= f.from) && (!f.to || marketplaceDay(o.placedAt, LA) <= f.to))
    .sort(newestFirst);

const list = (v: TestVendor, query: Record<string, string>) => api(`/api/orders?${new URLSearchParams(query)}`, { token: v.token });

/** Follows nextCursor to the end; returns the pages. */
async function allPages(v: TestVendor, query: Record<string, string>): Promise<Page[]> {
  const pages: Page[] = [];
  let cursor: string | null = null;
  do {
    const res = await list(v, { ...query, ...(cursor ? { cursor } : {}) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const page = res.body as Page;
    pages.push(page);
    cursor = page.nextCursor;
    expect(pages.length).toBeLessThan(200);
  } while (cursor);
  return pages;
}

let a: TestVendor;
let b: TestVendor;
let ordersA: OrderItem[];
let ordersB: OrderItem[];

beforeAll(async () => {
  [a, b] = [await approvedVendor('orders.a', 'Orders A Grocers'), await approvedVendor('orders.b', 'Orders B Market')];
  ordersA = historyOf(a.vendorId, 'OA', 650);
  ordersB = historyOf(b.vendorId, 'OB', 40);
  await putItems('orders', [...ordersA, ...ordersB]);
});

describe('GET /api/orders against the local stack', () => {
  it('pages through every order newest first, without duplicates or gaps', async () => {
    const pages = await allPages(a, { limit: '37' });
    const ids = pages.flatMap((p) => p.orders.map((o) => o.orderId));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual([...ordersA].sort(newestFirst).map((o) => o.orderId));
    for (const p of pages.slice(0, -1)) expect(p.orders).toHaveLength(37);
    expect(pages.at(-1)!.orders.length).toBeGreaterThan(0);
    expect(pages.at(-1)!.nextCursor).toBeNull();
  });

  it('returns 25 by default and the documented order shape', async () => {
    const res = await list(a, {});
    const page = res.body as Page;
    expect(page.orders).toHaveLength(25);
    const newest = [...ordersA].sort(newestFirst)[0]!;
    expect(page.orders[0]).toEqual({
      orderId: newest.orderId,
      orderNumber: newest.orderNumber,
      placedAt: newest.placedAt,
      status: newest.status,
      totalCents: newest.totalCents,
      quantity: newest.quantity,
      lines: newest.lines.map(({ name, sku, quantity, unitPriceCents }) => ({ name, sku, quantity, unitPriceCents })),
    });
  });

  it.each([
    [{ status: 'paid' }],
    [{ status: 'cancelled', from: '2026-10-01', to: '2026-11-02' }],
    [{ from: '2026-03-08', to: '2026-03-08' }],
    [{ from: '2026-11-01', to: '2026-11-01' }],
    [{ status: 'paid', from: '2026-03-08', to: '2026-03-09' }],
    [{ from: '2026-09-15' }],
    [{ to: '2026-06-30', status: 'fulfilled' }],
    [{ from: '2026-12-01' }],
  ] as { status?: OrderStatus; from?: string; to?: string }[][])('filters %j exactly as the marketplace-local days say, across pages', async (filter) => {
    const pages = await allPages(a, { ...(filter as Record<string, string>), limit: '9' });
    const ids = pages.flatMap((p) => p.orders.map((o) => o.orderId));
    expect(ids).toEqual(matching(ordersA, filter).map((o) => o.orderId));
  });

  it('counts the orders at a DST-day midnight on the right day', async () => {
    const day8 = (await allPages(a, { from: '2026-03-08', to: '2026-03-08', limit: '100' })).flatMap((p) => p.orders.map((o) => o.orderId));
    expect(day8).toContain('OAE0a'); // 2026-03-08T08:00:00.000Z = 00:00 PST on the 8th
    expect(day8).not.toContain('OAE0b'); // one millisecond earlier: the 7th
    expect(day8).toContain('OAE1b'); // 2026-03-09T06:59:59.999Z = 23:59:59.999 PDT on the 8th
    expect(day8).not.toContain('OAE1a');
    const nov1 = (await allPages(a, { from: '2026-11-01', to: '2026-11-01', limit: '100' })).flatMap((p) => p.orders.map((o) => o.orderId));
    expect(nov1).toEqual(expect.arrayContaining(['OAE2a', 'OAE3b']));
    expect(nov1).not.toContain('OAE2b');
    expect(nov1).not.toContain('OAE3a');
  });

  it('never shows another vendor’s orders, and refuses another vendor’s cursor', async () => {
    const idsB = (await allPages(b, { limit: '100' })).flatMap((p) => p.orders.map((o) => o.orderId));
    expect(idsB.sort()).toEqual(ordersB.map((o) => o.orderId).sort());
    expect(idsB.some((id) => id.startsWith('OA'))).toBe(false);
    const pageA = (await list(a, { limit: '5' })).body as Page;
    const res = await list(b, { limit: '5', cursor: pageA.nextCursor! });
    expect(res).toEqual({ status: 400, body: { error: 'invalid_cursor', message: expect.any(String) } });
  });

  it('refuses a cursor used with another filter', async () => {
    const page = (await list(a, { status: 'paid', limit: '5' })).body as Page;
    for (const query of [{}, { status: 'pending' }, { status: 'paid', from: '2026-01-01' }] as Record<string, string>[]) {
      expect(await list(a, { ...query, cursor: page.nextCursor! })).toMatchObject({ status: 400, body: { error: 'invalid_cursor' } });
    }
  });

  it.each([
    ['status=shipped'],
    ['status=PAID'],
    ['from=2026-02-30'],
    ['from=2026-3-8'],
    ['to=tomorrow'],
    ['from=2026-03-09&to=2026-03-08'],
    ['limit=0'],
    ['limit=101'],
    ['limit=-5'],
    ['limit=1.5'],
    ['limit=abc'],
    ['cursor=%%%'],
    ['cursor=eyJ2IjoxfQ'],
    ['cursor=' + Buffer.from(JSON.stringify({ v: 'V-10001', f: '||', k: '2026-01-01T00:00:00.000Z#X' })).toString('base64url')],
    ['cursor=' + Buffer.from(JSON.stringify({ v: 'x', f: '||', k: 'BALANCE' })).toString('base64url')],
    ['sort=asc'],
  ])('answers 400 { error, message } to %s', async (qs) => {
    const res = await api(`/api/orders?${qs}`, { token: a.token });
    expect(res.status).toBe(400);
    expect(isErrorBody(res.body), JSON.stringify(res.body)).toBe(true);
  });

  it('never answers 500, whatever the query string', async () => {
    const value = fc.oneof(fc.string(), fc.constantFrom('', 'paid', '2026-03-08', '9999-99-99', '100', 'null', '[]'), fc.base64String());
    const key = fc.constantFrom('status', 'from', 'to', 'limit', 'cursor', 'x');
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(key, value), { maxLength: 4 }), async (pairs) => {
        const res = await fetch(`${inject('stack').apiUrl}/api/orders?${new URLSearchParams(pairs)}`, { headers: { authorization: `Bearer ${a.token}` } });
        expect([200, 400]).toContain(res.status);
        const body = (await res.json()) as Record<string, unknown>;
        if (res.status === 400) expect(isErrorBody(body), JSON.stringify(body)).toBe(true);
      }),
      { numRuns: 150 },
    );
  });

  it('answers 403 to pending and rejected vendors and 401 without a token', async () => {
    const { pending, rejected } = demoAccounts;
    for (const account of [pending, rejected]) {
      expect(await api('/api/orders', { token: await idTokenFor(account.email, account.password) })).toMatchObject({ status: 403, body: { error: 'vendor_not_approved' } });
    }
    expect((await api('/api/orders')).status).toBe(401);
  });

  it('answers an empty list with a null cursor for a vendor without orders', async () => {
    const c = await approvedVendor('orders.c', 'Empty Shelf Co.');
    expect(await list(c, {})).toEqual({ status: 200, body: { orders: [], nextCursor: null } });
  });
});

describe('GET /api/orders/export.csv against the local stack', () => {
  const exportCsv = (v: TestVendor | null, query: Record<string, string> = {}) =>
    fetch(`${inject('stack').apiUrl}/api/orders/export.csv?${new URLSearchParams(query)}`, v ? { headers: { authorization: `Bearer ${v.token}` } } : {});

  it('streams every matching order line in chunks: BOM, header, Chinese names intact, proper escaping', async () => {
    const res = await exportCsv(a);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="orders-${a.vendorId}-${marketplaceDay(new Date(), LA)}.csv"`);
    expect(res.headers.get('content-length')).toBeNull();
    expect(res.headers.get('transfer-encoding')).toBe('chunked');
    const chunks: Uint8Array[] = [];
    const reader = res.body!.getReader();
    for (let r = await reader.read(); !r.done; r = await reader.read()) chunks.push(r.value);
    // 650+ orders in pages of 200: the answer arrives piece by piece, not as one body.
    expect(chunks.length).toBeGreaterThan(1);
    const bytes = Buffer.concat(chunks);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv(bytes.toString('utf8').slice(1));
    // The vendor's language (en): times in the marketplace zone, named in the header; statuses as the portal says them.
    expect(rows[0]).toEqual(['Order number', 'Placed at (America/Los_Angeles)', 'Status', 'Product', 'SKU', 'Quantity', 'Unit price (USD)', 'Line total (USD)', 'Order total (USD)']);
    const expected = [...ordersA].sort(newestFirst).flatMap((o) =>
      o.lines.map((l) => [
        o.orderNumber,
        zonedDateTime(o.placedAt, LA),
        CSV_LABELS.en[`order_status_${o.status}`],
        l.name.startsWith('=') ? `'${l.name}` : l.name,
        l.sku,
        String(l.quantity),
        (l.unitPriceCents / 100).toFixed(2),
        ((l.unitPriceCents * l.quantity) / 100).toFixed(2),
        (o.totalCents / 100).toFixed(2),
      ]),
    );
    expect(rows.slice(1)).toEqual(expected);
    expect(rows.some((r) => r[3] === '茉莉香米 Jasmine Rice 5 kg')).toBe(true);
    expect(rows.some((r) => r[3] === 'Soy sauce\nlow sodium')).toBe(true);
  });

  it('exports the current filter only, and only the caller’s orders', async () => {
    const res = await exportCsv(b, { status: 'cancelled', from: '2026-10-01' });
    const rows = parseCsv((await res.text()).replace(/^\uFEFF/, ''));
    const expected = matching(ordersB, { status: 'cancelled', from: '2026-10-01' });
    expect(new Set(rows.slice(1).map((r) => r[0]))).toEqual(new Set(expected.map((o) => o.orderNumber)));
    expect(rows.slice(1).every((r) => r[2] === 'Cancelled')).toBe(true);
    expect(expected.length).toBeGreaterThan(0);
    const numbersA = new Set(ordersA.map((o) => o.orderNumber + zonedDateTime(o.placedAt, LA)));
    expect(rows.slice(1).some((r) => numbersA.has(r[0]! + r[1]!))).toBe(false);
  });

  it('?format=machine: the fixed snake_case columns, ISO UTC times and status codes (issue 10)', async () => {
    const res = await exportCsv(b, { status: 'cancelled', format: 'machine' });
    const rows = parseCsv((await res.text()).replace(/^\uFEFF/, ''));
    expect(rows[0]).toEqual(['order_number', 'placed_at_utc', 'status', 'product_name', 'sku', 'quantity', 'unit_price_usd', 'line_total_usd', 'order_total_usd']);
    const expected = matching(ordersB, { status: 'cancelled' });
    expect(new Set(rows.slice(1).map((r) => `${r[0]}|${r[1]}|${r[2]}`))).toEqual(new Set(expected.map((o) => `${o.orderNumber}|${o.placedAt}|cancelled`)));
  });

  it('answers JSON errors before any CSV: 400 for bad filters, 403 for unapproved vendors, 401 without a token', async () => {
    for (const query of [{ status: 'shipped' }, { from: '2026-02-30' }, { from: '2026-03-02', to: '2026-03-01' }, { cursor: 'x' }, { limit: '5' }, { format: 'json' }] as Record<string, string>[]) {
      const res = await exportCsv(a, query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.headers.get('content-type')).toContain('application/json');
      // The one error shape (contracts/errors.ts): the offending parameter is named in `fields`.
      expect(await res.json()).toEqual({ error: 'validation_error', message: expect.any(String), fields: { [Object.keys(query)[0]!]: expect.any(String) } });
    }
    const pending = demoAccounts.pending;
    const token = await idTokenFor(pending.email, pending.password);
    const forbidden = await fetch(`${inject('stack').apiUrl}/api/orders/export.csv`, { headers: { authorization: `Bearer ${token}` } });
    expect(forbidden.status).toBe(403);
    expect(await forbidden.json()).toMatchObject({ error: 'vendor_not_approved' });
    expect((await exportCsv(null)).status).toBe(401);
  });
});
