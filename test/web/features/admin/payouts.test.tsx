import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { switchLanguage } from '../../../../web/src/i18n/i18n';
import { auth, configure, signedInUser, storeAmplifySession, stubFetch, USER_ID, type FetchCall } from '../../amplify-mock';
import { renderApp, resetAppState } from '../../render-app';

vi.mock('aws-amplify', () => ({ Amplify: { configure } }));
vi.mock('aws-amplify/auth', () => auth);
vi.mock('aws-amplify/utils', () => ({ ConsoleLogger: {} }));

const adminMe = { userId: USER_ID, email: 'ops@example.com', groups: ['admins'], roles: ['admin'], status: null, vendorId: null, vendorName: null, language: null, payoutAccountId: null };

const payout = (over: Record<string, unknown>) => ({
  payoutId: 'P-V-90001-2026-03-1',
  vendorId: 'V-90001',
  vendorName: 'Lotus Tea House',
  periodId: '2026-03-1',
  periodFrom: '2026-03-01',
  periodTo: '2026-03-15',
  status: 'failed',
  amountCents: 36_420,
  feeCents: 100,
  paidCents: 36_320,
  method: 'email',
  destination: 'p***@lotus-tea.example.com',
  createdAt: '2026-03-15T10:00:00.000Z',
  updatedAt: '2026-03-15T10:00:05.000Z',
  submittedAt: null,
  failureReason: 'recipient_unavailable',
  retryCount: 0,
  ...over,
});
const FAILED = payout({});
const ODD = payout({ payoutId: 'P-V-90003-2026-03-1', vendorId: 'V-90003', vendorName: null, failureReason: 'provider_said_no' });
const AWAITING = payout({
  payoutId: 'P-V-90002-2026-03-1',
  vendorId: 'V-90002',
  vendorName: 'Harbor Spice Co.',
  status: 'pending',
  method: 'bank',
  destination: '•••• 3000',
  amountCents: 52_800,
  paidCents: 52_700,
  failureReason: null,
  submittedAt: '2026-03-15T10:00:03.000Z',
});

type Api = (call: FetchCall) => { status: number; body?: unknown } | undefined;

function adminApi(api: Api) {
  return stubFetch((call) => {
    if (call.url === '/api/me' && call.method === 'GET') return { status: 200, body: adminMe };
    return api(call) ?? { status: 404, body: { error: 'not_found', message: 'No such route.' } };
  });
}

const open = async (path: string) => {
  storeAmplifySession();
  renderApp(path);
  return screen.findByRole('heading', { level: 1, name: /^(Payouts|撥款)$/ }, { timeout: 15_000 });
};

describe('the ops console: Payouts (issue 13)', () => {
  beforeEach(async () => {
    await resetAppState();
    vi.clearAllMocks();
    signedInUser('ops@example.com');
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    await switchLanguage('en');
  });

  it('lists failed payouts (the Overview link) with the reason translated when known, and Retry asks first, then retries with the count seen', async () => {
    let retried = false;
    const calls = adminApi((call) => {
      if (call.url === '/api/admin/payouts?view=failed') return { status: 200, body: { items: retried ? [ODD] : [FAILED, ODD], nextCursor: null } };
      if (call.url === `/api/admin/payouts/${FAILED.payoutId}/retry`) {
        retried = true;
        return { status: 200, body: { outcome: 'retried', payout: { ...FAILED, status: 'pending', retryCount: 1, failureReason: null } } };
      }
      return undefined;
    });
    await open('/admin/payouts?status=failed');
    const row = await screen.findByTestId(`admin-payout-${FAILED.payoutId}`, {}, { timeout: 15_000 });
    expect(within(row).getByRole('rowheader').textContent).toContain('Lotus Tea House');
    expect(within(row).getByTestId('admin-payout-reason').textContent).toBe('The provider could not pay this recipient');
    expect(within(screen.getByTestId(`admin-payout-${ODD.payoutId}`)).getByTestId('admin-payout-reason').textContent).toBe('provider_said_no');
    expect(screen.getByTestId('admin-payouts-view-failed').getAttribute('aria-current')).toBe('page');
    expect(document.title).toBe('Payouts · Seller Portal');

    const user = userEvent.setup();
    await user.click(within(row).getByTestId('admin-payout-retry'));
    const dialog = await screen.findByRole('dialog', { name: 'Retry this payout?' });
    expect(within(dialog).getByTestId('admin-payouts-dialog-text').textContent).toContain('$363.20 to Lotus Tea House');
    // Cancel sends nothing.
    await user.click(within(dialog).getByTestId('admin-payouts-dialog-cancel'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.click(within(row).getByTestId('admin-payout-retry'));
    await user.click(within(await screen.findByRole('dialog')).getByTestId('admin-payouts-dialog-submit'));
    expect((await screen.findByTestId('admin-payouts-notice')).textContent).toBe('The payout to Lotus Tea House was sent for retry.');
    expect(screen.getByTestId('admin-payouts-notice').getAttribute('role')).toBe('status');
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toEqual([expect.objectContaining({ url: `/api/admin/payouts/${FAILED.payoutId}/retry`, body: { retryCount: 0 } })]);
    // The list is read again: the retried payout has left it.
    await waitFor(() => expect(screen.queryByTestId(`admin-payout-${FAILED.payoutId}`)).toBeNull());
  });

  it('says in the dialog why a retry was refused, in Traditional Chinese', async () => {
    adminApi((call) => {
      if (call.url === '/api/admin/payouts?view=failed') return { status: 200, body: { items: [FAILED], nextCursor: null } };
      if (call.url.endsWith('/retry')) return { status: 409, body: { error: 'payout_retry_blocked', message: 'The vendor has no payout method.' } };
      return undefined;
    });
    await switchLanguage('zh-TW');
    await open('/admin/payouts?status=failed');
    const row = await screen.findByTestId(`admin-payout-${FAILED.payoutId}`, {}, { timeout: 15_000 });
    expect(within(row).getByTestId('admin-payout-reason').textContent).toBe('撥款服務商無法付款給此收款人');
    expect(within(row).getByTestId('admin-payout-status').textContent).toBe('失敗');
    const user = userEvent.setup();
    await user.click(within(row).getByRole('button', { name: '重試' }));
    const dialog = await screen.findByRole('dialog', { name: '要重試這筆撥款嗎？' });
    await user.click(within(dialog).getByRole('button', { name: '重試撥款' }));
    const alert = await within(dialog).findByTestId('admin-payouts-dialog-error');
    expect(alert.getAttribute('role')).toBe('alert');
    expect(alert.textContent).toContain('操作未完成：目前無法重試這筆撥款');
  });

  it('confirms a bank transfer failed with the reason typed, in Traditional Chinese', async () => {
    const calls = adminApi((call) => {
      if (call.url === '/api/admin/payouts?view=awaiting') return { status: 200, body: { items: [AWAITING], nextCursor: null } };
      if (call.url === `/api/admin/payouts/${AWAITING.payoutId}/confirm`) {
        return { status: 200, body: { outcome: 'failed', payout: { ...AWAITING, status: 'failed', failureReason: 'Account closed' } } };
      }
      return undefined;
    });
    await switchLanguage('zh-TW');
    await open('/admin/payouts?status=awaiting');
    const row = await screen.findByTestId(`admin-payout-${AWAITING.payoutId}`, {}, { timeout: 15_000 });
    expect(within(row).getByTestId('admin-payout-status').textContent).toBe('處理中');
    expect(screen.getByTestId('admin-payouts-batch-2026-03-1').textContent).toMatch(/^下載銀行批次 /);
    const user = userEvent.setup();
    await user.click(within(row).getByRole('button', { name: '確認失敗' }));
    const dialog = await screen.findByRole('dialog', { name: '確認轉帳失敗？' });
    await user.type(within(dialog).getByLabelText('原因（選填）'), 'Account closed');
    await user.click(within(dialog).getByRole('button', { name: '確認失敗' }));
    expect((await screen.findByTestId('admin-payouts-notice')).textContent).toBe('已確認給 Harbor Spice Co. 的轉帳失敗；US$527.00 已退回其餘額。');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([expect.objectContaining({ body: { outcome: 'failed', reason: 'Account closed' } })]);
  });

  it('confirms a bank transfer paid and downloads the bank batch (English)', async () => {
    const createObjectURL = vi.fn(() => 'blob:batch');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const calls = adminApi((call) => {
      if (call.url === '/api/admin/payouts?view=awaiting') return { status: 200, body: { items: [AWAITING], nextCursor: null } };
      if (call.url.endsWith('/confirm')) return { status: 200, body: { outcome: 'paid', payout: { ...AWAITING, status: 'paid' } } };
      if (call.url === '/api/admin/payouts/bank-batch') return { status: 200, body: { periodId: '2026-03-1', fileName: 'bank-transfers-2026-03-1.csv', rows: 1, csv: 'payoutId\r\n' } };
      return undefined;
    });
    await open('/admin/payouts?status=awaiting');
    await screen.findByTestId(`admin-payout-${AWAITING.payoutId}`, {}, { timeout: 15_000 });
    const user = userEvent.setup();
    await user.click(screen.getByTestId('admin-payouts-batch-2026-03-1'));
    expect((await screen.findByTestId('admin-payouts-notice')).textContent).toMatch(/^Bank batch .+ downloaded \(1 transfers\)\. It contains full account numbers: keep it safe\.$/);
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(saved).toEqual(['bank-transfers-2026-03-1.csv']);
    await user.click(screen.getByRole('button', { name: 'Confirm paid' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Confirm the transfer was paid?' })).getByRole('button', { name: 'Confirm paid' }));
    expect((await screen.findByTestId('admin-payouts-notice')).textContent).toBe('The transfer to Harbor Spice Co. is confirmed paid.');
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.url, c.body])).toEqual([
      ['/api/admin/payouts/bank-batch', { periodId: '2026-03-1' }],
      [`/api/admin/payouts/${AWAITING.payoutId}/confirm`, { outcome: 'paid' }],
    ]);
  });

  it("shows a period's figures and payouts, in English and in Traditional Chinese", async () => {
    const calls = adminApi((call) => {
      if (call.url === '/api/admin/payouts/periods/2026-03-1') {
        return {
          status: 200,
          body: {
            period: { id: '2026-03-1', from: '2026-03-01', to: '2026-03-15' },
            payouts: 3,
            vendorsPaid: 1,
            counts: { pending: 1, paid: 1, failed: 1 },
            totals: { grossSalesCents: 150_000, commissionCents: 22_500, amountCents: 127_500, feeCents: 300, paidCents: 127_200 },
            paidOutCents: 38_000,
          },
        };
      }
      if (call.url === '/api/admin/payouts?view=period&period=2026-03-1') return { status: 200, body: { items: [FAILED, AWAITING], nextCursor: null } };
      return undefined;
    });
    await open('/admin/payouts?period=2026-03-1');
    const figures = await screen.findByTestId('admin-payouts-summary', {}, { timeout: 15_000 });
    expect(within(figures).getByTestId('admin-payouts-summary-gross').textContent).toBe('Gross sales$1,500.00');
    expect(within(figures).getByTestId('admin-payouts-summary-commission').textContent).toBe('Commission$225.00');
    expect(within(figures).getByTestId('admin-payouts-summary-fees').textContent).toBe('Transfer fees$3.00');
    expect(within(figures).getByTestId('admin-payouts-summary-paid_out').textContent).toBe('Paid to vendors$380.00');
    expect(within(figures).getByTestId('admin-payouts-summary-vendors_paid').textContent).toBe('Vendors paid1');
    expect(within(figures).getByTestId('admin-payouts-summary-count_failed').textContent).toBe('Failed1');
    expect(await screen.findByTestId(`admin-payout-${AWAITING.payoutId}`)).toBeTruthy();
    expect((screen.getByTestId('admin-payouts-period') as HTMLSelectElement).value).toBe('2026-03-1');
    expect(calls.map((c) => c.url)).toContain('/api/admin/payouts/periods/2026-03-1');

    await switchLanguage('zh-TW');
    expect(await screen.findByRole('heading', { level: 1, name: '撥款' })).toBeTruthy();
    expect(within(screen.getByTestId('admin-payouts-summary')).getByTestId('admin-payouts-summary-gross').textContent).toBe('銷售總額US$1,500.00');
    expect(screen.getByTestId('admin-payouts-view-awaiting').textContent).toBe('等待確認的銀行轉帳');
  });
});
