import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, startLanguage, switchLanguage } from '../../../web/src/i18n/i18n';
import { LANGUAGE_STORAGE_KEY, browserLanguage } from '../../../web/src/i18n/language';
import { auth, configure, meBody, signedInUser, storeAmplifySession, stubFetch } from '../amplify-mock';
import { renderApp, resetAppState } from '../render-app';
import { adminApi } from '../features/admin/admin-fixtures';

vi.mock('aws-amplify', () => ({ Amplify: { configure } }));
vi.mock('aws-amplify/auth', () => auth);
vi.mock('aws-amplify/utils', () => ({ ConsoleLogger: {} }));

/**
 * Issue 24, item 13: the first language of a page load is the one chosen on this device, else the
 * browser's (en or zh-TW), and a signed-in vendor's saved profile language still wins.
 */
describe('browserLanguage', () => {
  it.each([
    [['zh-TW'], 'zh-TW'],
    [['zh'], 'zh-TW'],
    [['zh-Hant'], 'zh-TW'],
    [['zh-Hant-TW'], 'zh-TW'],
    [['zh-HK'], 'zh-TW'],
    [['zh-MO'], 'zh-TW'],
    [['ZH-tw'], 'zh-TW'],
    [['zh_TW'], 'zh-TW'],
    // Simplified Chinese readers get the Chinese the portal has (docs/decisions.md, issue 24 item 13).
    [['zh-CN'], 'zh-TW'],
    [['zh-Hans'], 'zh-TW'],
    [['zh-SG'], 'zh-TW'],
    [['en-US'], 'en'],
    [['en-GB', 'zh-TW'], 'en'],
    [['ja-JP', 'zh-TW', 'en'], 'zh-TW'],
    [['fr-FR', 'de'], 'en'],
    [['fr-FR', 'en-US', 'zh-TW'], 'en'],
    [[], 'en'],
    [[''], 'en'],
  ] as const)('%j → %s', (preferred, expected) => {
    expect(browserLanguage(preferred)).toBe(expected);
  });
});

function browserPrefers(...languages: string[]) {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
  vi.spyOn(navigator, 'language', 'get').mockReturnValue(languages[0] ?? '');
}

/** What a new page load does before the first render (main.tsx): English, then the device's or the browser's language. */
async function reload() {
  await act(async () => {
    await i18n.changeLanguage('en');
    await startLanguage();
  });
}

describe('the language of a page load (issue 24, item 13)', () => {
  beforeEach(async () => {
    await resetAppState();
    vi.clearAllMocks();
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    await switchLanguage('en');
  });

  it('a zh-TW browser gets the sign-in page in Traditional Chinese on its first visit', async () => {
    browserPrefers('zh-TW', 'zh', 'en');
    await reload();
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: '登入賣家平台' }, { timeout: 20_000 })).toBeTruthy();
    expect(document.documentElement.lang).toBe('zh-TW');
  });

  it('an English or other browser gets English', async () => {
    browserPrefers('de-DE', 'fr');
    await reload();
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to Seller Portal' }, { timeout: 20_000 })).toBeTruthy();
    expect(document.documentElement.lang).toBe('en');
  });

  it('繁體中文 chosen on the sign-in page is kept on reload and on a page opened from an e-mail link', async () => {
    browserPrefers('en-US');
    await reload();
    const { unmount } = renderApp('/');
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText('Language', {}, { timeout: 20_000 }), 'zh-TW');
    expect(await screen.findByRole('heading', { level: 1, name: '登入賣家平台' })).toBeTruthy();
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('zh-TW');
    unmount();

    await reload();
    renderApp('/reset-password?email=a%40example.com');
    expect(await screen.findByRole('heading', { level: 1, name: '設定新密碼' }, { timeout: 20_000 })).toBeTruthy();
  });

  it('English chosen on a zh-TW browser stays English', async () => {
    browserPrefers('zh-TW');
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    await reload();
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to Seller Portal' }, { timeout: 20_000 })).toBeTruthy();
  });

  it('a stored value that is not a portal language is ignored', async () => {
    browserPrefers('zh-HK');
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'fr');
    await reload();
    expect(i18n.language).toBe('zh-TW');
  });

  it("after sign-in the vendor's saved profile language wins over the device's, and the device then remembers it", async () => {
    browserPrefers('zh-TW');
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'zh-TW');
    await reload();
    signedInUser();
    storeAmplifySession();
    const me = meBody({ language: 'en' });
    stubFetch(() => ({ status: 200, body: me }));
    expect(i18n.language).toBe('zh-TW');
    renderApp('/dashboard');
    // The first render of the file loads the header's lazy chunks: generous on a busy machine.
    const button = await screen.findByTestId('language-button', {}, { timeout: 20_000 });
    await waitFor(() => expect(button.textContent).toBe('EN'));
    expect(i18n.language).toBe('en');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
  });

  it("the ops console keeps an admin's language (no vendor record) across a reload", async () => {
    browserPrefers('en-US');
    signedInUser('ops@example.com');
    const calls = adminApi((call) => (call.url === '/api/admin/overview' ? { status: 200, body: { generatedAt: '2026-03-10T12:00:00.000Z', queues: {} } } : undefined));
    await reload();
    storeAmplifySession();
    const { unmount } = renderApp('/admin');
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('admin-language-button', {}, { timeout: 20_000 }));
    await waitFor(() => expect(screen.getByTestId('admin-console-title').textContent).toBe('營運管理主控台'));
    unmount();

    await reload();
    renderApp('/admin');
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/me').length).toBe(2));
    await waitFor(() => expect(screen.getByTestId('admin-console-title').textContent).toBe('營運管理主控台'));
    expect(calls.filter((c) => c.method === 'PATCH')).toEqual([]);
  });
});
