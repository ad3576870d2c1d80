/**
 * The ops console's Vendors screen (issue 13), in both languages: search and status filter (kept in
 * the URL, sent to the API), a vendor's detail (balance, products per tab, masked payout method, payouts,
 * audit trail), and the commission change in percent (validated in the page, stale → 409 said).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { percentToBps } from '../../../../contracts/admin-values';
import { switchLanguage } from '../../../../web/src/i18n/i18n';
import en from '../../../../web/src/i18n/admin.en.json';
import zh from '../../../../web/src/i18n/admin.zh-TW.json';
import portalEn from '../../../../web/src/i18n/en.json';
import portalZh from '../../../../web/src/i18n/zh-TW.json';
import { ORDER_STATUSES } from '../../../../contracts/orders';
import { PAYOUT_STATUSES } from '../../../../contracts/payouts';
import { auth, configure, signedInUser, storeAmplifySession, stubFetch, USER_ID, type FetchCall } from '../../amplify-mock';
import { renderApp, resetAppState } from '../../render-app';

vi.mock('aws-amplify', () => ({ Amplify: { configure } }));
vi.mock('aws-amplify/auth', () => auth);
vi.mock('aws-amplify/utils', () => ({ ConsoleLogger: {} }));

const adminMe = { userId: USER_ID, email: 'ops@example.com', groups: ['admins'], roles: ['admin'], status: null, vendorId: null, vendorName: null, language: null, payoutAccountId: null };
const GOLDEN = { userId: 'u-1', vendorId: 'V-10001', email: 'demo.vendor@example.com', vendorName: 'Golden Harvest Foods', status: 'approved', createdAt: '2026-01-05T09:00:00.000Z' };
const detail = (storedRateBps: number | null) => ({
  vendor: { ...GOLDEN, language: 'en', reviewedAt: '2026-01-06T09:00:00.000Z', reviewedBy: 'ops@example.com', rejectionReason: null },
  commission: { rateBps: storedRateBps ?? 1500, storedRateBps },
  balanceCents: 123_456,
  recentOrders: [{ orderId: 'o-1', orderNumber: 'MK-1001', placedAt: '2026-03-09T10:00:00.000Z', status: 'paid', totalCents: 4_500 }],
  products: { live: 12, draft: 3, pending: 2, rejected: 1 },
  payoutMethod: { method: 'bank', destination: '•••• 6789', payoutAccountId: 'PA-V-10001-2', holdUntil: null },
  payouts: [{ payoutId: 'P-V-10001-2026-02-2', periodFrom: '2026-02-16', periodTo: '2026-02-28', status: 'paid', amountCents: 80_000, paidCents: 79_900, createdAt: '2026-03-01T00:00:00.000Z' }],
  audit:
    storedRateBps === null
      ? []
      : [
          {
            auditId: 'a-9',
            at: '2026-03-10T09:00:00.000Z',
            actor: { userId: 'ops-1', email: 'ops@example.com' },
            action: 'vendor.commission_changed',
            target: { type: 'vendor', id: 'V-10001' },
            vendorId: 'V-10001',
            before: { commissionRateBps: null },
            after: { commissionRateBps: storedRateBps },
            reason: null,
          },
        ],
});

type Answer = { status: number; body?: unknown };
function consoleApi(routes: Record<string, (call: FetchCall) => Answer>) {
  return stubFetch((call) => {
    if (call.url === '/api/me' && call.method === 'GET') return { status: 200, body: adminMe };
    const key = `${call.method} ${call.url.split('?')[0]}`;
    if (routes[key]) return routes[key]!(call);
    return { status: 404, body: { error: 'not_found', message: `no stub for ${key}` } };
  });
}

describe('Vendors (ops console)', () => {
  beforeEach(async () => {
    await resetAppState();
    vi.clearAllMocks();
    signedInUser('ops@example.com');
    storeAmplifySession();
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    await switchLanguage('en');
  });

  it('reads percent with up to two decimals as basis points', () => {
    expect(percentToBps('12.5')).toBe(1250);
    expect(percentToBps('7')).toBe(700);
    expect(percentToBps('0')).toBe(0);
    expect(percentToBps('100')).toBe(10_000);
    expect(percentToBps('12.34 %')).toBe(1234);
    for (const bad of ['', '12.345', '100.01', '-1', 'abc', '1e2']) expect(percentToBps(bad)).toBeNull();
  });

  it('searches by what was typed and filters by status, through the API', async () => {
    const calls = consoleApi({ 'GET /api/admin/vendors': () => ({ status: 200, body: { items: [GOLDEN], nextCursor: null } }) });
    renderApp('/admin/vendors');
    expect(await screen.findByRole('heading', { level: 1, name: en.admin_vendors_title }, { timeout: 15_000 })).toBeTruthy();
    const row = await screen.findByTestId('admin-vendors-row');
    expect(within(row).getByRole('link', { name: 'Golden Harvest Foods' }).getAttribute('href')).toBe('/admin/vendors/V-10001');
    expect(row.textContent).toContain(en.admin_apps_status_approved);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(en.admin_vendors_search_label), 'golden');
    await user.click(screen.getByTestId('admin-vendors-search-button'));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/admin/vendors?q=golden')).toBe(true));
    await user.selectOptions(screen.getByLabelText(en.admin_vendors_status_label), 'rejected');
    await waitFor(() => expect(calls.some((c) => c.url === '/api/admin/vendors?q=golden&status=rejected')).toBe(true));
    expect(screen.getByTestId('location').textContent).toBe('/admin/vendors?q=golden&status=rejected');
  });

  it('shows a vendor: balance, products per tab, the masked payout method, payouts, orders and the audit trail', async () => {
    consoleApi({ 'GET /api/admin/vendors/V-10001': () => ({ status: 200, body: detail(null) }) });
    renderApp('/admin/vendors/V-10001');
    expect(await screen.findByRole('heading', { level: 1, name: 'Golden Harvest Foods' }, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByTestId('admin-vendor-balance').textContent).toBe('$1,234.56');
    expect(screen.getByTestId('admin-vendor-products-live').textContent).toBe('12');
    expect(screen.getByTestId('admin-vendor-products-pending').textContent).toBe('2');
    expect(screen.getByTestId('admin-vendor-payout-method').textContent).toBe('Payout method: Bank account •••• 6789 (PA-V-10001-2)');
    expect(screen.getByTestId('admin-vendor-payout-history').textContent).toContain('$800.00');
    expect(screen.getByTestId('admin-vendor-orders').textContent).toContain('MK-1001');
    expect(screen.getByTestId('admin-vendor-commission-current').textContent).toBe('15% (the marketplace default)');
    expect(screen.getByTestId('admin-vendor-commission').textContent).toContain(en.admin_vendors_commission_future);
  });

  it('changes the commission in percent: validated in the page, sent as basis points with the rate seen, a 409 said', async () => {
    let stored: number | null = null;
    let conflict = false;
    const calls = consoleApi({
      'GET /api/admin/vendors/V-10001': () => ({ status: 200, body: detail(stored) }),
      'PUT /api/admin/vendors/V-10001/commission': (call) => {
        if (conflict) return { status: 409, body: { error: 'commission_changed', message: 'changed meanwhile' } };
        stored = (call.body as { commissionRateBps: number }).commissionRateBps;
        return { status: 200, body: { commission: { rateBps: stored, storedRateBps: stored } } };
      },
    });
    renderApp('/admin/vendors/V-10001');
    const input = await screen.findByTestId('admin-vendor-commission-input', {}, { timeout: 15_000 });
    const user = userEvent.setup();
    await user.clear(input);
    await user.type(input, '12.345');
    await user.click(screen.getByTestId('admin-vendor-commission-save'));
    expect((await screen.findByTestId('admin-vendor-commission-error')).textContent).toBe(en.admin_vendors_commission_invalid);
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);

    await user.clear(input);
    await user.type(input, '12.5');
    await user.click(screen.getByTestId('admin-vendor-commission-save'));
    expect((await screen.findByTestId('admin-vendor-commission-notice')).textContent).toContain('The commission rate is now 12.5% for new orders.');
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ commissionRateBps: 1250, expectedRateBps: null });
    await waitFor(() => expect(screen.getByTestId('admin-vendor-commission-current').textContent).toBe("12.5% (this vendor's own rate)"));
    expect(screen.getByTestId('admin-vendor-audit-entry').textContent).toContain(en.admin_apps_action_commission_changed);
    expect(screen.getByTestId('admin-vendor-audit-entry').textContent).toContain('Before: Commission rate: the marketplace default → After: Commission rate: 12.5%');

    conflict = true;
    await user.clear(input);
    await user.type(input, '10');
    await user.click(screen.getByTestId('admin-vendor-commission-save'));
    await waitFor(() => expect(screen.getByTestId('admin-vendor-commission-notice').textContent).toContain(en.admin_vendors_commission_stale));
    expect(calls.filter((c) => c.method === 'PUT').at(-1)!.body).toEqual({ commissionRateBps: 1000, expectedRateBps: 1250 });
  });

  it('works in Traditional Chinese: the directory and the detail', async () => {
    await switchLanguage('zh-TW');
    consoleApi({
      'GET /api/admin/vendors': () => ({ status: 200, body: { items: [GOLDEN], nextCursor: null } }),
      'GET /api/admin/vendors/V-10001': () => ({ status: 200, body: detail(1250) }),
    });
    renderApp('/admin/vendors');
    expect(await screen.findByRole('heading', { level: 1, name: zh.admin_vendors_title }, { timeout: 15_000 })).toBeTruthy();
    const row = await screen.findByTestId('admin-vendors-row');
    expect(row.textContent).toContain(zh.admin_apps_status_approved);
    await userEvent.setup().click(within(row).getByRole('link', { name: 'Golden Harvest Foods' }));
    expect(await screen.findByTestId('admin-vendor-commission-current')).toHaveProperty('textContent', '12.5%（此賣家專屬費率）');
    expect(screen.getByTestId('admin-vendor-commission').textContent).toContain(zh.admin_vendors_commission_future);
    expect(screen.getByTestId('admin-vendor-payout-method').textContent).toBe('撥款方式：銀行帳戶 •••• 6789（PA-V-10001-2）');
    expect(screen.getByRole('button', { name: zh.admin_vendors_commission_save })).toBeTruthy();
  });

  it('names every order and payout status, never its code, in both languages (issue 24, item 12)', async () => {
    const base = detail(null);
    const body = {
      ...base,
      recentOrders: ORDER_STATUSES.map((status, i) => ({ ...base.recentOrders[0]!, orderId: `o-${i}`, orderNumber: `MK-10${i}`, status })),
      payouts: PAYOUT_STATUSES.map((status, i) => ({ ...base.payouts[0]!, payoutId: `P-${i}`, status })),
    };
    consoleApi({ 'GET /api/admin/vendors/V-10001': () => ({ status: 200, body }) });
    renderApp('/admin/vendors/V-10001');
    for (const [language, texts] of [
      ['en', { ...portalEn, ...en }],
      ['zh-TW', { ...portalZh, ...zh }],
    ] as const) {
      if (language === 'zh-TW') await switchLanguage('zh-TW');
      const orders = await screen.findByTestId('admin-vendor-orders', {}, { timeout: 20_000 });
      await waitFor(() => expect(orders.querySelector('th')!.textContent).toBe(texts.admin_vendors_order));
      const statusCells = (table: HTMLElement) => [...table.querySelectorAll('tbody tr')].map((row) => row.querySelectorAll('td')[1]!.textContent);
      expect(statusCells(orders), language).toEqual(ORDER_STATUSES.map((s) => texts[`order_status_${s}`]));
      expect(
        [...screen.getByTestId('admin-vendor-payout-history').querySelectorAll('tbody tr')].map((row) => row.querySelector('td')!.textContent),
        language,
      ).toEqual(PAYOUT_STATUSES.map((s) => texts[`admin_payouts_status_${s}`]));
    }
  });
});
