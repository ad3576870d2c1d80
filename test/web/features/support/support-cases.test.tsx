import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SupportCaseDetail } from '../../../../contracts/support/thread';
import { switchLanguage } from '../../../../web/src/i18n/i18n';
import { auth, configure, meBody, signedInUser, storeAmplifySession, stubFetch, type FetchCall } from '../../amplify-mock';
import { renderApp, resetAppState } from '../../render-app';

vi.mock('aws-amplify', () => ({ Amplify: { configure } }));
vi.mock('aws-amplify/auth', () => auth);
vi.mock('aws-amplify/utils', () => ({ ConsoleLogger: {} }));

const SOON = { timeout: 15_000 };
const CASE = 'SC-20261120-093000-7F3A';
const OTHER = 'SC-20261118-080000-1B2C';

/** The vendor's cases as the API keeps them in these tests (what lambdas/support/thread.ts answers). */
class FakeSupport {
  cases = new Map<string, SupportCaseDetail>();
  failAnswer: { status: number; body: unknown } | null = null;

  constructor() {
    this.cases.set(CASE, {
      caseId: CASE,
      vendorId: 'V-10001',
      category: 'payouts_category',
      status: 'answered',
      createdAt: '2026-11-20T09:30:00.000Z',
      lastActivityAt: '2026-11-20T11:00:00.000Z',
      lastAuthor: 'ops',
      preview: 'Where is my November payout?',
      messageCount: 2,
      messages: [
        { messageId: 'first', author: 'vendor', body: 'Where is my November payout?', at: '2026-11-20T09:30:00.000Z' },
        { messageId: 'm1', author: 'ops', body: 'It was sent on the 16th; it should arrive today.', at: '2026-11-20T11:00:00.000Z' },
      ],
    });
    this.cases.set(OTHER, {
      caseId: OTHER,
      vendorId: 'V-10001',
      category: 'report_bug',
      status: 'closed',
      createdAt: '2026-11-18T08:00:00.000Z',
      lastActivityAt: '2026-11-18T08:00:00.000Z',
      lastAuthor: 'vendor',
      preview: 'The chart does not load.',
      messageCount: 1,
      messages: [{ messageId: 'first', author: 'vendor', body: 'The chart does not load.', at: '2026-11-18T08:00:00.000Z' }],
    });
  }

  answer(call: FetchCall): { status: number; body?: unknown } {
    const url = new URL(call.url, 'http://localhost');
    if (url.pathname === '/api/support' && call.method === 'GET') {
      const all = [...this.cases.values()].sort((a, b) => b.caseId.localeCompare(a.caseId)).map(({ messages: _m, ...summary }) => summary);
      const start = Number(url.searchParams.get('cursor') ?? 0);
      return { status: 200, body: { items: all.slice(start, start + 20), nextCursor: start + 20 < all.length ? String(start + 20) : null } };
    }
    const match = /^\/api\/support\/([^/]+)(\/messages)?$/.exec(url.pathname);
    const found = match ? this.cases.get(decodeURIComponent(match[1]!)) : undefined;
    if (!found) return { status: 404, body: { error: 'support_case_not_found', message: 'No such support case.' } };
    if (match![2] && call.method === 'POST') {
      if (this.failAnswer) return this.failAnswer;
      const at = '2026-11-21T08:00:00.000Z';
      found.messages.push({ messageId: `m${found.messages.length}`, author: 'vendor', body: (call.body as { message: string }).message, at });
      Object.assign(found, { status: 'open', lastActivityAt: at, lastAuthor: 'vendor', messageCount: found.messages.length });
      return { status: 201, body: found };
    }
    return { status: 200, body: found };
  }
}

let support: FakeSupport;

async function signedInAt(path: string, language: 'en' | 'zh-TW' = 'en') {
  storeAmplifySession();
  const me = meBody({ language });
  const calls = stubFetch((call) =>
    call.url.startsWith('/api/support')
      ? support.answer(call)
      : call.url === '/api/me'
        ? { status: 200, body: me }
        : call.url.startsWith('/api/notifications/unread')
          ? { status: 200, body: { unread: 0 } }
          : { status: 404, body: { error: 'not_found', message: 'x' } },
  );
  renderApp(path);
  return { calls, user: userEvent.setup() };
}

describe('the vendor’s Support cases (issue 13)', () => {
  beforeEach(async () => {
    await resetAppState();
    vi.clearAllMocks();
    signedInUser();
    support = new FakeSupport();
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    await switchLanguage('en');
  });

  it('the help menu leads to the list: the vendor’s cases, newest first, with status and last activity', async () => {
    const { user } = await signedInAt('/dashboard');
    await user.click(await screen.findByTestId('help-button', {}, SOON));
    await user.click(await screen.findByTestId('support-cases-link', {}, SOON));
    expect(await screen.findByRole('heading', { level: 1, name: 'Support cases' }, SOON)).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/support');
    const items = await screen.findAllByTestId('support-case-item', {}, SOON);
    expect(items.map((i) => within(i).getByRole('link').textContent)).toEqual([`Support case ${CASE}`, `Support case ${OTHER}`]);
    expect(within(items[0]!).getByTestId('support-case-status').textContent).toBe('Support replied');
    expect(within(items[0]!).getByText('Payouts')).toBeTruthy();
    expect(items[0]!.textContent).toContain('Messages: 2');
    expect(within(items[1]!).getByTestId('support-case-status').textContent).toBe('Closed');
  });

  it('20 cases a page: Load more fetches the next page with the cursor and appends it', async () => {
    for (let i = 0; i < 23; i += 1) {
      const caseId = `SC-20261001-0900${String(i).padStart(2, '0')}-00AA`;
      support.cases.set(caseId, { ...support.cases.get(OTHER)!, caseId, status: 'open', preview: `Older question ${i}` });
    }
    const { user, calls } = await signedInAt('/support');
    await waitFor(() => expect(screen.getAllByTestId('support-case-item')).toHaveLength(20), SOON);
    await user.click(screen.getByTestId('support-cases-load-more'));
    await waitFor(() => expect(screen.getAllByTestId('support-case-item')).toHaveLength(25), SOON);
    expect(calls.filter((c) => c.url.startsWith('/api/support')).map((c) => c.url)).toEqual(['/api/support', '/api/support?cursor=20']);
    expect(screen.queryByTestId('support-cases-load-more')).toBeNull();
  });

  it('a case shows its thread and the vendor answers: the answer appears and the case waits for support again', async () => {
    const { user, calls } = await signedInAt(`/support/${CASE}`);
    const thread = await screen.findByTestId('support-thread', {}, SOON);
    const messages = within(thread).getAllByTestId('support-message');
    expect(messages.map((m) => m.getAttribute('data-author'))).toEqual(['vendor', 'ops']);
    expect(messages[1]!.textContent).toContain('Vendor support');
    expect(messages[1]!.textContent).toContain('It was sent on the 16th; it should arrive today.');
    expect(screen.getByTestId('support-case-status').textContent).toBe('Support replied');

    const send = screen.getByTestId('support-answer-send') as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    await user.type(screen.getByLabelText('Your answer'), '  It arrived, thank you!  ');
    await user.click(send);
    expect((await screen.findByTestId('support-answer-outcome', {}, SOON)).textContent).toContain('Your answer was sent.');
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.url, c.body])).toEqual([[`/api/support/${CASE}/messages`, { message: 'It arrived, thank you!' }]]);
    await waitFor(() => expect(screen.getAllByTestId('support-message')).toHaveLength(3), SOON);
    expect(screen.getByTestId('support-case-status').textContent).toBe('Waiting for support');
    expect((screen.getByLabelText('Your answer') as HTMLTextAreaElement).value).toBe('');
  });

  it('a closed case says answering reopens it; a failed answer keeps the text and says why in the page', async () => {
    support.failAnswer = { status: 409, body: { error: 'support_thread_full', message: 'This support case has reached 101 messages.' } };
    const { user } = await signedInAt(`/support/${OTHER}`);
    expect(await screen.findByText('This case is closed. Answering reopens it and support will see your message.', {}, SOON)).toBeTruthy();
    await user.type(screen.getByLabelText('Your answer'), 'Still broken.');
    await user.click(screen.getByTestId('support-answer-send'));
    const alert = await screen.findByRole('alert', {}, SOON);
    // In English the server's sentence is said (lib/error-message.ts); zh-TW says the translated reason.
    expect(alert.textContent).toContain('Your answer could not be sent: This support case has reached 101 messages.');
    expect((screen.getByLabelText('Your answer') as HTMLTextAreaElement).value).toBe('Still broken.');
  });

  it('another vendor’s (or an unknown) case is not found', async () => {
    await signedInAt('/support/SC-20261101-000000-0000');
    await waitFor(() => expect(screen.getByTestId('support-case-status-region').textContent).toContain('The support case could not be loaded: No such support case.'), SOON);
    expect(screen.queryByTestId('support-thread')).toBeNull();
    expect(screen.queryByTestId('support-answer-send')).toBeNull();
  });

  it('in Traditional Chinese: the list, the statuses, the thread and the answer form', async () => {
    await switchLanguage('zh-TW');
    const { user } = await signedInAt('/support', 'zh-TW');
    expect(await screen.findByRole('heading', { level: 1, name: '客服案件' }, SOON)).toBeTruthy();
    const items = await screen.findAllByTestId('support-case-item', {}, SOON);
    expect(within(items[0]!).getByTestId('support-case-status').textContent).toBe('客服已回覆');
    expect(within(items[1]!).getByTestId('support-case-status').textContent).toBe('已結案');
    expect(items[0]!.textContent).toContain('訊息數：2');
    await user.click(within(items[0]!).getByRole('link'));
    const thread = await screen.findByTestId('support-thread', {}, SOON);
    expect(within(thread).getAllByTestId('support-message')[1]!.textContent).toContain('賣家客服');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(`客服案件 ${CASE}`);
    await user.type(screen.getByLabelText('您的回應'), '收到了，謝謝！');
    await user.click(screen.getByRole('button', { name: '送出回應' }));
    expect((await screen.findByTestId('support-answer-outcome', {}, SOON)).textContent).toContain('您的回應已送出');
    expect(screen.getByTestId('support-case-status').textContent).toBe('等待客服回覆');
  });

  it('in Traditional Chinese, a case that is not the vendor’s says so in Chinese', async () => {
    await switchLanguage('zh-TW');
    await signedInAt('/support/SC-20261101-000000-0000', 'zh-TW');
    await waitFor(() => expect(screen.getByTestId('support-case-status-region').textContent).toContain('無法載入客服案件：找不到此客服案件。'), SOON);
  });
});
