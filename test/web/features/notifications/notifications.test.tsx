import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NotificationView } from '../../../../contracts/notifications';
import en from '../../../../web/src/i18n/en.json';
import zhTW from '../../../../web/src/i18n/zh-TW.json';
import { formatDayRange } from '../../../../web/src/lib/format';
import { auth, configure, meBody, signedInUser, storeAmplifySession, stubFetch, type FetchCall } from '../../amplify-mock';
import { renderApp, resetAppState } from '../../render-app';

vi.mock('aws-amplify', () => ({ Amplify: { configure } }));
vi.mock('aws-amplify/auth', () => auth);
vi.mock('aws-amplify/utils', () => ({ ConsoleLogger: {} }));

/**
 * The inbox as the API keeps it for these tests: the items newest first, 20 a page, the count, and
 * what POST /read does to them (as lambdas/notifications/inbox-store.ts does).
 */
class FakeInbox {
  items: NotificationView[] = [];
  unread = 0;
  preferences = { email: { account: true, products: true, payouts: true, balance: false, support: true } };
  failPreferences = false;

  add(n: Partial<NotificationView> & Pick<NotificationView, 'id' | 'type' | 'params'>) {
    const item: NotificationView = { category: 'products', createdAt: '2026-11-20T09:30:00.000Z', read: false, link: '/dashboard', ...n };
    this.items.unshift(item);
    if (!item.read) this.unread += 1;
  }

  answer(call: FetchCall): { status: number; body?: unknown } {
    const url = new URL(call.url, 'http://localhost');
    if (url.pathname === '/api/notifications/unread') return { status: 200, body: { unread: this.unread } };
    if (url.pathname === '/api/notifications' && call.method === 'GET') {
      const start = Number(url.searchParams.get('cursor') ?? 0);
      const page = this.items.slice(start, start + 20);
      return { status: 200, body: { items: page, nextCursor: start + 20 < this.items.length ? String(start + 20) : null, unread: this.unread } };
    }
    if (url.pathname === '/api/notifications/read') {
      const body = call.body as { ids?: string[]; all?: true };
      for (const n of this.items) {
        if ((body.all || body.ids?.includes(n.id)) && !n.read) {
          n.read = true;
          this.unread -= 1;
        }
      }
      return { status: 200, body: { unread: this.unread } };
    }
    if (url.pathname === '/api/notifications/preferences') {
      if (call.method === 'PUT') {
        if (this.failPreferences) return { status: 503, body: { error: 'unavailable', message: 'Try later.' } };
        this.preferences = call.body as typeof this.preferences;
      }
      return { status: 200, body: this.preferences };
    }
    return { status: 404, body: { error: 'not_found', message: 'No such route.' } };
  }
}

let inbox: FakeInbox;
/** The first render of a file loads the lazy chunks (the badge's, with zod): give it time on a busy machine. */
const SOON = { timeout: 15_000 };

async function signedInAt(path: string, language: 'en' | 'zh-TW' = 'en', member: Record<string, unknown> = {}) {
  storeAmplifySession();
  const me = meBody({ language, ...member });
  const calls = stubFetch((call) => (call.url.startsWith('/api/notifications') ? inbox.answer(call) : call.url === '/api/me' ? { status: 200, body: me } : { status: 404, body: { error: 'not_found', message: 'x' } }));
  renderApp(path);
  await screen.findByTestId('notifications-link', {}, { timeout: 15_000 });
  return { calls, user: userEvent.setup() };
}

const bell = () => screen.getByTestId('notifications-link');
const reads = (calls: FetchCall[]) => calls.filter((c) => c.url === '/api/notifications/read').map((c) => c.body);

function sampleInbox() {
  inbox.add({ id: 'E-1', type: 'payout_paid', category: 'payouts', createdAt: '2026-11-16T08:00:00.000Z', params: { payoutId: 'P-V-10001-2026-11-1', period: '2026-11-1', amountCents: 12_550, feeCents: 100, paidCents: 12_450 }, link: '/payouts?payout=P-V-10001-2026-11-1' });
  inbox.add({
    id: 'E-2',
    type: 'product_rejected',
    createdAt: '2026-11-20T09:30:00.000Z',
    params: { productId: 'P-7', productName: 'Oolong Tea', reasons: ['image_background', 'Label photo is blurry'] },
    link: '/products/P-7/edit',
  });
}

describe('notifications (issue 12)', () => {
  beforeEach(async () => {
    await resetAppState();
    vi.clearAllMocks();
    signedInUser();
    inbox = new FakeInbox();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  describe('the header’s bell', () => {
    it('shows the unread count as a badge, named "Notifications, 2 unread", and leads to /notifications', async () => {
      sampleInbox();
      await signedInAt('/dashboard');
      await waitFor(() => expect(screen.getByRole('link', { name: 'Notifications, 2 unread' })).toBe(bell()), SOON);
      expect(within(bell()).getByTestId('notifications-badge').textContent).toBe('2');
      expect(bell().getAttribute('href')).toBe('/notifications');
    });

    it('has no badge with nothing unread, and is named "Notifications"', async () => {
      inbox.add({ id: 'E-1', type: 'password_changed', category: 'security', params: {}, read: true });
      await signedInAt('/dashboard');
      await waitFor(() => expect(screen.getByRole('link', { name: 'Notifications' })).toBe(bell()), SOON);
      expect(screen.queryByTestId('notifications-badge')).toBeNull();
    });

    it('in zh-TW: 「通知，2 則未讀」', async () => {
      sampleInbox();
      await signedInAt('/dashboard', 'zh-TW');
      await waitFor(() => expect(screen.getByRole('link', { name: '通知，2 則未讀' })).toBe(bell()), SOON);
    });

    it('asks again when the window regains focus', async () => {
      sampleInbox();
      await signedInAt('/dashboard');
      await waitFor(() => expect(within(bell()).getByTestId('notifications-badge').textContent).toBe('2'), SOON);
      inbox.add({ id: 'E-3', type: 'support_reply', category: 'support', params: { caseId: 'SC-1', message: 'Done.' } });
      // TanStack Query's focus manager listens for the page becoming visible again.
      act(() => {
        document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
      });
      await waitFor(() => expect(within(bell()).getByTestId('notifications-badge').textContent).toBe('3'), SOON);
    });

    it('asks again every 60 seconds', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      sampleInbox();
      const { calls } = await signedInAt('/dashboard');
      await waitFor(() => expect(within(bell()).getByTestId('notifications-badge').textContent).toBe('2'), SOON);
      const asked = () => calls.filter((c) => c.url === '/api/notifications/unread').length;
      const before = asked();
      inbox.add({ id: 'E-3', type: 'support_reply', category: 'support', params: { caseId: 'SC-1', message: 'Again.' } });
      await act(async () => {
        await vi.advanceTimersByTimeAsync(50_000);
      });
      expect(asked()).toBe(before);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(11_000);
      });
      await waitFor(() => expect(within(bell()).getByTestId('notifications-badge').textContent).toBe('3'), SOON);
      expect(asked()).toBe(before + 1);
    });
  });

  describe('the list page', () => {
    it('renders each item from its type and figures: US$ amounts, the payout period, translated rejection reasons', async () => {
      sampleInbox();
      await signedInAt('/notifications');
      const items = await screen.findAllByTestId('notification-item', {}, SOON);
      expect(items).toHaveLength(2);
      // Newest first: the rejection, then the payout.
      expect(within(items[0]!).getByRole('link').textContent).toContain('Product not approved');
      expect(items[0]!.textContent).toContain('Oolong Tea was not approved in review:');
      expect(within(items[0]!).getAllByRole('listitem').map((li) => li.textContent)).toEqual([en.rejection_image_background, 'Label photo is blurry']);
      expect(within(items[0]!).getByRole('link').getAttribute('href')).toBe('/products/P-7/edit');
      expect(items[1]!.textContent).toContain(`Your payout for ${formatDayRange('2026-11-01', '2026-11-15', 'en')} was sent: $125.50 less a $1.00 fee, $124.50 paid.`);
      expect(formatDayRange('2026-11-01', '2026-11-15', 'en')).toMatch(/^Nov 1\s*–\s*15, 2026$/);
      expect(within(items[1]!).getByRole('link').getAttribute('href')).toBe('/payouts?payout=P-V-10001-2026-11-1');
      expect(screen.getByTestId('notifications-unread-count').textContent).toBe('2 unread.');
      // No raw keys or placeholders anywhere.
      expect(screen.getByTestId('notifications-list').textContent).not.toMatch(/\{\{|notifications\./);
    });

    it('marks unread items for sight and for screen readers', async () => {
      sampleInbox();
      inbox.add({ id: 'E-3', type: 'password_changed', category: 'security', params: {}, read: true });
      await signedInAt('/notifications');
      const items = await screen.findAllByTestId('notification-item', {}, SOON);
      expect(items.map((i) => i.getAttribute('data-read'))).toEqual(['true', 'false', 'false']);
      expect(within(items[1]!).getByRole('link', { name: 'Unread: Product not approved' })).toBeTruthy();
      expect(within(items[0]!).getByRole('link', { name: 'Password changed' })).toBeTruthy();
    });

    it('in zh-TW: titles, sentences, US$ amounts and the reasons in Chinese', async () => {
      sampleInbox();
      await signedInAt('/notifications', 'zh-TW');
      await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('通知'), SOON);
      const items = await screen.findAllByTestId('notification-item', {}, SOON);
      expect(items[0]!.textContent).toContain(zhTW['notifications.product_rejected.title']);
      expect(within(items[0]!).getAllByRole('listitem')[0]!.textContent).toBe(zhTW.rejection_image_background);
      expect(items[1]!.textContent).toContain('款項已匯出');
      expect(items[1]!.textContent).toContain('US$125.50');
      expect(items[1]!.textContent).toContain('US$124.50');
      expect(screen.getByTestId('notifications-list').textContent).not.toMatch(/Payout|payout|\{\{/);
    });

    it('pages with "Load more", 20 at a time', async () => {
      for (let i = 1; i <= 25; i += 1) inbox.add({ id: `E-${i}`, type: 'product_approved', params: { productId: `P-${i}`, productName: `Tea ${i}` } });
      const { user } = await signedInAt('/notifications');
      await waitFor(() => expect(screen.getAllByTestId('notification-item')).toHaveLength(20), SOON);
      expect(screen.getAllByTestId('notification-item')[0]!.textContent).toContain('Tea 25 passed review');
      await user.click(screen.getByTestId('notifications-load-more'));
      await waitFor(() => expect(screen.getAllByTestId('notification-item')).toHaveLength(25), SOON);
      expect(screen.getAllByTestId('notification-item')[24]!.textContent).toContain('Tea 1 passed review');
      expect(screen.queryByTestId('notifications-load-more')).toBeNull();
    });

    it('follows only links inside the portal', async () => {
      inbox.add({ id: 'E-1', type: 'password_changed', category: 'security', params: {}, link: 'https://example.com/phish' });
      inbox.add({ id: 'E-2', type: 'password_changed', category: 'security', params: {}, link: '//example.com/phish' });
      await signedInAt('/notifications');
      const links = (await screen.findAllByTestId('notification-item', {}, SOON)).map((i) => within(i).getByRole('link').getAttribute('href'));
      expect(links).toEqual(['/notifications', '/notifications']);
    });

    it('says so when there is nothing yet', async () => {
      await signedInAt('/notifications');
      const empty = await screen.findByTestId('notifications-empty', {}, SOON);
      expect(empty.textContent).toContain(en.notifications_empty);
      expect(screen.queryByTestId('notifications-mark-all')).toBeNull();
    });

    it('opening an unread item marks it read, goes where it leads, and the badge counts one less', async () => {
      sampleInbox();
      const { user, calls } = await signedInAt('/notifications');
      await waitFor(() => expect(within(bell()).getByTestId('notifications-badge').textContent).toBe('2'), SOON);
      const [rejected] = await screen.findAllByTestId('notification-item', {}, SOON);
      await user.click(within(rejected!).getByRole('link'));
      await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/products/P-7/edit'), SOON);
      expect(reads(calls)).toEqual([{ ids: ['E-2'] }]);
      await waitFor(() => expect(screen.getByRole('link', { name: 'Notifications, 1 unread' })).toBe(bell()), SOON);
    });

    it('opening an item already read sends nothing', async () => {
      inbox.add({ id: 'E-1', type: 'password_changed', category: 'security', params: {}, read: true, link: '/dashboard' });
      const { user, calls } = await signedInAt('/notifications');
      await user.click(within((await screen.findAllByTestId('notification-item', {}, SOON))[0]!).getByRole('link'));
      await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/dashboard'), SOON);
      expect(reads(calls)).toEqual([]);
    });

    it('"Mark all read" marks every item read and the badge disappears', async () => {
      sampleInbox();
      const { user, calls } = await signedInAt('/notifications');
      await waitFor(() => expect(within(bell()).getByTestId('notifications-badge').textContent).toBe('2'), SOON);
      await screen.findAllByTestId('notification-item', {}, SOON);
      await user.click(screen.getByRole('button', { name: en.notifications_mark_all_read }));
      await waitFor(() => expect(screen.queryByTestId('notifications-badge')).toBeNull(), SOON);
      expect(reads(calls)).toEqual([{ all: true }]);
      expect(screen.getAllByTestId('notification-item').map((i) => i.getAttribute('data-read'))).toEqual(['true', 'true']);
      expect(bell().textContent).toBe(en.notifications);
      expect((screen.getByTestId('notifications-mark-all') as HTMLButtonElement).disabled).toBe(true);
    });
  });

  describe('e-mail preferences in account settings', () => {
    async function openSettings(language: 'en' | 'zh-TW' = 'en', member: Record<string, unknown> = {}) {
      const session = await signedInAt('/dashboard', language, member);
      await session.user.click(screen.getByTestId('settings-button'));
      const dialog = await screen.findByTestId('account-settings-dialog', {}, SOON);
      await within(dialog).findByTestId('settings-email-preferences', {}, SOON);
      return { ...session, dialog };
    }
    const box = (dialog: HTMLElement, c: string) => within(dialog).getByTestId(`settings-email-${c}`) as HTMLInputElement;

    it('shows the saved choices (the defaults: balance off) and says security notices are always sent', async () => {
      const { dialog } = await openSettings();
      expect(['account', 'products', 'payouts', 'balance', 'support'].map((c) => box(dialog, c).checked)).toEqual([true, true, true, false, true]);
      expect(within(dialog).getByRole('checkbox', { name: en.notification_category_balance })).toBe(box(dialog, 'balance'));
      expect(within(dialog).getByTestId('settings-email-security-note').textContent).toBe(en.email_notifications_security_note);
      expect(within(dialog).queryByTestId('settings-email-security')).toBeNull();
      expect((within(dialog).getByTestId('settings-save') as HTMLButtonElement).disabled).toBe(true);
    });

    it('Save stores the changed choices with PUT and closes', async () => {
      const { dialog, user, calls } = await openSettings();
      await user.click(box(dialog, 'balance'));
      await user.click(box(dialog, 'support'));
      await user.click(within(dialog).getByTestId('settings-save'));
      await waitFor(() => expect(screen.queryByTestId('account-settings-dialog')).toBeNull(), SOON);
      expect(calls.filter((c) => c.method === 'PUT').map((c) => [c.url, c.body])).toEqual([
        ['/api/notifications/preferences', { email: { account: true, products: true, payouts: true, balance: true, support: false } }],
      ]);
    });

    it('a failed save keeps the dialog open and says so', async () => {
      inbox.failPreferences = true;
      const { dialog, user } = await openSettings();
      await user.click(box(dialog, 'products'));
      await user.click(within(dialog).getByTestId('settings-save'));
      expect((await within(dialog).findByTestId('settings-save-error')).textContent).toContain('could not be saved');
      expect(screen.getByTestId('account-settings-dialog')).toBe(dialog);
      expect(box(dialog, 'products').checked).toBe(false);
    });

    it('a member who is not an owner sees the choices and why they cannot change them (only owners may save them)', async () => {
      const { dialog, calls } = await openSettings('en', { memberRole: 'finance', accountHolder: false });
      expect(['account', 'products', 'payouts', 'balance', 'support'].map((c) => box(dialog, c).disabled)).toEqual([true, true, true, true, true]);
      expect(within(dialog).getByTestId('settings-email-owner-only').textContent).toBe(en.email_preferences_owner_only);
      expect((within(dialog).getByTestId('settings-save') as HTMLButtonElement).disabled).toBe(true);
      expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
    });

    it('an owner is not told so', async () => {
      const { dialog } = await openSettings('en', { memberRole: 'owner', accountHolder: true });
      expect(within(dialog).queryByTestId('settings-email-owner-only')).toBeNull();
      expect(box(dialog, 'balance').disabled).toBe(false);
    });

    it('in zh-TW', async () => {
      const { dialog } = await openSettings('zh-TW');
      await waitFor(() => expect(within(dialog).getByRole('group', { name: zhTW.email_notifications })).toBeTruthy(), SOON);
      expect(within(dialog).getByRole('checkbox', { name: zhTW.notification_category_products })).toBe(box(dialog, 'products'));
      expect(within(dialog).getByTestId('settings-email-security-note').textContent).toBe(zhTW.email_notifications_security_note);
    });
  });
});
