/// <reference lib="dom" />
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';

/** Debian's Chromium, headless, with the flags this closed network needs (see DESIGN.md §4). */
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

export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto(webUrl('/'));
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}
