/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import en from '../../web/src/i18n/en.json';
import { demoAccounts } from '../../scripts/demo/accounts';
import { api, idTokenFor } from '../support/auth';
import { consoleStates, fakePayoutHistory, longBusinessName, longConsoleNames, longProductNames, signedInStates, signedOutStates, type AuditState } from '../support/audit-states';
import { newPage, signedInPage, webUrl } from '../support/browser';
import { axeProblems, overflowProblems, smallLinkProblems } from '../support/layout-audit';

/**
 * Issue 10: phones and small screens, and axe. Every signed-in page and dialog (and the signed-out
 * pages) at a phone (390×844) and a tablet (768×1024) in both languages: the page never scrolls
 * sideways, every button is inside the viewport (not cut off by the screen or by a container), every
 * dialog is on screen, and axe-core finds nothing serious or critical. One browser, one signed-in
 * context per language; each state is checked at both sizes by resizing, not reloading.
 * Issue 24, item 21: the vendor's business name and a product's name are 120 characters without a
 * break (they wrap, the page stays 390 px), the console's pages too, and text links on a phone are at
 * least 24 px tall.
 */
const { admin, approved } = demoAccounts;
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
] as const;
type Lang = 'en' | 'zh-TW';

afterAll(async () => {
  // The zh-TW pass switches the demo vendor's language with the header menu: leave it as seeded.
  const token = await idTokenFor(approved.email, approved.password);
  await api('/api/me', { method: 'PATCH', token, body: JSON.stringify({ language: 'en' }) });
});

const nextFrame = (page: Page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

/** Opens each state in turn and checks it at every viewport; returns every problem as a readable line. */
async function audit(page: Page, lang: Lang, states: AuditState[]): Promise<{ problems: string[]; checked: number }> {
  const problems: string[] = [];
  let checked = 0;
  for (const state of states) {
    await page.setViewportSize(VIEWPORTS[0]);
    try {
      await state.open(page);
    } catch (err) {
      problems.push(`[${lang}] ${state.name}: could not be opened (${(err as Error).message.split('\n')[0]})`);
      continue;
    }
    for (const viewport of VIEWPORTS) {
      if (state.maxWidth && viewport.width >= state.maxWidth) continue;
      await page.setViewportSize(viewport);
      await nextFrame(page);
      checked += 1;
      const where = `[${lang} ${viewport.width}px] ${state.name}`;
      for (const problem of await overflowProblems(page)) problems.push(`${where}: ${problem}`);
      if (viewport === VIEWPORTS[0]) for (const problem of await smallLinkProblems(page)) problems.push(`${where}: ${problem}`);
      // axe at the phone size; pages again at the tablet size (the header differs there). Dialogs and menus look the same to axe at both.
      if (viewport === VIEWPORTS[0] || state.name.startsWith('/')) for (const problem of await axeProblems(page)) problems.push(`${where}: axe ${problem}`);
    }
    await page.setViewportSize(VIEWPORTS[0]);
    await state.close?.(page);
  }
  return { problems, checked };
}

describe('phones and tablets (issue 10)', () => {
  it.each<Lang>(['en', 'zh-TW'])('every signed-in page and dialog fits 390 and 768 px and passes axe, in %s', { timeout: 150_000 }, async (lang) => {
    const errors: string[] = [];
    const { context, page } = await signedInPage(approved, {
      viewport: VIEWPORTS[0],
      before: async ({ context, page }) => {
        page.on('pageerror', (err) => errors.push(err.message));
        await fakePayoutHistory(context);
        await longProductNames(context);
        await longBusinessName(context);
      },
    });
    try {
      if (lang === 'zh-TW') {
        await page.getByTestId('language-button').click();
        await page.getByRole('menuitemradio', { name: '繁體中文' }).click();
        await page.waitForFunction(() => document.documentElement.lang === 'zh-TW');
      }
      const states = signedInStates();
      const { problems, checked } = await audit(page, lang, states);
      expect(problems).toEqual([]);
      // Every state at both sizes (the small-screen menu at both too: it is there below 60rem).
      expect(checked).toBe(states.length * VIEWPORTS.length);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it.each<Lang>(['en', 'zh-TW'])('the signed-out pages fit 390 and 768 px and pass axe, in %s', { timeout: 60_000 }, async (lang) => {
    const { context, page } = await newPage({ viewport: VIEWPORTS[0] });
    try {
      await page.goto(webUrl('/'));
      await page.getByRole('heading', { level: 1 }).waitFor();
      if (lang === 'zh-TW') {
        await page.getByLabel(en.language).selectOption('zh-TW');
        await page.waitForFunction(() => document.documentElement.lang === 'zh-TW');
      }
      const states = signedOutStates();
      const { problems, checked } = await audit(page, lang, states);
      expect(problems).toEqual([]);
      expect(checked).toBe(states.length * VIEWPORTS.length);
    } finally {
      await context.close();
    }
  });

  it('the console with 120-character names fits 390 px (the vendor page included), in both languages (issue 24, item 21)', { timeout: 150_000 }, async () => {
    const errors: string[] = [];
    const { context, page } = await signedInPage(admin, {
      path: '/admin',
      viewport: VIEWPORTS[0],
      before: async ({ context, page }) => {
        page.on('pageerror', (err) => errors.push(err.message));
        await longConsoleNames(context);
      },
    });
    try {
      await page.waitForURL(webUrl('/admin'));
      const problems: string[] = [];
      for (const lang of ['en', 'zh-TW'] as const) {
        if (lang === 'zh-TW') {
          await page.getByTestId('admin-language-button').click();
          await page.waitForFunction(() => document.documentElement.lang === 'zh-TW');
        }
        for (const state of consoleStates()) {
          await state.open(page);
          await nextFrame(page);
          for (const problem of [...(await overflowProblems(page)), ...(await smallLinkProblems(page))]) problems.push(`[${lang} 390px] ${state.name}: ${problem}`);
        }
      }
      // Back to English, as seeded.
      await page.getByTestId('admin-language-button').click();
      await page.waitForFunction(() => document.documentElement.lang === 'en');
      expect(problems).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
