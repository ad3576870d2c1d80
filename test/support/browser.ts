/// <reference lib="dom" />
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { generate } from 'otplib';
import { inject } from 'vitest';
import { totpSecretFor } from './totp-keys';

/** Debian's Chromium, headless, with the flags this closed network needs (as scripts/bench/web.ts launches it). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

export const webUrl = (path = '/') => `${inject('stack').webUrl}${path}`;

export async function newPage(browser: Browser): Promise<{ context: BrowserContext; page: Page; errors: string[]; warnings: string[] }> {
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 800 } });
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
