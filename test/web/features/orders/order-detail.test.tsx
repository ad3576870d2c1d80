import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import OrderPage from '../../../../web/src/features/orders/order-page';
import OrdersPage from '../../../../web/src/features/orders/orders-page';
import en from '../../../../web/src/i18n/en.json';
import zhTW from '../../../../web/src/i18n/zh-TW.json';
import { auth, configure, meBody, signedInUser, storeAmplifySession } from '../../amplify-mock';
import { resetAppState } from '../../render-app';
import { renderRoute } from '../../render-route';
import { orderBody, plain, stubSalesFetch, type SalesHandler } from '../../sales-fixtures';

vi.mock('aws-amplify', () => ({ Amplify: { configure } }));
vi.mock('aws-amplify/auth', () => auth);
vi.mock('aws-amplify/utils', () => ({ ConsoleLogger: {} }));

/** The orders list and an order at route level (test/web/render-route.tsx): no header, no other page. */
const ORDERS_ROUTES = { '/orders': () => <OrdersPage />, '/orders/:orderId': () => <OrderPage /> };

const location = () => screen.getByTestId('location').textContent;

/** GET /api/orders/O-7 as the server builds it (lambdas/orders/details.ts). */
const DETAIL = {
  orderId: 'O-7',
  orderNumber: 'GM-100007',
  placedAt: '2026-03-08T17:04:05.000Z',
  status: 'fulfilled',
  quantity: 4,
  lines: [
    { productId: 'P-1', name: '烏龍茶 Oolong Tea', sku: 'TEA-OOL', quantity: 3, unitPriceCents: 333, amountCents: 999, commissionCents: 150, netCents: 849 },
    { productId: 'P-2', name: 'Soy Sauce', sku: 'SAU-SOY', quantity: 1, unitPriceCents: 1, amountCents: 1, commissionCents: 0, netCents: 1 },
  ],
  grossCents: 1000,
  commissionCents: 150,
  netCents: 850,
  commissionRateBps: 1500,
  statusHistory: [
    { status: 'pending', at: '2026-03-08T17:04:05.000Z' },
    { status: 'paid', at: '2026-03-08T17:05:00.000Z' },
    { status: 'fulfilled', at: '2026-03-09T18:00:00.000Z' },
  ],
  historyComplete: true,
  updatedAt: '2026-03-09T18:00:00.000Z',
};

const api =
  (language: 'en' | 'zh-TW', detail: unknown = DETAIL): SalesHandler =>
  (call) => {
    if (call.path === '/api/me') return { status: 200, body: meBody({ language }) };
    if (call.path === '/api/orders/O-7') return { status: 200, body: detail };
    if (call.path.startsWith('/api/orders/')) return { status: 404, body: { error: 'order_not_found', message: 'There is no such order.' } };
    if (call.path === '/api/orders') {
      const number = call.query.get('number');
      const orders = [orderBody(7), orderBody(8)].filter((o) => !number || o.orderNumber.startsWith(number.toUpperCase()));
      return { status: 200, body: { orders, nextCursor: null } };
    }
    return undefined;
  };

async function open(path: string, language: 'en' | 'zh-TW' = 'en', detail?: unknown) {
  storeAmplifySession();
  const calls = stubSalesFetch(api(language, detail));
  renderRoute(path, ORDERS_ROUTES);
  return { calls, user: userEvent.setup() };
}

describe('order detail (issue 15)', () => {
  beforeEach(async () => {
    await resetAppState();
    vi.clearAllMocks();
    signedInUser();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('opens from the list, keeping the filter for the way back; shows lines with commission, totals and history', { timeout: 20_000 }, async () => {
    const { user } = await open('/orders?status=fulfilled');
    const link = await screen.findByRole('link', { name: 'Open order GM-100007' }, { timeout: 10_000 });
    await user.click(link);
    await waitFor(() => expect(location()).toBe('/orders/O-7'));
    await screen.findByRole('heading', { level: 1, name: 'Order GM-100007' }, { timeout: 10_000 });

    const rows = within(screen.getByTestId('order-detail-lines')).getAllByTestId('order-detail-line');
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual(['烏龍茶 Oolong Tea', 'Soy Sauce']);
    expect(within(rows[0]!).getAllByRole('cell').map((c) => c.textContent)).toEqual(['TEA-OOL', '3', '$3.33', '$9.99', '$1.50', '$8.49']);
    expect(within(screen.getByTestId('order-detail-lines')).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      en.order_product, en.sku, en.order_quantity, en.unit_price, en.line_total, en.order_commission, en.order_net,
    ]);
    expect([screen.getByTestId('order-gross').textContent, screen.getByTestId('order-commission').textContent, screen.getByTestId('order-net').textContent]).toEqual(['$10.00', '-$1.50', '$8.50']);
    expect(screen.getByTestId('order-commission-rate').textContent).toBe('15%');
    const history = within(screen.getByTestId('order-history')).getAllByTestId('order-history-entry');
    expect(history.map((h) => [h.getAttribute('data-status'), plain(h.textContent)])).toEqual([
      ['pending', `${en.order_status_pending}Mar 8, 2026 10:04 AM PDT`],
      ['paid', `${en.order_status_paid}Mar 8, 2026 10:05 AM PDT`],
      ['fulfilled', `${en.order_status_fulfilled}Mar 9, 2026 11:00 AM PDT`],
    ]);
    expect(screen.queryByTestId('order-history-partial')).toBeNull();

    await user.click(screen.getByRole('link', { name: en.order_back }));
    await waitFor(() => expect(location()).toBe('/orders?status=fulfilled'));
  });

  it('in Traditional Chinese, and an order stored before histories says what is known', { timeout: 20_000 }, async () => {
    await open('/orders/O-7', 'zh-TW', { ...DETAIL, commissionRateBps: null, statusHistory: [{ status: 'fulfilled', at: '2026-03-09T18:00:00.000Z' }], historyComplete: false });
    await screen.findByRole('heading', { level: 1, name: zhTW.order_detail_title.replace('{{orderNumber}}', 'GM-100007') }, { timeout: 10_000 });
    expect(within(screen.getByTestId('order-detail-lines')).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      zhTW.order_product, zhTW.sku, zhTW.order_quantity, zhTW.unit_price, zhTW.line_total, zhTW.order_commission, zhTW.order_net,
    ]);
    expect(screen.getByText(zhTW.order_totals_heading)).toBeTruthy();
    expect(screen.getByTestId('order-commission-rate').textContent).toBe(zhTW.order_commission_rate_unknown);
    expect(plain(screen.getByTestId('order-history-placed').textContent)).toContain(zhTW.order_history_placed);
    expect(screen.getByTestId('order-history-partial').textContent).toBe(zhTW.order_history_partial);
    expect(screen.getByRole('link', { name: zhTW.order_back }).getAttribute('href')).toBe('/orders');
  });

  it('another vendor’s order (or none) is "not found", in the vendor’s language', { timeout: 20_000 }, async () => {
    await open('/orders/O-999', 'zh-TW');
    const status = await screen.findByTestId('order-detail-status', {}, { timeout: 10_000 });
    await waitFor(() => expect(status.textContent).toContain(zhTW.order_detail_load_failed.replace('{{message}}', zhTW.error_reason_order_not_found)));
  });

  it('finds orders by number (the search replaces the filter), says when none match, and clears', { timeout: 20_000 }, async () => {
    const { calls, user } = await open('/orders?status=paid');
    await screen.findByTestId('orders-table', {}, { timeout: 10_000 });
    await user.click(screen.getByTestId('order-search-submit'));
    expect(screen.getByText(en.order_search_blank)).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: en.order_number }), 'gm-100007');
    await user.click(screen.getByTestId('order-search-submit'));
    await waitFor(() => expect(location()).toBe('/orders?number=gm-100007'));
    await waitFor(() => expect(screen.getAllByTestId('order-row').map((r) => r.getAttribute('data-order-number'))).toEqual(['GM-100007']));
    expect(calls.filter((c) => c.path === '/api/orders').at(-1)!.url).toBe('/api/orders?number=gm-100007');
    expect(screen.queryByTestId('orders-export')).toBeNull();

    await user.clear(screen.getByRole('textbox', { name: en.order_number }));
    await user.type(screen.getByRole('textbox', { name: en.order_number }), 'XX-1');
    await user.click(screen.getByTestId('order-search-submit'));
    const empty = await screen.findByTestId('orders-empty');
    expect(empty.textContent).toContain(en.order_search_none.replace('{{number}}', 'XX-1'));
    await user.click(screen.getByTestId('order-search-clear'));
    await waitFor(() => expect(location()).toBe('/orders'));
    await waitFor(() => expect(screen.getAllByTestId('order-row')).toHaveLength(2));
  });

  it('the search in Traditional Chinese', { timeout: 20_000 }, async () => {
    const { user } = await open('/orders', 'zh-TW');
    await screen.findByTestId('orders-table', {}, { timeout: 10_000 });
    await waitFor(() => expect(screen.getByRole('search', { name: zhTW.order_search_label })).toBeTruthy());
    await user.type(screen.getByRole('textbox', { name: zhTW.order_number }), 'ＧＭ－１００００８');
    await user.click(screen.getByRole('button', { name: zhTW.order_search_submit }));
    await waitFor(() => expect(location()).toBe('/orders?number=GM-100008'));
    const status = screen.getByTestId('orders-status');
    await waitFor(() => expect(status.textContent).toContain(zhTW.order_search_loaded.replace('{{orders}}', '1').replace('{{number}}', 'GM-100008')));
  });
});
