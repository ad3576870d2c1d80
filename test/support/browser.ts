/// <reference lib="dom" />
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { generate } from 'otplib';
import { inject, onTestFinished } from 'vitest';
import { totpSecretFor } from './totp-keys';

/** Debian's Chromium, headless, with the flags this closed network needs (as scripts/bench/web.ts launches it). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/**
 * The worker's one Chromium (issue 25, item 6): launched on first use and kept on globalThis, so every
 * test file a worker runs shares it even when vitest re-evaluates this module per file; each test gets
 * its own context (cookies, localStorage, routes), which is the isolation a browser per file gave.
 * Playwright kills the browsers it launched when the process exits (its exit and signal handlers), so
 * it closes with the worker; a browser that crashed or was closed is launched again.
 */
const SHARED = Symbol.for('seller-portal.e2e.shared-browser');
type WithShared = typeof globalThis & { [SHARED]?: Promise<Browser> };

export function sharedBrowser(): Promise<Browser> {
  const g = globalThis as WithShared;
  const launched = (g[SHARED] ??= launchBrowser().then((browser) => {
    browser.once('disconnected', () => {
      if (g[SHARED] === launched) delete g[SHARED];
    });
    return browser;
  }));
  launched.catch(() => {
    if (g[SHARED] === launched) delete g[SHARED];
  });
  return launched;
}

export const webUrl = (path = '/') => `${inject('stack').webUrl}${path}`;

/** What Playwright's `context.storageState()` answers and `newContext({ storageState })` takes. */
export type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

export interface OpenPage {
  context: BrowserContext;
  page: Page;
  errors: string[];
  warnings: string[];
}

export interface PageOptions {
  /** A signed-in session (sessionState) or any other saved state. */
  storageState?: StorageState;
  viewport?: { width: number; height: number };
}

/**
 * A page in a new context of the worker's browser, English, 1280×800, collecting page errors and console
 * errors and warnings. Inside a test the context is closed when the test ends (a test may close it
 * earlier); a context opened in a hook is the hook's to close.
 */
export async function newPage(options: PageOptions = {}): Promise<OpenPage> {
  const browser = await sharedBrowser();
  const context = await browser.newContext({ locale: 'en-US', viewport: options.viewport ?? { width: 1280, height: 800 }, storageState: options.storageState });
  try {
    onTestFinished(() => context.close());
  } catch {
    // Called from a beforeAll/afterAll: its afterAll closes the context.
  }
  const page = await context.newPage();
  const errors: string[] = [];
  const warnings: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  page.on('console', (msg) => {
    if (msg.type() === 'warning') warnings.push(msg.text());
    if (msg.type() === 'error') errors.push(msg.text());
  });
  return { context, page, errors, warnings };
}

export interface Account {
  email: string;
  password: string;
}

const sessions = new Map<string, Promise<StorageState>>();

/**
 * The browser storage of a signed-in `account` (issue 25, item 6): what Amplify keeps in localStorage
 * after its sign-in (`CognitoIdentityServiceProvider.<client id>.LastAuthUser` and the user's tokens,
 * clock drift and sign-in details; the key names the web's own restore reads, web/src/lib/auth-client.ts),
 * made from a sign-in against cognito-local through the API (tokensFor: USER_PASSWORD_AUTH as the web
 * does locally, the two-step code answered for the demo ops account and any key a test turned on).
 * A page opened with it restores the session as a reload does. One sign-in per account per worker;
 * `fresh` signs in again, for a test that signs out (Amplify revokes the refresh token then).
 * test/e2e/shell.test.ts checks that a sign-in through the login page stores exactly these keys.
 */
export function sessionState(account: Account, options: { fresh?: boolean } = {}): Promise<StorageState> {
  const key = account.email.trim().toLowerCase();
  const cached = sessions.get(key);
  if (cached && !options.fresh) return cached;
  const made = (async (): Promise<StorageState> => {
    const { tokensFor } = await import('./auth');
    const tokens = await tokensFor(account.email, account.password);
    // Amplify keys a session by the user name as it was signed in with (the e-mail as typed), not by the
    // token's `username` claim (the Cognito sub): test/e2e/shell.test.ts compares with a real sign-in.
    const username = account.email;
    const prefix = `CognitoIdentityServiceProvider.${inject('stack').webConfig.userPoolClientId}`;
    const item = (name: string, value: string) => ({ name: `${prefix}.${username}.${name}`, value });
    return {
      cookies: [],
      origins: [
        {
          origin: new URL(webUrl()).origin,
          localStorage: [
            { name: `${prefix}.LastAuthUser`, value: username },
            item('accessToken', tokens.AccessToken),
            item('idToken', tokens.IdToken),
            item('refreshToken', tokens.RefreshToken),
            item('clockDrift', '0'),
            item('signInDetails', JSON.stringify({ loginId: account.email, authFlowType: inject('stack').webConfig.authFlowType })),
          ],
        },
      ],
    };
  })();
  sessions.set(key, made);
  made.catch(() => {
    if (sessions.get(key) === made) sessions.delete(key);
  });
  return made;
}

/**
 * A page that starts signed in as `account` (sessionState), opened at `path`: for the vendor's
 * '/dashboard' (the default) it waits for the dashboard's vendor id, as signInToDashboard does; for
 * another path the caller waits for what it needs. The sign-in pages themselves are proven once per
 * flow with signIn (shell, two-step, admin, accounts, team, step-up).
 */
export async function signedInPage(
  account: Account,
  options: PageOptions & { path?: string; fresh?: boolean; /** Runs before the first navigation (routes, request listeners). */ before?: (opened: OpenPage) => Promise<void> | void } = {},
): Promise<OpenPage> {
  const path = options.path ?? '/dashboard';
  const opened = await newPage({ viewport: options.viewport, storageState: await sessionState(account, { fresh: options.fresh }) });
  await options.before?.(opened);
  await opened.page.goto(webUrl(path));
  if (path === '/dashboard') await opened.page.getByTestId('dashboard-vendor-id').waitFor();
  return opened;
}

/** Records every text the page shows, so transient states (a guard's lock screen) can be asserted afterwards. */
export async function recordTexts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen = new Set<string>();
    (window as unknown as { __seenTexts: Set<string> }).__seenTexts = seen;
    const note = () => {
      const text = document.body?.innerText;
      if (text) for (const line of text.split('\n')) if (line.trim()) seen.add(line.trim());
    };
    new MutationObserver(note).observe(document, { subtree: true, childList: true, characterData: true });
  });
}

export async function seenTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => [...(window as unknown as { __seenTexts: Set<string> }).__seenTexts]);
}

/**
 * Signs in from the login page. A user with two-step sign-in on whose key is known (the demo ops account,
 * or one a test turned on: test/support/totp-keys.ts; issue 14) is then asked for its code: computed with otplib.
 */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto(webUrl('/'));
  // In either language: the device remembers a chosen 繁體中文 for the signed-out pages (issue 24, item 13).
  await page.getByLabel(/^(Email|電子郵件)$/).fill(email);
  await page.getByLabel(/^(Password|密碼)$/).fill(password);
  await page.getByRole('button', { name: /^(Sign in|登入)$/ }).click();
  const secret = totpSecretFor(email);
  if (secret) await enterTotpCode(page, secret);
}

/** The sign-in's second step (English): the current code of `secret`, then Verify. */
export async function enterTotpCode(page: Page, secret: string): Promise<void> {
  const field = page.getByLabel(/^(Authentication code|驗證碼)$/);
  await field.waitFor();
  await field.fill(await generate({ secret }));
  await page.getByRole('button', { name: /^(Verify|驗證)$/ }).click();
}

/** Opens the help menu's "Contact support" dialog (the menu opens after its 300 ms debounce). */
export async function openSupportDialog(page: Page, name = 'Contact support'): Promise<Locator> {
  await page.getByTestId('help-button').click();
  await page.getByTestId('contact-support').click();
  const dialog = page.getByRole('dialog', { name });
  await dialog.waitFor();
  return dialog;
}

/** Opens Account settings from the gear. */
export async function openAccountSettings(page: Page, name = 'Account settings'): Promise<Locator> {
  await page.getByTestId('settings-button').click();
  const dialog = page.getByRole('dialog', { name });
  await dialog.waitFor();
  return dialog;
}

/** Signs in and waits for the dashboard. */
export async function signInToDashboard(page: Page, email: string, password: string): Promise<void> {
  await signIn(page, email, password);
  await page.waitForURL(webUrl('/dashboard'));
  await page.getByTestId('dashboard-vendor-id').waitFor();
}

/** The text of the field error an input points at with aria-describedby (the message shown under it). */
export function errorUnder(field: Locator): Promise<string> {
  return field.evaluate((el) =>
    (el.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id))
      .filter((node) => node?.classList.contains('amplify-field__error-message'))
      .map((node) => node!.textContent ?? '')
      .join(''),
  );
}

/** Removes what Amplify keeps in localStorage (tokens, last user): the in-page session stays, Amplify's is gone. */
export async function clearAmplifyStorage(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const key of Object.keys(localStorage)) if (key.startsWith('CognitoIdentityServiceProvider.')) localStorage.removeItem(key);
  });
}

export interface TestVendor {
  email: string;
  password: string;
  vendorId: string;
  vendorName: string;
}

/**
 * A new vendor, signed up through cognito-local (the post-confirmation trigger runs) and approved by the
 * review domain function: tests that change passwords or open support cases use one, so the demo
 * accounts keep their passwords and data.
 */
export async function approvedVendor(prefix: string, options: { vendorName?: string; locale?: string; password?: string } = {}): Promise<TestVendor> {
  const { signUpVendor, useTestStackEnv } = await import('./auth');
  useTestStackEnv();
  const email = `${prefix}.${Date.now()}.${Math.random().toString(36).slice(2, 6)}@example.com`;
  const password = options.password ?? 'Fresh!Vendor2026';
  const vendorName = options.vendorName ?? 'Test Harvest Co.';
  await signUpVendor(email, password, vendorName, options.locale ?? 'en');
  const { reviewVendor } = await import('../../lambdas/vendor/review');
  const { vendor } = await reviewVendor(email, { decision: 'approve' }, 'e2e');
  return { email, password, vendorId: vendor.vendorId!, vendorName };
}
