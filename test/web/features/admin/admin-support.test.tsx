import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminSupportCase } from '../../../../contracts/support/thread';
import { switchLanguage } from '../../../../web/src/i18n/i18n';
import { auth, configure, signedInUser, storeAmplifySession, stubFetch, USER_ID, type FetchCall } from '../../amplify-mock';
import { renderApp, resetAppState } from '../../render-app';

vi.mock('aws-amplify', () => ({ Amplify: { configure } }));
vi.mock('aws-amplify/auth', () => auth);
vi.mock('aws-amplify/utils', () => ({ ConsoleLogger: {} }));

const SOON = { timeout: 15_000 };
const adminMe = { userId: USER_ID, email: 'ops@example.com', groups: ['admins'], roles: ['admin'], status: null, vendorId: null, vendorName: null, language: null, payoutAccountId: null };

const caseOf = (caseId: string, vendorId: string, over: Partial<AdminSupportCase> = {}): AdminSupportCase => ({
  caseId,
  vendorId,
  category: 'payouts_category',
  status: 'open',
  createdAt: '2026-11-20T09:30:00.000Z',
  lastActivityAt: '2026-11-20T09:30:00.000Z',
  lastAuthor: 'vendor',
  preview: 'Where is my November payout?',
  messageCount: 1,
  messages: [{ messageId: 'first', author: 'vendor', body: 'Where is my November payout?', at: '2026-11-20T09:30:00.000Z' }],
  vendor: { vendorId, name: 'Golden Harvest Foods', email: 'demo.vendor@example.com' },
  ...over,
});

/** The inbox as the API keeps it in these tests (what lambdas/admin/support-handler.ts answers). */
class FakeInbox {
  cases: AdminSupportCase[] = [
    caseOf('SC-20261120-093000-7F3A', 'V-10001'),
    caseOf('SC-20261121-100000-AAAA', 'V-10002', { category: 'report_bug', preview: 'Chart broken', vendor: { vendorId: 'V-10002', name: 'Blue Sea', email: 'b@example.com' } }),
    caseOf('SC-20261119-100000-BBBB', 'V-10001', { status: 'closed' }),
  ];
  /** The next action answers this instead (a conflict). */
  conflict: { status: number; body: unknown } | null = null;

  answer(call: FetchCall): { status: number; body?: unknown } {
    const url = new URL(call.url, 'http://localhost');
    if (url.pathname === '/api/admin/support') {
      const status = url.searchParams.get('status') ?? 'open';
      const category = url.searchParams.get('category');
      const vendorId = url.searchParams.get('vendorId');
      const items = this.cases
        .filter((c) => c.status === status && (!category || c.category === category) && (!vendorId || c.vendorId === vendorId))
        .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
        .map(({ messages: _m, vendor: _v, ...summary }) => summary);
      return { status: 200, body: { items, nextCursor: null } };
    }
    const match = /^\/api\/admin\/support\/([^/]+)\/([^/]+)(?:\/(reply|close|reopen))?$/.exec(url.pathname);
    const found = match && this.cases.find((c) => c.vendorId === match[1] && c.caseId === match[2]);
    if (!found) return { status: 404, body: { error: 'support_case_not_found', message: 'No such support case.' } };
    const action = match[3];
    if (!action) return { status: 200, body: found };
    if (this.conflict) {
      const answer = this.conflict;
      this.conflict = null;
      found.status = 'closed';
      return answer;
    }
    if (action === 'reply') {
      found.messages.push({ messageId: 'm1', author: 'ops', body: (call.body as { message: string }).message, at: '2026-11-20T10:00:00.000Z' });
      Object.assign(found, { status: 'answered', lastAuthor: 'ops', lastActivityAt: '2026-11-20T10:00:00.000Z', messageCount: found.messages.length });
    } else found.status = action === 'close' ? 'closed' : 'open';
    return { status: 200, body: found };
  }
}

let inbox: FakeInbox;

function adminAt(path: string) {
  storeAmplifySession();
  const calls = stubFetch((call) => {
    if (call.url === '/api/me' && call.method === 'GET') return { status: 200, body: adminMe };
    if (call.url.startsWith('/api/admin/support')) return inbox.answer(call);
    return { status: 403, body: { error: 'vendor_not_approved', message: 'Your vendor account is not approved.' } };
  });
  renderApp(path);
  return { calls, user: userEvent.setup() };
}

const location = () => screen.getByTestId('location').textContent;
const caseIds = () => screen.getAllByTestId('admin-support-case').map((c) => within(c).getByRole('link').textContent);

describe('the ops console’s support inbox (issue 13, screen 4)', () => {
  beforeEach(async () => {
    await resetAppState();
    vi.clearAllMocks();
    signedInUser('ops@example.com');
    inbox = new FakeInbox();
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    await switchLanguage('en');
  });

  it('lists open cases oldest first; the status tabs and the category and vendor filters change the list and the URL', async () => {
    const { user, calls } = adminAt('/admin/support');
    expect(await screen.findByRole('heading', { level: 1, name: 'Support inbox' }, SOON)).toBeTruthy();
    await screen.findAllByTestId('admin-support-case', {}, SOON);
    expect(caseIds()).toEqual(['SC-20261120-093000-7F3A', 'SC-20261121-100000-AAAA']);
    expect(screen.getByTestId('admin-support-tab-open').getAttribute('aria-current')).toBe('page');
    const first = screen.getAllByTestId('admin-support-case')[0]!;
    expect(first.textContent).toContain('V-10001');
    expect(first.textContent).toContain('Payouts');
    expect(first.textContent).toContain('Last message');

    await user.selectOptions(screen.getByLabelText('Category'), 'report_bug');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(caseIds()).toEqual(['SC-20261121-100000-AAAA']), SOON);
    expect(location()).toBe('/admin/support?status=open&category=report_bug');

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await user.type(screen.getByLabelText('Vendor ID'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(screen.getByTestId('admin-support-vendor-error').textContent).toBe('Enter a vendor ID such as V-10001, or leave it empty.');
    await user.clear(screen.getByLabelText('Vendor ID'));
    await user.type(screen.getByLabelText('Vendor ID'), 'v-10001');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(caseIds()).toEqual(['SC-20261120-093000-7F3A']), SOON);
    expect(calls.some((c) => c.url === '/api/admin/support?status=open&vendorId=V-10001')).toBe(true);

    await user.click(screen.getByTestId('admin-support-tab-closed'));
    await waitFor(() => expect(caseIds()).toEqual(['SC-20261119-100000-BBBB']), SOON);
    await user.click(screen.getByTestId('admin-support-tab-answered'));
    expect(await screen.findByTestId('admin-support-empty', {}, SOON)).toBeTruthy();
  });

  it('a case: the thread, the vendor, reply (then answered), close and reopen, each said in the page', async () => {
    const { user, calls } = adminAt('/admin/support');
    await screen.findAllByTestId('admin-support-case', {}, SOON);
    await user.click(screen.getByRole('link', { name: 'SC-20261120-093000-7F3A' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Support case SC-20261120-093000-7F3A' }, SOON)).toBeTruthy();
    expect(location()).toBe('/admin/support/V-10001/SC-20261120-093000-7F3A');
    expect((await screen.findByTestId('admin-support-vendor-name', {}, SOON)).textContent).toBe('Golden Harvest Foods');
    expect(screen.getByRole('link', { name: 'demo.vendor@example.com' })).toBeTruthy();
    expect(screen.getByTestId('admin-support-case-state').textContent).toBe('Open');

    await user.type(screen.getByLabelText('Reply to the vendor'), 'We are checking with the bank.');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    expect((await screen.findByRole('alert', {}, SOON)).textContent).toContain('Reply sent. The vendor has been notified.');
    expect(screen.getAllByTestId('admin-support-message').map((m) => m.getAttribute('data-author'))).toEqual(['vendor', 'ops']);
    expect(screen.getByTestId('admin-support-case-state').textContent).toBe('Answered');

    await user.click(screen.getByRole('button', { name: 'Close case' }));
    await waitFor(() => expect(screen.getByTestId('admin-support-case-state').textContent).toBe('Closed'), SOON);
    expect(screen.getByRole('alert').textContent).toContain('The case is closed.');
    expect(screen.queryByLabelText('Reply to the vendor')).toBeNull();
    expect(screen.getByTestId('admin-support-closed-note')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Reopen case' }));
    await waitFor(() => expect(screen.getByTestId('admin-support-case-state').textContent).toBe('Open'), SOON);
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.url.split('/').at(-1), c.body])).toEqual([
      ['reply', { message: 'We are checking with the bank.' }],
      ['close', {}],
      ['reopen', {}],
    ]);
  });

  it('a reply racing a close: the 409 is said in the page, the text is kept and the case shows as closed', async () => {
    inbox.conflict = { status: 409, body: { error: 'support_case_closed', message: 'This support case is closed (it may have just been closed by someone else). Reopen it to reply.' } };
    const { user } = adminAt('/admin/support/V-10001/SC-20261120-093000-7F3A');
    await user.type(await screen.findByLabelText('Reply to the vendor', {}, SOON), 'Late reply.');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    expect((await screen.findByRole('alert', {}, SOON)).textContent).toContain('The reply could not be sent: This support case is closed (it may have just been closed by someone else).');
    await waitFor(() => expect(screen.getByTestId('admin-support-case-state').textContent).toBe('Closed'), SOON);
  });

  it('the Overview’s open-cases link lands on the Open tab; a path that is no case says not found', async () => {
    const { user } = adminAt('/admin/support/nope');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' }, SOON)).toBeTruthy();
    await user.click(screen.getByRole('link', { name: 'Back to the support inbox' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Support inbox' }, SOON)).toBeTruthy();
    await screen.findAllByTestId('admin-support-case', {}, SOON);
    expect(screen.getByTestId('admin-support-tab-open').getAttribute('aria-current')).toBe('page');
  });

  it('in Traditional Chinese: the inbox, the case page and a conflict', async () => {
    await switchLanguage('zh-TW');
    inbox.conflict = { status: 409, body: { error: 'support_case_closed', message: 'closed' } };
    const { user } = adminAt('/admin/support');
    expect(await screen.findByRole('heading', { level: 1, name: '客服收件匣' }, SOON)).toBeTruthy();
    await screen.findAllByTestId('admin-support-case', {}, SOON);
    expect(screen.getByTestId('admin-support-tab-open').textContent).toBe('待處理');
    expect(screen.getByRole('button', { name: '套用篩選' })).toBeTruthy();
    expect(screen.getAllByTestId('admin-support-case')[0]!.textContent).toContain('撥款');
    await user.click(screen.getByRole('link', { name: 'SC-20261120-093000-7F3A' }));
    expect(await screen.findByRole('heading', { level: 1, name: '客服案件 SC-20261120-093000-7F3A' }, SOON)).toBeTruthy();
    await user.type(await screen.findByLabelText('回覆賣家', {}, SOON), '我們正在確認。');
    await user.click(screen.getByRole('button', { name: '送出回覆' }));
    expect((await screen.findByRole('alert', {}, SOON)).textContent).toContain('無法送出回覆：此客服案件已結案');
    await waitFor(() => expect(screen.getByTestId('admin-support-case-state').textContent).toBe('已結案'), SOON);
    expect(screen.getByRole('button', { name: '重新開啟案件' })).toBeTruthy();
  });
});
