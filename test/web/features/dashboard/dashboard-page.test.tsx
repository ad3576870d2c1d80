import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import DashboardPage from '../../../../web/src/features/dashboard/dashboard-page';
import en from '../../../../web/src/i18n/en.json';
import zhTW from '../../../../web/src/i18n/zh-TW.json';
import { auth, configure, meBody, signedInUser, storeAmplifySession } from '../../amplify-mock';
import { resetAppState } from '../../render-app';
import { renderRoute } from '../../render-route';
import { dashboardBody, plain, stubSalesFetch, type SalesHandler } from '../../sales-fixtures';

vi.mock('aws-amplify', () => ({ Amplify: { configure } }));
vi.mock('aws-amplify/auth', () => auth);
vi.mock('aws-amplify/utils', () => ({ ConsoleLogger: {} }));

const PERIODS = [
  ['today', en.period_today],
  ['last7Days', en.period_7_days],
  ['last15Days', en.period_15_days],
  ['last30Days', en.period_30_days],
] as const;

async function openDashboard(handler?: SalesHandler) {
  storeAmplifySession();
  const calls = stubSalesFetch(handler);
  renderRoute('/dashboard', { '/dashboard': () => <DashboardPage /> });
  await screen.findByTestId('dashboard-vendor-id', {}, { timeout: 15_000 });
  return calls;
}

const figures = () => screen.findByTestId('dashboard-balance', {}, { timeout: 15_000 });

describe('dashboard (spec §2, issue 4)', () => {
  beforeEach(async () => {
    await resetAppState();
    vi.clearAllMocks();
    signedInUser();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("says it is loading, then shows Today, 7 Days, 15 Days and 30 Days with sales and quantity sold", { timeout: 20_000 }, async () => {
    let answer: (v: { status: number; body: unknown }) => void = () => undefined;
    const calls = await openDashboard((call) => (call.path === '/api/dashboard' ? new Promise((resolve) => (answer = resolve)) : undefined));
    expect(screen.getByTestId('dashboard-status').textContent).toBe(en.loading_sales);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(en.dashboard_title);
    expect(screen.getByTestId('dashboard-vendor-id').textContent).toBe('V-10001');
    // The Sales heading and its days note (the marketplace's zone, from /config.json) come with the page, not with the figures.
    expect(screen.getByRole('heading', { level: 2, name: en.sales_heading })).toBeTruthy();
    await waitFor(() => expect(screen.getByText(/^Days are marketplace days \(/).textContent).toMatch(/Pacific/));
    const body = dashboardBody();
    await waitFor(() => answer({ status: 200, body }));
    await figures();
    expect(calls.find((c) => c.path === '/api/dashboard')?.headers.authorization).toBe('Bearer id-token-1');
    expect(screen.getByTestId('dashboard-status').textContent).toBe('');
    for (const [key, label] of PERIODS) {
      const card = screen.getByTestId(`period-${key}`);
      expect(within(card).getByRole('heading', { level: 3 }).textContent).toBe(label);
      const period = body.periods[key];
      expect(within(card).getByTestId('period-amount').textContent).toBe(`$${(period.amountCents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`);
      expect(within(card).getByTestId('period-quantity').textContent).toBe(String(period.quantity));
      expect(within(card).getByTestId('period-orders').textContent).toBe(String(period.orders));
      expect(within(card).getByText(en.quantity_sold)).toBeTruthy();
    }
    expect(plain(within(screen.getByTestId('period-last7Days')).getByText(/Mar/).textContent)).toBe('Mar 2 – 8, 2026');
  });

  it('shows the balance, the next payout day and the minimum-payout rule (USD 50, else it rolls over)', async () => {
    await openDashboard();
    expect((await figures()).textContent).toBe('$2,543.10');
    expect(screen.getByRole('heading', { level: 2, name: en.current_balance })).toBeTruthy();
    expect(screen.getByTestId('dashboard-next-payout').textContent).toBe('Sunday, March 15, 2026');
    expect(screen.getByTestId('dashboard-next-payout').querySelector('time')?.getAttribute('datetime')).toBe('2026-03-15');
    expect(screen.getByTestId('payout-rule').textContent).toBe(en.payout_schedule.replace('{{minimum}}', '$50.00'));
    expect(screen.queryByTestId('balance-note')).toBeNull();
  });

  it('a negative balance shows with its sign and an explanation; a balance under the minimum says it rolls over', async () => {
    await openDashboard((call) => (call.path === '/api/dashboard' ? { status: 200, body: dashboardBody({ balanceCents: -1234 }) } : undefined));
    expect((await figures()).textContent).toBe('-$12.34');
    expect(screen.getByTestId('dashboard-balance').className).toContain('balance-negative');
    expect(screen.getByTestId('balance-note').textContent).toBe(en.balance_negative);
  });

  it('a balance under the minimum payout says it rolls over', async () => {
    await openDashboard((call) => (call.path === '/api/dashboard' ? { status: 200, body: dashboardBody({ balanceCents: 4999 }) } : undefined));
    expect((await figures()).textContent).toBe('$49.99');
    expect(screen.getByTestId('balance-note').textContent).toBe(en.balance_below_minimum.replace('{{minimum}}', '$50.00'));
  });

  it('draws the 30 days as a hidden chart and gives the same numbers as a table, shown on request', async () => {
    const user = userEvent.setup();
    await openDashboard();
    await figures();
    const table = await screen.findByRole('table', { name: en.daily_sales_table_caption }, { timeout: 15_000 });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(30);
    const body = dashboardBody();
    expect(rows.map((r) => r.querySelector('time')?.getAttribute('datetime'))).toEqual(body.daily.map((d) => d.day));
    expect(within(rows[29]!).getAllByRole('cell').map((c) => c.textContent)).toEqual(['$300.99', '30', '2']);
    expect(within(rows[0]!).getAllByRole('cell').map((c) => c.textContent)).toEqual(['$0.00', '0', '0']);
    // The drawing is hidden from assistive technology; the table is in the page for screen readers.
    const svg = document.querySelector('.sales-chart svg')!;
    expect(svg.getAttribute('aria-hidden')).toBe('true');
    expect(svg.querySelectorAll('rect')).toHaveLength(body.daily.filter((d) => d.amountCents > 0).length);
    expect(table.parentElement?.className).toBe('visually-hidden');
    const toggle = screen.getByRole('button', { name: en.show_as_table });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(table.parentElement?.className).toBe('sales-table-wrap');
    expect(screen.getByTestId('daily-sales-summary').textContent).toMatch(/^\$\d[\d,]*\.\d\d from \d+ orders in 30 days\. Best day: Mar 8, 2026, \$300\.99\.$/);
  });

  it('an error says what failed, politely (no alert), and Try again loads the figures', async () => {
    const user = userEvent.setup();
    let n = 0;
    await openDashboard((call) => (call.path === '/api/dashboard' && ++n === 1 ? { status: 503, body: { error: 'unavailable', message: 'Try later' } } : undefined));
    const status = screen.getByTestId('dashboard-status');
    await waitFor(() => expect(status.textContent).toContain(en.sales_load_failed.replace('{{message}}', 'Try later')));
    expect(status.getAttribute('role')).toBe('status');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByTestId('dashboard-vendor-id').textContent).toBe('V-10001');
    await user.click(within(status).getByRole('button', { name: en.try_again }));
    expect((await figures()).textContent).toBe('$2,543.10');
    expect(n).toBe(2);
  });

  it('an answer of the wrong shape is an error too, not NaN on the page', async () => {
    await openDashboard((call) => (call.path === '/api/dashboard' ? { status: 200, body: { ...dashboardBody(), balanceCents: '2543.10' } } : undefined));
    await waitFor(() => expect(screen.getByTestId('dashboard-status').textContent).toContain('unexpected shape'));
    expect(screen.queryByTestId('dashboard-balance')).toBeNull();
    expect(document.body.textContent).not.toContain('NaN');
  });

  it('speaks Traditional Chinese: period names and US$ amounts', async () => {
    // The vendor's stored language is applied when the session is restored.
    await openDashboard((call) => (call.path === '/api/me' ? { status: 200, body: meBody({ language: 'zh-TW' }) } : undefined));
    expect((await figures()).textContent).toBe('US$2,543.10');
    expect(within(screen.getByTestId('period-last7Days')).getByRole('heading', { level: 3 }).textContent).toBe(zhTW.period_7_days);
    expect(within(screen.getByTestId('period-today')).getByRole('heading', { level: 3 }).textContent).toBe(zhTW.period_today);
    expect(screen.getByTestId('dashboard-next-payout').textContent).toBe('2026年3月15日 星期日');
    expect(screen.getByTestId('payout-rule').textContent).toBe(zhTW.payout_schedule.replace('{{minimum}}', 'US$50.00'));
    expect(await screen.findByRole('table', { name: zhTW.daily_sales_table_caption }, { timeout: 15_000 })).toBeTruthy();
  });
});
