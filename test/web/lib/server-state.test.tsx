import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../../web/src/i18n/en.json';
import { auth, configure, signedInUser, storeAmplifySession } from '../amplify-mock';
import { inventoryRow } from '../features/listings/listings-fixtures';
import { renderApp, resetAppState } from '../render-app';
import { dashboardBody, orderBody, stubSalesFetch, type SalesAnswer, type SalesHandler } from '../sales-fixtures';

vi.mock('aws-amplify', () => ({ Amplify: { configure } }));
vi.mock('aws-amplify/auth', () => auth);
vi.mock('aws-amplify/utils', () => ({ ConsoleLogger: {} }));

/** Server state through TanStack Query (issue 11): what a vendor notices of the cache and its rules. */
async function open(path: string, handler: SalesHandler) {
  storeAmplifySession();
  const calls = stubSalesFetch(handler);
  renderApp(path);
  // The first render of a file loads the lazy layout and page chunks: give it time on a busy machine.
  await screen.findByRole('heading', { level: 1 }, { timeout: 15_000 });
  return { calls, user: userEvent.setup() };
}

const count = (calls: { path: string; method: string }[], path: string, method = 'GET') => calls.filter((c) => c.path === path && c.method === method).length;

describe('server state (TanStack Query, issue 11)', () => {
  beforeEach(async () => {
    await resetAppState();
    vi.clearAllMocks();
    signedInUser();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('each render of the app starts with an empty cache: nothing of the last render is shown', { timeout: 20_000 }, async () => {
    const first = await open('/dashboard', () => undefined);
    await screen.findByTestId('dashboard-balance', {}, { timeout: 15_000 });
    expect(count(first.calls, '/api/dashboard')).toBe(1);
    cleanup();

    let answer: (a: SalesAnswer) => void = () => undefined;
    const second = await open('/dashboard', (c) => (c.path === '/api/dashboard' ? new Promise<SalesAnswer>((resolve) => (answer = resolve)) : undefined));
    await waitFor(() => expect(count(second.calls, '/api/dashboard')).toBe(1));
    // Loading, with no figures from the first render's cache.
    expect(screen.getByTestId('dashboard-status').textContent).toBe(en.loading_sales);
    expect(screen.queryByTestId('dashboard-balance')).toBeNull();
    answer({ status: 200, body: dashboardBody() });
    await screen.findByTestId('dashboard-balance', {}, { timeout: 15_000 });
  });

  it('a failed load is said at once, without automatic retries, and Try again asks the server again', { timeout: 20_000 }, async () => {
    let fail = true;
    const { calls, user } = await open('/dashboard', (c) => (c.path === '/api/dashboard' && fail ? { status: 503, body: { error: 'unavailable', message: 'Try later.' } } : undefined));
    const status = screen.getByTestId('dashboard-status');
    await waitFor(() => expect(status.getAttribute('data-state')).toBe('failed'));
    expect(status.textContent).toContain('Try later.');
    // No retry behind the vendor's back: one request, and it stays one.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(count(calls, '/api/dashboard')).toBe(1);
    expect(status.getAttribute('data-state')).toBe('failed');

    fail = false;
    await user.click(within(status).getByRole('button', { name: en.try_again }));
    await screen.findByTestId('dashboard-balance', {}, { timeout: 15_000 });
    expect(count(calls, '/api/dashboard')).toBe(2);
    expect(status.getAttribute('data-state')).toBe('idle');
  });

  it('back on a page seen before, its last answer shows at once, marked busy, while the server is asked again', { timeout: 20_000 }, async () => {
    let hold: ((a: SalesAnswer) => void) | null = null;
    let holding = false;
    const orders: SalesAnswer = { status: 200, body: { orders: [orderBody(1), orderBody(2)], nextCursor: null } };
    const { calls, user } = await open('/orders', (c) => {
      if (c.path !== '/api/orders') return undefined;
      return holding ? new Promise<SalesAnswer>((resolve) => (hold = resolve)) : orders;
    });
    const table = await screen.findByTestId('orders-table', {}, { timeout: 15_000 });
    await waitFor(() => expect(table.getAttribute('aria-busy')).toBe('false'));

    await user.click(screen.getByRole('link', { name: en.nav_dashboard }));
    await screen.findByTestId('dashboard-balance', {}, { timeout: 15_000 });
    holding = true;
    await user.click(screen.getByRole('link', { name: en.nav_orders }));
    // The cached page is there before the new answer, busy.
    const again = await screen.findByTestId('orders-table', {}, { timeout: 15_000 });
    expect(again.getAttribute('aria-busy')).toBe('true');
    expect(screen.getAllByTestId('order-row')).toHaveLength(2);
    await waitFor(() => expect(count(calls, '/api/orders')).toBe(2));
    hold!(orders);
    await waitFor(() => expect(screen.getByTestId('orders-table').getAttribute('aria-busy')).toBe('false'));
  });

  it('a failed "Load more" keeps the rows shown, and Try again asks for that next page, not the first', { timeout: 20_000 }, async () => {
    let failNext = true;
    const { calls, user } = await open('/inventory', (c) => {
      if (c.path !== '/api/inventory') return undefined;
      if (!c.query.get('cursor')) return { status: 200, body: { items: [inventoryRow(1), inventoryRow(2)], total: 3, nextCursor: 'n2' } };
      return failNext ? { status: 503, body: { error: 'unavailable', message: 'Try later.' } } : { status: 200, body: { items: [inventoryRow(3)], total: 3 } };
    });
    await waitFor(() => expect(screen.getAllByTestId('inventory-row')).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: en.load_more }));
    const status = screen.getByTestId('inventory-status');
    await waitFor(() => expect(status.getAttribute('data-state')).toBe('failed'));
    expect(screen.getAllByTestId('inventory-row')).toHaveLength(2);

    failNext = false;
    await user.click(within(status).getByRole('button', { name: en.try_again }));
    await waitFor(() => expect(screen.getAllByTestId('inventory-row')).toHaveLength(3));
    const urls = calls.filter((c) => c.path === '/api/inventory').map((c) => c.query.get('cursor'));
    expect(urls).toEqual([null, 'n2', 'n2']);
    expect(status.getAttribute('data-state')).toBe('idle');
  });

  it('after saving a payout method the page shows it at once and reads it back from the server (no reload)', { timeout: 20_000 }, async () => {
    let method: Record<string, unknown> = { method: null, holdDays: 3 };
    const { calls, user } = await open('/payouts', (c) => {
      if (c.path === '/api/payout-method' && c.method === 'GET') return { status: 200, body: method };
      if (c.path === '/api/payout-method' && c.method === 'PUT') {
        method = { method: 'email', payoutAccountId: 'PA-9', destination: 'n***@example.com', email: 'new@example.com', holdUntil: null, holdDays: 3 };
        return { status: 200, body: method };
      }
      if (c.path === '/api/payouts') return { status: 200, body: { payouts: [], balanceCents: 0, minimumPayoutCents: 5000, feeCents: 100, nextPayoutDate: '2026-12-15', timeZone: 'UTC' } };
      return undefined;
    });
    await user.click(await screen.findByTestId('payout-setup-email', {}, { timeout: 15_000 }));
    expect(count(calls, '/api/payout-method')).toBe(1);
    await user.type(screen.getByTestId('payout-email'), 'new@example.com');
    await user.click(screen.getByTestId('payout-email-save'));
    await waitFor(() => expect(screen.getByTestId('payout-method').textContent).toBe(`${en.payout_method_email}: n***@example.com`));
    expect(screen.getByTestId('payout-account-id').textContent).toBe('PA-9');
    // The saved method was invalidated: the page asked for it again, and no "Loading" replaced it meanwhile.
    await waitFor(() => expect(count(calls, '/api/payout-method')).toBe(2));
    expect(screen.getByTestId('payout-method-status').getAttribute('data-state')).toBe('idle');
    expect(screen.getByTestId('payout-method').textContent).toBe(`${en.payout_method_email}: n***@example.com`);
  });
});
