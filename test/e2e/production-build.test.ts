/// <reference lib="dom" />
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import adminEn from '../../web/src/i18n/admin.en.json';
import { ADMIN_SECTIONS } from '../../web/src/features/admin/sections';
import { demoAccounts } from '../../scripts/demo/accounts';
import { signedInStates } from '../support/audit-states';
import { enterTotpCode, sharedBrowser } from '../support/browser';
import { serveBuiltSite } from '../../scripts/bench/built-site';
import { totpSecretFor } from '../support/totp-keys';

/**
 * The production build, not the dev server the other browser tests use: what `npm run build:web`
 * makes and CloudFront serves goes through build-only steps (web/vite.config.ts: the chunk groups,
 * the Amplify UI component tokens and variables left out, the lazy default theme) that nothing else
 * runs in a browser. Built into a temporary folder (not the stack's data folder, whose every file
 * test/integration/dev-server.test.ts asks the dev server for) and served as CloudFront serves it, the
 * demo vendor opens every signed-in page and the demo admin every console screen, without an error.
 */
const { approved, admin } = demoAccounts;
let browser: Browser;
let site: { url: string; close(): Promise<void> };
let outDir: string;

beforeAll(async () => {
  const { build } = await import('vite');
  outDir = mkdtempSync(path.join(os.tmpdir(), 'seller-portal-build-'));
  await build({ configFile: path.resolve(import.meta.dirname, '../../web/vite.config.ts'), logLevel: 'silent', build: { outDir, emptyOutDir: true } });
  site = await serveBuiltSite({ dir: outDir, config: inject('stack').webConfig, apiUrl: inject('stack').apiUrl });
  browser = await sharedBrowser();
}, 180_000);
afterAll(async () => {
  await site?.close();
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

/** Through the built site's login page: the production build's own sign-in (Amplify from its chunks). */
async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto(`${site.url}/`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const secret = totpSecretFor(email);
  if (secret) await enterTotpCode(page, secret);
}

describe('the production build', () => {
  it('renders every signed-in vendor page, with its data, and no script error', { timeout: 180_000 }, async () => {
    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    // A text no module's slice of en.json carried (issue 24, item 27: i18n.ts's safety net says so).
    page.on('console', (msg) => {
      if (msg.type() === 'error' && msg.text().startsWith('Locale key')) errors.push(msg.text());
    });
    try {
      await signIn(page, approved.email, approved.password);
      await page.waitForURL(`${site.url}/dashboard`);
      await page.getByTestId('dashboard-vendor-id').waitFor();
      // The pages (not the dialogs) of the small-screen audit, in its order: each waits for its h1 and its data.
      const pages = signedInStates().filter((s) => s.name.startsWith('/') && !s.name.includes(','));
      expect(pages.length).toBeGreaterThanOrEqual(10);
      for (const state of pages) {
        await state.open(page);
        expect(await page.locator('main h1').first().innerText(), state.name).not.toBe('');
      }
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('renders every console screen for the admin, and no script error', { timeout: 120_000 }, async () => {
    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    // A text no module's slice of en.json carried (issue 24, item 27: i18n.ts's safety net says so).
    page.on('console', (msg) => {
      if (msg.type() === 'error' && msg.text().startsWith('Locale key')) errors.push(msg.text());
    });
    try {
      await signIn(page, admin.email, admin.password);
      await page.waitForURL(`${site.url}/admin`);
      await page.getByRole('heading', { level: 1, name: adminEn.admin_overview_title }).waitFor();
      for (const section of ADMIN_SECTIONS) {
        await page.getByRole('link', { name: adminEn[section.label as keyof typeof adminEn] }).first().click();
        await page.waitForURL(`${site.url}${section.path}`);
        await page.locator('main h1').first().waitFor();
      }
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
