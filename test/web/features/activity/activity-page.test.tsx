import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ActivityPage from '../../../../web/src/features/activity/activity-page';
import type { ActivityEntry } from '../../../../contracts/activity';
import en from '../../../../web/src/i18n/en.json';
import zhTW from '../../../../web/src/i18n/zh-TW.json';
import { auth, configure, meBody, signedInUser, storeAmplifySession } from '../../amplify-mock';
import { renderApp, resetAppState } from '../../render-app';
import { renderRoute } from '../../render-route';
import { plain, stubSalesFetch, type SalesHandler } from '../../sales-fixtures';

vi.mock('aws-amplify', () => ({ Amplify: { configure } }));
vi.mock('aws-amplify/auth', () => auth);
vi.mock('aws-amplify/utils', () => ({ ConsoleLogger: {} }));

const location = () => screen.getByTestId('location').textContent;
const owner = { userId: 'sub-owner', email: 'demo.vendor@example.com' };
const staff = { userId: 'sub-staff', email: 'staff.vendor@example.com' };
const rice = { type: 'product', id: 'P-0000000001', label: 'Jasmine Rice 1 kg' };

/** The log as the API keeps it for these tests, newest first. */
const ENTRIES: ActivityEntry[] = [
  { activityId: 'a-1', at: '2026-11-20T18:30:00.000Z', actor: owner, action: 'product.price_changed', target: rice, before: { priceCents: 1200 }, after: { priceCents: 1150 } },
  { activityId: 'a-2', at: '2026-11-20T18:29:00.000Z', actor: staff, action: 'product.stock_changed', target: rice, before: { inventory: 40 }, after: { inventory: 35 } },
  { activityId: 'a-3', at: '2026-11-19T09:00:00.000Z', actor: staff, action: 'product.stock_changed', target: rice, before: { outOfStock: false }, after: { outOfStock: true } },
  { activityId: 'a-4', at: '2026-11-18T09:00:00.000Z', actor: owner, action: 'payout_method.changed', target: { type: 'payout_method', id: 'PA-1' }, before: { method: 'email', destination: 'd***@example.com' }, after: { method: 'bank', destination: '•••• 3000' } },
  { activityId: 'a-5', at: '2026-11-17T09:00:00.000Z', actor: owner, action: 'product.submitted', target: { type: 'product', id: 'P-0000000002', label: 'Oolong Tea 100 g' }, before: null, after: null },
  { activityId: 'a-6', at: '2026-11-16T09:00:00.000Z', actor: owner, action: 'member.invited', target: { type: 'member', id: 'staff.vendor@example.com', label: 'staff.vendor@example.com' }, before: null, after: { role: 'inventory' } },
  { activityId: 'a-7', at: '2026-11-15T09:00:00.000Z', actor: owner, action: 'mfa.enabled', target: null, before: null, after: null },
];

/** GET /api/activity over ENTRIES: the filters as the server applies them, `limit` a page (default 3 here), cursors `c<offset>`. */
const activityApi =
  (language: 'en' | 'zh-TW' = 'en', extra?: SalesHandler): SalesHandler =>
  (call) => {
    const answered = extra?.(call);
    if (answered) return answered;
    if (call.path === '/api/me') return { status: 200, body: meBody({ language }) };
    if (call.path !== '/api/activity') return undefined;
    const q = call.query;
    const matches = ENTRIES.filter(
      (e) =>
        (!q.get('action') || e.action === q.get('action')) &&
        (!q.get('actor') || e.actor.email === q.get('actor') || e.actor.userId === q.get('actor')) &&
        (!q.get('from') || e.at.slice(0, 10) >= q.get('from')!) &&
        (!q.get('to') || e.at.slice(0, 10) <= q.get('to')!),
    );
    const start = Number((q.get('cursor') ?? 'c0').slice(1));
    const items = matches.slice(start, start + 3);
    return { status: 200, body: { items, nextCursor: start + 3 < matches.length ? `c${start + 3}` : null } };
  };

async function openActivity(path = '/activity', handler: SalesHandler = activityApi()) {
  storeAmplifySession();
  const calls = stubSalesFetch(handler);
  renderRoute(path, { '/activity': () => <ActivityPage /> });
  await screen.findByRole('heading', { level: 1, name: new RegExp(`^(${en.activity_title}|${zhTW.activity_title})$`) }, { timeout: 15_000 });
  return { calls, user: userEvent.setup() };
}

const rows = () => screen.getAllByTestId('activity-row');
const texts = () => screen.getAllByTestId('activity-text').map((c) => plain(c.textContent));
const activityCalls = (calls: ReturnType<typeof stubSalesFetch>) => calls.filter((c) => c.path === '/api/activity');

describe('the activity page (issue 14)', () => {
  beforeEach(async () => {
    await resetAppState();
    vi.clearAllMocks();
    signedInUser();
    vi.spyOn(window, 'alert').mockImplementation(() => undefined);
  });
  afterEach(() => {
    expect(window.alert).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('is in the account menu; lists who did what, newest first, with the time in the marketplace zone; Load more appends', { timeout: 20_000 }, async () => {
    storeAmplifySession();
    const calls = stubSalesFetch(activityApi());
    renderApp('/dashboard');
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('account-button', {}, { timeout: 15_000 }));
    const item = await screen.findByTestId('activity-link');
    expect(item.textContent).toBe(en.activity_title);
    await user.click(item);
    await waitFor(() => expect(location()).toBe('/activity'));
    await waitFor(() => expect(rows()).toHaveLength(3), { timeout: 15_000 });
    expect(texts()).toEqual(['Changed the price of Jasmine Rice 1 kg: $12.00 → $11.50', 'Changed the stock of Jasmine Rice 1 kg: 40 → 35', 'Marked Jasmine Rice 1 kg out of stock']);
    expect(screen.getAllByTestId('activity-actor').map((c) => c.textContent)).toEqual([owner.email, staff.email, staff.email]);
    // 18:30Z on Nov 20 is 10:30 AM Pacific; the caption names the zone.
    const first = rows()[0]!;
    expect(plain(first.querySelector('time')!.textContent)).toBe('Nov 20, 202610:30 AM PST');
    expect(first.querySelector('time')!.getAttribute('datetime')).toBe('2026-11-20T18:30:00.000Z');
    expect(screen.getByRole('region', { name: /Pacific Time/ })).toBeTruthy();
    expect(within(screen.getByTestId('activity-table')).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([en.activity_col_when, en.activity_col_who, en.activity_col_what]);

    await user.click(screen.getByTestId('activity-load-more'));
    await waitFor(() => expect(rows()).toHaveLength(6));
    expect(texts().slice(3)).toEqual([
      'Changed the payout method: e-mail payout to d***@example.com → bank account •••• 3000',
      'Submitted Oolong Tea 100 g for review',
      'Invited staff.vendor@example.com to the team as Inventory',
    ]);
    await user.click(screen.getByTestId('activity-load-more'));
    await waitFor(() => expect(rows()).toHaveLength(7));
    expect(texts()[6]).toBe('Turned on two-step verification');
    expect(screen.queryByTestId('activity-load-more')).toBeNull();
    expect(activityCalls(calls).map((c) => c.query.get('cursor'))).toEqual([null, 'c3', 'c6']);
  });

  it('applies the filter bar through the URL and asks the API for exactly that; a reversed range is not sent; Clear shows the whole log', { timeout: 20_000 }, async () => {
    const { calls, user } = await openActivity();
    await waitFor(() => expect(rows()).toHaveLength(3), { timeout: 15_000 });
    await user.selectOptions(screen.getByTestId('activity-filter-action'), 'product.stock_changed');
    await user.type(screen.getByTestId('activity-filter-actor'), ' Staff.Vendor@Example.com ');
    await user.type(screen.getByTestId('activity-filter-from'), '2026-11-19');
    await user.click(screen.getByTestId('activity-filter-apply'));
    await waitFor(() => expect(location()).toBe('/activity?action=product.stock_changed&actor=staff.vendor%40example.com&from=2026-11-19'));
    await waitFor(() => expect(screen.getByTestId('activity-table').getAttribute('data-filter')).toBe('action=product.stock_changed&actor=staff.vendor%40example.com&from=2026-11-19'));
    await waitFor(() => expect(rows()).toHaveLength(2));
    const last = activityCalls(calls).at(-1)!;
    expect(Object.fromEntries(last.query)).toEqual({ action: 'product.stock_changed', actor: 'staff.vendor@example.com', from: '2026-11-19' });

    // A reversed range is said under the field and not sent.
    await user.type(screen.getByTestId('activity-filter-to'), '2026-11-01');
    const before = activityCalls(calls).length;
    await user.click(screen.getByTestId('activity-filter-apply'));
    expect((await screen.findByTestId('activity-filter-problem')).textContent).toBe(en.filter_from_after_to);
    expect(activityCalls(calls)).toHaveLength(before);

    // Nothing matches: said, with a way out.
    await user.click(screen.getByTestId('activity-filter-clear'));
    await waitFor(() => expect(location()).toBe('/activity'));
    await user.selectOptions(screen.getByTestId('activity-filter-action'), 'member.removed');
    await user.click(screen.getByTestId('activity-filter-apply'));
    expect((await screen.findByTestId('activity-empty')).textContent).toContain(en.activity_empty_filtered);
  });

  it('an unknown action or a bad day in the URL is dropped; a failed load says why with Try again', { timeout: 20_000 }, async () => {
    let fail = true;
    const { calls, user } = await openActivity(
      '/activity?action=product.deleted&from=2026-13-01&to=2026-11-20',
      activityApi('en', (c) => (c.path === '/api/activity' && fail ? { status: 503, body: { error: 'unavailable', message: 'Try later.' } } : undefined)),
    );
    await waitFor(() => expect(location()).toBe('/activity?to=2026-11-20'));
    const status = await screen.findByTestId('activity-status');
    await waitFor(() => expect(status.getAttribute('data-state')).toBe('failed'));
    expect(status.textContent).toContain(en.activity_load_failed.replace('{{message}}', ''));
    fail = false;
    await user.click(within(status).getByRole('button', { name: en.try_again }));
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(activityCalls(calls).every((c) => c.query.get('to') === '2026-11-20' && !c.query.has('action') && !c.query.has('from'))).toBe(true);
  });

  it('says under a change that a bulk change (or its undo) made it, naming the job, in both languages', { timeout: 20_000 }, async () => {
    const bulk: ActivityEntry[] = [
      { activityId: 'b-2', at: '2026-11-21T10:00:00.000Z', actor: owner, action: 'product.stock_changed', target: rice, before: { inventory: 6 }, after: { inventory: 40 }, via: { type: 'bulk_undo', id: 'B-0MIE1J8Q0A1B2C3' } },
      { activityId: 'b-1', at: '2026-11-21T09:00:00.000Z', actor: staff, action: 'product.price_changed', target: rice, before: { priceCents: 1250 }, after: { priceCents: 1100 }, via: { type: 'bulk_apply', id: 'B-0MIE1J8Q0A1B2C3' } },
      ENTRIES[0]!,
    ];
    const withBulk = (c: Parameters<SalesHandler>[0]) => (c.path === '/api/activity' ? { status: 200, body: { items: bulk, nextCursor: null } } : undefined);
    const vias = () => rows().map((r) => within(r).queryByTestId('activity-via')?.textContent ?? null);

    await openActivity('/activity', activityApi('en', withBulk));
    await waitFor(() => expect(rows()).toHaveLength(3), { timeout: 15_000 });
    expect(vias()).toEqual(['By undoing the bulk change B-0MIE1J8Q0A1B2C3', 'By the bulk change B-0MIE1J8Q0A1B2C3', null]);
    expect(within(rows()[1]!).getByTestId('activity-actor').textContent).toBe(staff.email);
    expect(within(rows()[1]!).getByTestId('activity-text').textContent).toContain('Changed the price of Jasmine Rice 1 kg: $12.50 → $11.00');

    await resetAppState();
    signedInUser();
    await openActivity('/activity', activityApi('zh-TW', withBulk));
    await screen.findByRole('heading', { level: 1, name: zhTW.activity_title }, { timeout: 15_000 });
    await waitFor(() => expect(rows()).toHaveLength(3), { timeout: 15_000 });
    expect(vias()).toEqual(['復原批次變更 B-0MIE1J8Q0A1B2C3', '透過批次變更 B-0MIE1J8Q0A1B2C3', null]);
  });

  it('says everything in Traditional Chinese', { timeout: 20_000 }, async () => {
    await openActivity('/activity', activityApi('zh-TW'));
    await screen.findByRole('heading', { level: 1, name: zhTW.activity_title }, { timeout: 15_000 });
    await waitFor(() => expect(rows()).toHaveLength(3), { timeout: 15_000 });
    expect(texts()).toEqual(['變更 Jasmine Rice 1 kg 的價格：US$12.00 → US$11.50', '變更 Jasmine Rice 1 kg 的庫存：40 → 35', '將 Jasmine Rice 1 kg 標示為缺貨']);
    expect(screen.getByTestId('activity-export').textContent).toBe(zhTW.activity_download_csv);
    expect(within(screen.getByTestId('activity-filter-action')).getAllByRole('option').map((o) => o.textContent)).toContain(zhTW.activity_action_product_price_changed);
    expect(within(screen.getByTestId('activity-table')).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([zhTW.activity_col_when, zhTW.activity_col_who, zhTW.activity_col_what]);
    expect(screen.getByRole('region', { name: /太平洋時間/ })).toBeTruthy();
  });
});

describe('Download CSV', () => {
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

  it('downloads the filter in force with the ID token under the server’s file name', { timeout: 20_000 }, async () => {
    const { calls, user } = await openActivity(
      '/activity?action=product.price_changed',
      activityApi('en', (c) =>
        c.path === '/api/activity.csv' ? new Response('\uFEFFat\r\n', { status: 200, headers: { 'content-disposition': 'attachment; filename="activity-V-10001-2026-11-20.csv"' } }) : undefined,
      ),
    );
    await waitFor(() => expect(rows()).toHaveLength(1), { timeout: 15_000 });
    await user.click(screen.getByTestId('activity-export'));
    await waitFor(() => expect(screen.getByTestId('activity-export-status').textContent).toBe('Downloaded activity-V-10001-2026-11-20.csv.'));
    const call = calls.find((c) => c.path === '/api/activity.csv')!;
    expect(call.url).toBe('/api/activity.csv?action=product.price_changed');
    expect(call.headers.authorization).toBe('Bearer id-token-1');
    expect(clicks).toEqual([{ download: 'activity-V-10001-2026-11-20.csv', href: 'blob:portal/1' }]);
  });

  it('a failed download is said in the page, in Chinese too', { timeout: 20_000 }, async () => {
    const { user } = await openActivity('/activity', activityApi('zh-TW', (c) => (c.path === '/api/activity.csv' ? { status: 503, body: { error: 'unavailable', message: 'Try later.' } } : undefined)));
    await waitFor(() => expect(rows()).toHaveLength(3), { timeout: 15_000 });
    await user.click(screen.getByTestId('activity-export'));
    const alert = await screen.findByTestId('activity-export-error');
    expect(alert.getAttribute('role')).toBe('alert');
    expect(alert.textContent).toContain(zhTW.export_failed.split('{{message}}')[0]!);
  });
});
