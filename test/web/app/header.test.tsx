import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { auth, configure, meBody, signedInUser, storeAmplifySession, stubFetch, type FetchCall } from '../amplify-mock';
import { renderApp, resetAppState } from '../render-app';

vi.mock('aws-amplify', () => ({ Amplify: { configure } }));
vi.mock('aws-amplify/auth', () => auth);
vi.mock('aws-amplify/utils', () => ({ ConsoleLogger: {} }));

const patches = (calls: FetchCall[]) => calls.filter((c) => c.method === 'PATCH');

/** A signed-in approved vendor at /dashboard (restored session). */
async function signedInAt(path = '/dashboard', patch: (call: FetchCall) => { status: number; body?: unknown } = (c) => ({ status: 200, body: meBody(c.body as Record<string, unknown>) }), me = meBody()) {
  storeAmplifySession();
  const calls = stubFetch((call) => (call.method === 'PATCH' ? patch(call) : { status: 200, body: me }));
  renderApp(path);
  // The first render of a file loads the lazy layout and page chunks: give it time on a busy machine.
  await screen.findByTestId('dashboard-vendor-id', {}, { timeout: 15_000 });
  return { calls, user: userEvent.setup() };
}

async function openMenu(user: ReturnType<typeof userEvent.setup>, testId: string) {
  await user.click(screen.getByTestId(testId));
  return screen.findByRole('menu');
}

describe('header (spec §2)', () => {
  beforeEach(async () => {
    await resetAppState();
    vi.clearAllMocks();
    signedInUser();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('has the title and logo linking to /dashboard', async () => {
    await signedInAt('/dashboard');
    const home = screen.getByRole('link', { name: /Seller Portal/ });
    expect(home.getAttribute('href')).toBe('/dashboard');
    expect(within(home).getByRole('presentation', { hidden: true }).getAttribute('src')).toBe('/logo.svg');
  });

  it('account menu: display name, vendor ID and Log out (signs out and goes to /)', async () => {
    const { user } = await signedInAt();
    await openMenu(user, 'account-button');
    expect(screen.getByTestId('account-display-name').textContent).toBe('Golden Harvest Foods');
    expect(screen.getByTestId('account-vendor-id').textContent).toBe('V-10001');
    await user.click(screen.getByTestId('logout-button'));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(auth.signOut).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('location').textContent).toBe('/');
    expect(localStorage.getItem('vendorId')).toBeNull();
  });

  it("account menu: without a vendor name, the e-mail's part before the @, capitalised", async () => {
    const { user } = await signedInAt('/dashboard', undefined, meBody({ vendorName: '' }));
    await openMenu(user, 'account-button');
    expect(screen.getByTestId('account-display-name').textContent).toBe('Demo.vendor');
  });

  // Issue 13 adds "Support cases" (the vendor's cases and replies) after the spec's one item.
  it('help menu: Contact support, which opens the support dialog, then Support cases', async () => {
    const { user } = await signedInAt();
    const menu = await openMenu(user, 'help-button');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['Contact support', 'Support cases']);
    expect(items[0]!.getAttribute('href')).toBeNull();
    await user.click(items[0]!);
    expect(await screen.findByRole('dialog', { name: 'Contact support' })).toBeTruthy();
  });

  it('language button: EN, a dropdown with English and 繁體中文; a change is applied and saved', async () => {
    const { user, calls } = await signedInAt();
    const button = screen.getByTestId('language-button');
    expect(button.textContent).toBe('EN');
    expect(button).toHaveProperty('disabled', false);
    const menu = await openMenu(user, 'language-button');
    expect(within(menu).getAllByRole('menuitemradio').map((i) => i.textContent)).toEqual(['English', '繁體中文']);
    await user.click(within(menu).getByRole('menuitemradio', { name: '繁體中文' }));
    await waitFor(() => expect(button.textContent).toBe('繁中'));
    expect(document.documentElement.lang).toBe('zh-TW');
    await waitFor(() => expect(patches(calls)).toHaveLength(1));
    expect(patches(calls)[0]).toMatchObject({ url: '/api/me', body: { language: 'zh-TW' }, headers: { authorization: 'Bearer id-token-1' } });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('總覽');
    expect(screen.getByTestId('dashboard-greeting').textContent).toBe('歡迎，Golden Harvest Foods');
  });

  it('a failed language save is retried once, then only logged: no message, the language stays', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user, calls } = await signedInAt('/dashboard', () => ({ status: 503, body: { error: 'unavailable', message: 'Try later' } }));
    await openMenu(user, 'language-button');
    await user.click(screen.getByRole('menuitemradio', { name: '繁體中文' }));
    await waitFor(() => expect(error).toHaveBeenCalledTimes(2));
    expect(patches(calls)).toHaveLength(2);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByTestId('language-button').textContent).toBe('繁中');
    expect(document.documentElement.lang).toBe('zh-TW');
  });

  it('a language save that fails once succeeds on the retry', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let n = 0;
    const { user, calls } = await signedInAt('/dashboard', (c) => (++n === 1 ? { status: 500, body: { error: 'internal', message: 'x' } } : { status: 200, body: meBody(c.body as Record<string, unknown>) }));
    await openMenu(user, 'language-button');
    await user.click(screen.getByRole('menuitemradio', { name: '繁體中文' }));
    await waitFor(() => expect(patches(calls)).toHaveLength(2));
    expect(error).toHaveBeenCalledTimes(1);
  });

  it("language button's accessible name starts with its visible text (WCAG 2.5.3), in both languages", async () => {
    const { user } = await signedInAt();
    const button = screen.getByTestId('language-button');
    expect(button.getAttribute('aria-label')).toBe('EN, language');
    const menu = await openMenu(user, 'language-button');
    expect(menu.getAttribute('aria-label')).toBe('Language');
    await user.click(within(menu).getByRole('menuitemradio', { name: '繁體中文' }));
    await waitFor(() => expect(button.textContent).toBe('繁中'));
    expect(button.getAttribute('aria-label')!.startsWith(button.textContent!)).toBe(true);
  });

  it('small-screen menu button: aria-expanded and aria-controls the nav; Escape, an outside click and a navigation close it', async () => {
    const { user } = await signedInAt();
    const button = screen.getByRole('button', { name: 'Menu' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(button.getAttribute('aria-controls')).toBe(nav.id);
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(nav.getAttribute('data-open')).toBe('false');

    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(nav.getAttribute('data-open')).toBe('true');
    within(nav).getByRole('link', { name: 'Orders' }).focus();
    await user.keyboard('{Escape}');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);

    await user.click(button);
    await user.click(screen.getByRole('heading', { level: 1 }));
    expect(button.getAttribute('aria-expanded')).toBe('false');

    await user.click(button);
    await user.click(within(nav).getByRole('link', { name: 'Orders' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/orders'));
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(nav.getAttribute('data-open')).toBe('false');
  });

  it('has no menu button for visitors nobody signed in (no nav to open)', async () => {
    stubFetch(() => ({ status: 200, body: meBody() }));
    renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.queryByTestId('nav-menu-button')).toBeNull();
  });

  it('language button is disabled while loading and for visitors nobody signed in', async () => {
    storeAmplifySession();
    let answer: (v: { status: number; body: unknown }) => void = () => undefined;
    stubFetch(() => new Promise((resolve) => (answer = resolve)));
    renderApp('/somewhere-else');
    const button = await screen.findByTestId('language-button');
    expect(button).toHaveProperty('disabled', true);
    await waitFor(() => answer({ status: 200, body: meBody() }));
    await waitFor(() => expect(button).toHaveProperty('disabled', false));
  });

  it('shows the header on other routes for anonymous visitors: language disabled, no account controls', async () => {
    stubFetch(() => ({ status: 200, body: meBody() }));
    renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.getByTestId('language-button')).toHaveProperty('disabled', true);
    expect(screen.getByTestId('help-button')).toHaveProperty('disabled', false);
    expect(screen.queryByTestId('settings-button')).toBeNull();
    expect(screen.queryByTestId('account-button')).toBeNull();
  });

  it('the /admin area shows a visitor nobody signed in the header and the not-found page (the spec; the console is for admins)', async () => {
    stubFetch(() => ({ status: 200, body: meBody() }));
    renderApp('/admin/vendors');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.getByTestId('language-button')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/admin/vendors');
  });
});

