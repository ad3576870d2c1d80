import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import OrderPage from '../../../../web/src/features/orders/order-page';
import OrdersPage from '../../../../web/src/features/orders/orders-page';
import en from '../../../../web/src/i18n/en.json';
import zhTW from '../../../../web/src/i18n/zh-TW.json';
import { auth, CONFIG, configure, meBody, signedInUser, storeAmplifySession } from '../../amplify-mock';
import { resetAppState } from '../../render-app';
import { renderRoute } from '../../render-route';
import { orderBody, plain, stubSalesFetch, type SalesHandler } from '../../sales-fixtures';

vi.mock('aws-amplify', () => ({ Amplify: { configure } }));
vi.mock('aws-amplify/auth', () => auth);
vi.mock('aws-amplify/utils', () => ({ ConsoleLogger: {} }));

/** The orders list and an order at route level (test/web/render-route.tsx): no header, no other page. */
const ORDERS_ROUTES = { '/orders': () => <OrdersPage />, '/orders/:orderId': () => <OrderPage /> };

const location = () => screen.getByTestId('location').textContent;
const ordersCalls = (calls: ReturnType<typeof stubSalesFetch>) => calls.filter((c) => c.path === '/api/orders');

/** 60 orders, newest first, 25 a page with the API's cursors ("p2", "p3"). */
const ALL = Array.from({ length: 60 }, (_, i) => orderBody(i + 1));
const pagedOrders: SalesHandler = (call) => {
  if (call.path !== '/api/orders') return undefined;
  const start = { '': 0, p2: 25, p3: 50 }[call.query.get('cursor') ?? ''] ?? 0;
  const page = ALL.slice(start, start + 25);
  return { status: 200, body: { orders: page, nextCursor: start + 25 < ALL.length ? `p${start / 25 + 2}` : null } };
};

async function openOrders(path = '/orders', handler: SalesHandler = pagedOrders, config: Record<string, unknown> = CONFIG) {
  storeAmplifySession();
  const calls = stubSalesFetch(handler, config);
  renderRoute(path, ORDERS_ROUTES);
  await screen.findByRole('heading', { level: 1, name: new RegExp(`^(${en.orders_title}|${zhTW.orders_title})$`) }, { timeout: 15_000 });
  return { calls, user: userEvent.setup() };
}

const table = () => screen.findByTestId('orders-table', {}, { timeout: 15_000 });
const rowNumbers = () => screen.getAllByTestId('order-row').map((r) => r.getAttribute('data-order-number'));
/** Waits until the table shows `page`, no longer busy. */
const loaded = (page: number) =>
  waitFor(() => {
    const t = screen.getByTestId('orders-table');
    expect([t.getAttribute('data-page'), t.getAttribute('aria-busy')]).toEqual([String(page), 'false']);
  });

describe('orders page (spec §2, issue 4)', () => {
  beforeEach(async () => {
    await resetAppState();
    vi.clearAllMocks();
    signedInUser();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("has the spec's columns: order number, date, total, product, quantity, status", { timeout: 20_000 }, async () => {
    const { calls } = await openOrders();
    const t = await table();
    expect(within(t).getAllByRole('columnheader').slice(0, 6).map((h) => h.textContent)).toEqual([en.order_number, en.order_date, en.order_total, en.order_product, en.order_quantity, en.order_status]);
    const first = screen.getAllByTestId('order-row')[0]!;
    expect(within(first).getByRole('rowheader').textContent).toBe('GM-100001');
    // Placed 2026-03-08T17:04Z: 10:04 AM in the marketplace zone (Los Angeles, PDT since 10:00Z that day).
    expect(plain(first.querySelector('time')?.textContent)).toBe('Mar 8, 202610:04 AM PDT');
    expect(first.querySelector('time')?.getAttribute('datetime')).toBe('2026-03-08T17:04:05.000Z');
    expect(within(first).getByTestId('order-total').textContent).toBe('$15.90');
    expect(within(first).getByTestId('order-product').textContent).toBe('Jasmine Rice 5 kg');
    expect(within(first).getByTestId('order-quantity').textContent).toBe('1');
    expect(within(first).getByTestId('order-status').textContent).toBe(en.order_status_pending);
    expect(ordersCalls(calls)[0]).toMatchObject({ url: '/api/orders', headers: { authorization: 'Bearer id-token-1' } });
  });

  it("shows order times in the stack's marketplace zone (/config.json), whose days the filter counts", async () => {
    await openOrders('/orders', pagedOrders, { ...CONFIG, marketplaceTimeZone: 'Asia/Taipei' });
    await table();
    // 2026-03-08T17:04Z is 01:04 on March 9 in Taipei.
    expect(plain(screen.getAllByTestId('order-row')[0]!.querySelector('time')?.textContent)).toBe('Mar 9, 20261:04 AM GMT+8');
    expect(screen.getByText(en.filter_days_hint.replace('{{zone}}', 'Taiwan Standard Time'))).toBeTruthy();
  });

  it('shows translated status badges for the four statuses', async () => {
    await openOrders();
    await table();
    const labels = screen.getAllByTestId('order-status').slice(0, 4).map((b) => [b.getAttribute('data-status'), b.textContent]);
    expect(labels).toEqual([
      ['pending', en.order_status_pending],
      ['fulfilled', en.order_status_fulfilled],
      ['cancelled', en.order_status_cancelled],
      ['paid', en.order_status_paid],
    ]);
  });

  it('an order of several lines shows its first product, "and N more" and the total quantity; the button discloses every line', async () => {
    const lines = [
      { name: 'Jasmine Rice 5 kg', sku: 'RICE-5KG', quantity: 1, unitPriceCents: 1590 },
      { name: '烏龍茶 Oolong Tea', sku: 'TEA-OOL', quantity: 2, unitPriceCents: 500 },
      { name: 'Soy Sauce', sku: 'SAU-SOY', quantity: 3, unitPriceCents: 899 },
    ];
    const { user } = await openOrders('/orders', (c) => (c.path === '/api/orders' ? { status: 200, body: { orders: [orderBody(1, { lines, quantity: 6, totalCents: 5287 })], nextCursor: null } } : undefined));
    await table();
    const row = screen.getByTestId('order-row');
    expect(within(row).getByTestId('order-product').textContent).toBe('Jasmine Rice 5 kg');
    expect(within(row).getByTestId('order-quantity').textContent).toBe('6');
    const toggle = within(row).getByRole('button', { name: 'and 2 more products in order GM-100001' });
    expect(toggle.textContent).toBe('and 2 more');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    const details = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(details.hidden).toBe(true);
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(details.hidden).toBe(false);
    const linesTable = within(details).getByRole('table', { name: 'Products in order GM-100001' });
    expect(within(linesTable).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent))).toEqual([
      ['Jasmine Rice 5 kg', 'RICE-5KG', '1', '$15.90', '$15.90'],
      ['烏龍茶 Oolong Tea', 'TEA-OOL', '2', '$5.00', '$10.00'],
      ['Soy Sauce', 'SAU-SOY', '3', '$8.99', '$26.97'],
    ]);
    await user.click(toggle);
    expect(details.hidden).toBe(true);
  });

  it('Next follows the cursor, Previous goes back through the stack; the new page takes the focus', async () => {
    const { calls, user } = await openOrders();
    await table();
    expect(rowNumbers()).toHaveLength(25);
    const page1 = rowNumbers();
    expect(screen.getByTestId('orders-page-number').textContent).toBe('Page 1');
    expect(screen.getByRole('button', { name: en.previous_page })).toHaveProperty('disabled', true);

    await user.click(screen.getByRole('button', { name: en.next_page }));
    await loaded(2);
    const page2 = rowNumbers();
    expect(page2[0]).toBe('GM-100026');
    expect(page2.filter((n) => page1.includes(n))).toEqual([]);
    expect(ordersCalls(calls).at(-1)?.query.get('cursor')).toBe('p2');
    expect(document.activeElement).toBe(screen.getByRole('region', { name: 'Orders, page 2' }));
    expect(screen.getByTestId('orders-status').textContent).toBe('Page 2: 25 orders.');

    await user.click(screen.getByRole('button', { name: en.next_page }));
    await loaded(3);
    expect(rowNumbers()).toHaveLength(10);
    expect(screen.getByRole('button', { name: en.next_page })).toHaveProperty('disabled', true);

    await user.click(screen.getByRole('button', { name: en.previous_page }));
    await loaded(2);
    expect(rowNumbers()).toEqual(page2);
    expect(ordersCalls(calls).at(-1)?.query.get('cursor')).toBe('p2');
    await user.click(screen.getByRole('button', { name: en.previous_page }));
    await loaded(1);
    expect(rowNumbers()).toEqual(page1);
    expect(ordersCalls(calls).at(-1)?.query.has('cursor')).toBe(false);
    expect(location()).toBe('/orders');
  });

  it('reads the filter from the URL and sends it to the API', async () => {
    const { calls } = await openOrders('/orders?status=paid&from=2026-03-01&to=2026-03-08');
    await table();
    expect(ordersCalls(calls)[0]?.url).toBe('/api/orders?status=paid&from=2026-03-01&to=2026-03-08');
    expect((screen.getByLabelText(en.filter_status) as HTMLSelectElement).value).toBe('paid');
    expect((screen.getByLabelText(en.filter_from) as HTMLInputElement).value).toBe('2026-03-01');
    expect((screen.getByLabelText(en.filter_to) as HTMLInputElement).value).toBe('2026-03-08');
  });

  it('ignores invalid parameters in the URL and rewrites it to what is shown', async () => {
    const { calls } = await openOrders('/orders?status=shipped&from=2026-02-30&to=2026-03-08&tab=x');
    await table();
    expect(ordersCalls(calls).map((c) => c.url)).toEqual(['/api/orders?to=2026-03-08']);
    await waitFor(() => expect(location()).toBe('/orders?tab=x&to=2026-03-08'));
    expect((screen.getByLabelText(en.filter_status) as HTMLSelectElement).value).toBe('');
  });

  it('Apply puts the filter in the URL and starts again at page 1; Clear filters empties the URL and the fields', async () => {
    const { calls, user } = await openOrders();
    await table();
    await user.click(screen.getByRole('button', { name: en.next_page }));
    await loaded(2);
    await user.selectOptions(screen.getByLabelText(en.filter_status), 'cancelled');
    await user.type(screen.getByLabelText(en.filter_from), '2026-03-01');
    await user.click(screen.getByRole('button', { name: en.apply_filters }));
    await waitFor(() => expect(location()).toBe('/orders?status=cancelled&from=2026-03-01'));
    await loaded(1);
    expect(ordersCalls(calls).at(-1)?.url).toBe('/api/orders?status=cancelled&from=2026-03-01');
    expect(screen.getByRole('button', { name: en.clear_filters })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: en.clear_filters }));
    await waitFor(() => expect(location()).toBe('/orders'));
    expect((screen.getByLabelText(en.filter_status) as HTMLSelectElement).value).toBe('');
    expect((screen.getByLabelText(en.filter_from) as HTMLInputElement).value).toBe('');
  });

  it('refuses a From day after the To day by the field, without fetching', async () => {
    const { calls, user } = await openOrders();
    await table();
    const before = ordersCalls(calls).length;
    await user.type(screen.getByLabelText(en.filter_from), '2026-03-09');
    await user.type(screen.getByLabelText(en.filter_to), '2026-03-08');
    await user.click(screen.getByRole('button', { name: en.apply_filters }));
    const from = screen.getByLabelText(en.filter_from);
    expect(from.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(from.getAttribute('aria-describedby')!.split(' ').find((id) => document.getElementById(id)?.textContent === en.filter_from_after_to)!)).toBeTruthy();
    expect(document.activeElement).toBe(from);
    expect(location()).toBe('/orders');
    expect(ordersCalls(calls)).toHaveLength(before);
  });

  it("shows the spec's empty state 'no orders yet' when the vendor has none", async () => {
    await openOrders('/orders', (c) => (c.path === '/api/orders' ? { status: 200, body: { orders: [], nextCursor: null } } : undefined));
    const empty = await screen.findByTestId('orders-empty', {}, { timeout: 15_000 });
    expect(within(empty).getByText(en.no_orders_yet)).toBeTruthy();
    expect(en.no_orders_yet.toLowerCase()).toBe('no orders yet');
    expect(screen.queryByTestId('orders-table')).toBeNull();
    expect(screen.queryByRole('navigation', { name: en.orders_pagination })).toBeNull();
  });

  it('says that a filter matches nothing (not "no orders yet") and offers to clear it', async () => {
    const { user } = await openOrders('/orders?status=cancelled', (c) =>
      c.path === '/api/orders' ? { status: 200, body: c.query.has('status') ? { orders: [], nextCursor: null } : { orders: [orderBody(1)], nextCursor: null } } : undefined,
    );
    const empty = await screen.findByTestId('orders-empty', {}, { timeout: 15_000 });
    expect(empty.textContent).toContain(en.no_orders_match);
    expect(empty.textContent).not.toContain(en.no_orders_yet);
    await user.click(within(empty).getByRole('button', { name: en.clear_filters }));
    await table();
    expect(location()).toBe('/orders');
  });

  it('an error says what failed, and Try again loads the page', async () => {
    let n = 0;
    const { user } = await openOrders('/orders', (c) => (c.path === '/api/orders' && ++n === 1 ? { status: 400, body: { error: 'invalid_cursor', message: 'The cursor is not valid.' } } : pagedOrders(c)));
    const status = screen.getByTestId('orders-status');
    await waitFor(() => expect(status.textContent).toContain(en.orders_load_failed.replace('{{message}}', 'The cursor is not valid.')));
    await user.click(within(status).getByRole('button', { name: en.try_again }));
    await table();
    expect(rowNumbers()).toHaveLength(25);
  });

  it('speaks Traditional Chinese: headers, status labels, US$ amounts', async () => {
    await openOrders('/orders', (c) => (c.path === '/api/me' ? { status: 200, body: meBody({ language: 'zh-TW' }) } : pagedOrders(c)));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(zhTW.orders_title));
    const t = await table();
    expect(within(t).getAllByRole('columnheader').slice(0, 6).map((h) => h.textContent)).toEqual([zhTW.order_number, zhTW.order_date, zhTW.order_total, zhTW.order_product, zhTW.order_quantity, zhTW.order_status]);
    const first = screen.getAllByTestId('order-row')[0]!;
    expect(within(first).getByTestId('order-total').textContent).toBe('US$15.90');
    expect(within(first).getByTestId('order-status').textContent).toBe(zhTW.order_status_pending);
    expect(first.querySelector('time')?.textContent).toBe('2026年3月8日上午10:04 [太平洋夏令時間]');
  });
});

describe('CSV export', () => {
  let clicks: { download: string; href: string }[];
  beforeEach(async () => {
    await resetAppState();
    vi.clearAllMocks();
    signedInUser();
    clicks = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:portal/1'), revokeObjectURL: vi.fn() }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push({ download: this.download, href: this.href });
    });
    vi.spyOn(window, 'alert').mockImplementation(() => undefined);
  });
  afterEach(() => {
    expect(window.alert).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('downloads the filter in force with the ID token, busy while it runs, under the server’s file name', async () => {
    let finish: () => void = () => undefined;
    const { calls, user } = await openOrders('/orders?status=paid&to=2026-03-08', (c) =>
      c.path === '/api/orders/export.csv'
        ? new Promise<Response>((resolve) => {
            finish = () => resolve(new Response('\uFEFFOrder number\r\n', { status: 200, headers: { 'content-disposition': 'attachment; filename="orders-V-10001-2026-03-08.csv"' } }));
          })
        : pagedOrders(c),
    );
    await table();
    const button = screen.getByTestId('orders-export');
    expect(button.textContent).toBe(en.export_csv);
    await user.click(button);
    await waitFor(() => expect(button).toHaveProperty('disabled', true));
    expect(button.textContent).toContain(en.exporting);
    finish();
    await waitFor(() => expect(screen.getByTestId('orders-export-status').textContent).toBe('Downloaded orders-V-10001-2026-03-08.csv.'));
    expect(button).toHaveProperty('disabled', false);
    const exportCall = calls.find((c) => c.path === '/api/orders/export.csv')!;
    expect(exportCall.url).toBe('/api/orders/export.csv?status=paid&to=2026-03-08');
    expect(exportCall.headers.authorization).toBe('Bearer id-token-1');
    expect(clicks).toEqual([{ download: 'orders-V-10001-2026-03-08.csv', href: 'blob:portal/1' }]);
  });

  it('shows a failed export in the page, dismissable', async () => {
    const { user } = await openOrders('/orders', (c) => (c.path === '/api/orders/export.csv' ? { status: 403, body: { error: 'vendor_not_approved', message: 'Your vendor account is not approved.' } } : pagedOrders(c)));
    await table();
    await user.click(screen.getByTestId('orders-export'));
    const alert = await screen.findByRole('alert');
    expect(alert.querySelector('.alert-text')?.textContent).toBe(en.export_failed.replace('{{message}}', 'Your vendor account is not approved.'));
    expect(clicks).toHaveLength(0);
    await user.click(within(alert).getByRole('button', { name: en.dismiss }));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
