import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitingAge } from '../../../../web/src/features/admin/waiting-age';
import { switchLanguage } from '../../../../web/src/i18n/i18n';
import { auth, configure, meBody, signedInUser, storeAmplifySession, stubFetch, type FetchCall } from '../../amplify-mock';
import { renderApp, resetAppState } from '../../render-app';
import { adminApi } from './admin-fixtures';

vi.mock('aws-amplify', () => ({ Amplify: { configure } }));
vi.mock('aws-amplify/auth', () => auth);
vi.mock('aws-amplify/utils', () => ({ ConsoleLogger: {} }));

const OVERVIEW = {
  generatedAt: '2026-03-10T12:00:00.000Z',
  queues: {
    vendorApplications: { count: 3, oldestAt: '2026-03-07T09:00:00.000Z' },
    productsInReview: { count: 12, oldestAt: '2026-03-10T07:30:00.000Z' },
    openSupportCases: { count: 1, oldestAt: '2026-03-10T11:35:00.000Z' },
    failedPayouts: { count: 0, oldestAt: null },
    bankTransfersAwaiting: { count: 2, oldestAt: '2026-03-08T12:00:00.000Z' },
  },
};

/** The API as the admin sees it: /api/me, the overview, and 403 for anything a vendor would call. */
function overviewApi(overview: (call: FetchCall) => { status: number; body?: unknown } = () => ({ status: 200, body: OVERVIEW })) {
  return adminApi((call) => (call.url === '/api/admin/overview' ? overview(call) : undefined));
}

const location = () => screen.getByTestId('location').textContent;
const card = (key: string) => screen.getByTestId(`admin-queue-${key}`);

describe('the ops console (issues 11 and 13)', () => {
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

  it('an admin signing in on / lands on /admin and sees the Overview: every queue, its count and oldest wait', async () => {
    const calls = overviewApi();
    renderApp('/');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'ops@example.com');
    await user.type(screen.getByLabelText('Password'), 'Demo!Ops2026');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Overview' }, { timeout: 15_000 })).toBeTruthy();
    expect(location()).toBe('/admin');
    expect(await screen.findByTestId('admin-queues')).toBeTruthy();
    expect(within(card('vendorApplications')).getByRole('heading', { level: 2 }).textContent).toBe('Vendor applications pending');
    expect(screen.getByTestId('admin-queue-vendorApplications-count').textContent).toBe('3');
    expect(screen.getByTestId('admin-queue-vendorApplications-age').textContent).toBe('Oldest waiting: 3 days');
    expect(screen.getByTestId('admin-queue-productsInReview-count').textContent).toBe('12');
    expect(screen.getByTestId('admin-queue-productsInReview-age').textContent).toBe('Oldest waiting: 4 hours');
    expect(screen.getByTestId('admin-queue-openSupportCases-age').textContent).toBe('Oldest waiting: 25 minutes');
    expect(screen.getByTestId('admin-queue-failedPayouts-count').textContent).toBe('0');
    expect(screen.getByTestId('admin-queue-failedPayouts-age').textContent).toBe('Nothing waiting');
    expect(within(card('bankTransfersAwaiting')).getByRole('heading').textContent).toBe('Bank transfers awaiting confirmation');
    expect(screen.getByTestId('admin-queue-bankTransfersAwaiting-age').textContent).toBe('Oldest waiting: 2 days');
    // The console's own header: its name and Log out, not the vendor navigation or account menus.
    expect(screen.getByTestId('admin-console-title').textContent).toBe('Operations Console');
    expect(screen.getByTestId('admin-user').textContent).toBe('ops@example.com');
    expect(screen.getByTestId('admin-logout-button')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    expect(screen.queryByTestId('account-button')).toBeNull();
    expect(screen.queryByTestId('nav-menu-button')).toBeNull();
    // Never the "vendor without a record" treatment: signed in, no notice, nothing signed out.
    expect(auth.signOut).not.toHaveBeenCalled();
    expect(screen.queryByText(/No vendor account/i)).toBeNull();
    expect(localStorage.getItem('vendorId')).toBeNull();
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['GET /api/me', 'GET /api/admin/overview']);
    expect(calls[1]!.headers.authorization).toBe('Bearer id-token-1');
    expect(document.title).toBe('Overview · Seller Portal');
  });

  it('a restored admin session opening / goes to /admin', async () => {
    overviewApi();
    storeAmplifySession();
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Overview' }, { timeout: 15_000 })).toBeTruthy();
    expect(location()).toBe('/admin');
  });

  it('an admin opening a vendor page (/dashboard) is sent to the console, not to the login page', async () => {
    const calls = overviewApi();
    storeAmplifySession();
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Overview' }, { timeout: 15_000 })).toBeTruthy();
    expect(location()).toBe('/admin');
    expect(calls.some((c) => c.url === '/api/dashboard')).toBe(false);
  });

  it('an unknown path under /admin stays in the console with a way back to the overview', async () => {
    overviewApi();
    storeAmplifySession();
    renderApp('/admin/nothing-here');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' }, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByTestId('admin-console-title')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'Back to the overview' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Overview' })).toBeTruthy();
  });

  it('an admin on a path outside the console gets the not-found page without the vendor navigation or account menus', async () => {
    const calls = overviewApi();
    storeAmplifySession();
    renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' }, { timeout: 15_000 })).toBeTruthy();
    // Once the session is restored (the admin's /api/me answered and applied).
    await waitFor(() => expect(calls.some((c) => c.url === '/api/me')).toBe(true));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    expect(screen.queryByTestId('account-button')).toBeNull();
    expect(screen.queryByTestId('settings-button')).toBeNull();
  });

  it('shows the Overview in Traditional Chinese, and the language switch stays in the browser (no vendor record to save it to)', async () => {
    const calls = overviewApi();
    storeAmplifySession();
    renderApp('/admin');
    await screen.findByTestId('admin-queues', {}, { timeout: 15_000 });
    const user = userEvent.setup();
    await user.click(screen.getByTestId('admin-language-button'));
    expect(await screen.findByRole('heading', { level: 1, name: '概覽' })).toBeTruthy();
    expect(screen.getByTestId('admin-console-title').textContent).toBe('營運管理主控台');
    expect(within(card('vendorApplications')).getByRole('heading').textContent).toBe('待審核的賣家申請');
    expect(screen.getByTestId('admin-queue-vendorApplications-age').textContent).toBe('最久已等候：3 天');
    expect(screen.getByTestId('admin-queue-failedPayouts-age').textContent).toBe('目前沒有待辦事項');
    expect(screen.getByTestId('admin-logout-button').textContent).toBe('登出');
    expect(screen.getByTestId('admin-language-button').textContent).toBe('English');
    expect(document.documentElement.lang).toBe('zh-TW');
    expect(calls.filter((c) => c.method === 'PATCH')).toEqual([]);
  });

  it('says when the overview cannot be loaded, and Try again loads it', async () => {
    let fail = true;
    overviewApi(() => (fail ? { status: 500, body: { error: 'internal_error', message: 'Something went wrong. Reference: r-1' } } : { status: 200, body: OVERVIEW }));
    storeAmplifySession();
    renderApp('/admin');
    const status = await screen.findByTestId('admin-overview-status', {}, { timeout: 15_000 });
    await waitFor(() => expect(status.textContent).toContain('The overview could not be loaded: Something went wrong. Reference: r-1'));
    expect(screen.queryByTestId('admin-queues')).toBeNull();
    fail = false;
    await userEvent.setup().click(within(status).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('admin-queues')).toBeTruthy();
  });

  it('an answer of the wrong shape is an error, not NaN', async () => {
    overviewApi(() => ({ status: 200, body: { ...OVERVIEW, queues: { ...OVERVIEW.queues, failedPayouts: { count: 'many', oldestAt: null } } } }));
    storeAmplifySession();
    renderApp('/admin');
    const status = await screen.findByTestId('admin-overview-status', {}, { timeout: 15_000 });
    await waitFor(() => expect(status.getAttribute('data-state')).toBe('failed'));
    expect(screen.queryByTestId('admin-queues')).toBeNull();
  });

  it('Log out signs the admin out and goes to /', async () => {
    overviewApi();
    storeAmplifySession();
    renderApp('/admin');
    await screen.findByTestId('admin-queues', {}, { timeout: 15_000 });
    await userEvent.setup().click(screen.getByTestId('admin-logout-button'));
    await waitFor(() => expect(location()).toBe('/'));
    expect(auth.signOut).toHaveBeenCalled();
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
  });
});

describe('/admin for anyone not in admins (spec §2: the prefix shows the header and nothing of its own)', () => {
  beforeEach(async () => {
    await resetAppState();
    vi.clearAllMocks();
    signedInUser();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('an approved vendor gets the vendor header and the not-found page, and the overview is never asked for', async () => {
    const calls = stubFetch(() => ({ status: 200, body: meBody() }));
    storeAmplifySession();
    renderApp('/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' }, { timeout: 15_000 })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('account-button')).toBeTruthy());
    expect(screen.queryByTestId('admin-console-title')).toBeNull();
    expect(screen.queryByTestId('admin-queues')).toBeNull();
    expect(location()).toBe('/admin');
    expect(calls.some((c) => c.url.startsWith('/api/admin'))).toBe(false);
  });

  it('a vendor signing in still goes to /dashboard', async () => {
    stubFetch(() => ({ status: 200, body: meBody({ groups: ['vendors'], roles: ['vendor'] }) }));
    renderApp('/');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'demo.vendor@example.com');
    await user.type(screen.getByLabelText('Password'), 'Demo!Vendor2026');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByTestId('dashboard-vendor-id', {}, { timeout: 15_000 });
    expect(location()).toBe('/dashboard');
  });

  it('a visitor nobody signed in gets the not-found page at once, without any network call', async () => {
    const calls = stubFetch(() => ({ status: 500 }));
    renderApp('/admin/vendors');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' }, { timeout: 15_000 })).toBeTruthy();
    expect(calls).toHaveLength(0);
    await act(async () => undefined);
    expect(location()).toBe('/admin/vendors');
  });
});

describe('waitingAge', () => {
  const now = '2026-03-10T12:00:00.000Z';
  it.each([
    ['2026-03-10T12:00:00.000Z', { value: 0, unit: 'minute' }],
    ['2026-03-10T11:00:30.000Z', { value: 59, unit: 'minute' }],
    ['2026-03-10T11:00:00.000Z', { value: 1, unit: 'hour' }],
    ['2026-03-08T12:00:01.000Z', { value: 47, unit: 'hour' }],
    ['2026-03-08T12:00:00.000Z', { value: 2, unit: 'day' }],
    ['2026-01-01T00:00:00.000Z', { value: 68, unit: 'day' }],
    // A clock ahead of the server's: never a negative age.
    ['2026-03-10T12:05:00.000Z', { value: 0, unit: 'minute' }],
  ])('since %s: %o', (since, expected) => {
    expect(waitingAge(since, now)).toEqual(expected);
  });
});
