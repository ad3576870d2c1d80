/// <reference lib="dom" />
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Locator, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import en from '../../web/src/i18n/en.json';
import zhTW from '../../web/src/i18n/zh-TW.json';
import { approvedVendor, errorUnder, newPage, openSupportDialog, signedInPage, webUrl, type TestVendor } from '../support/browser';

/** Fresh vendors: the cases they open (and their hourly limit) leave the demo vendor alone. */
let vendor: TestVendor;
let zhVendor: TestVendor;

beforeAll(async () => {
  [vendor, zhVendor] = await Promise.all([
    approvedVendor('e2e.support', { vendorName: 'Riverbend Rice Co.' }),
    approvedVendor('e2e.support.zh', { vendorName: '青山茶園', locale: 'zh-TW' }),
  ]);
});

const fields = (dialog: Locator, t: Record<string, string> = en) => ({
  category: dialog.getByLabel(t.support_category!),
  message: dialog.getByLabel(t.support_message!),
  send: dialog.getByRole('button', { name: t.send! }),
});

/** The ops notification the local stack writes for a case (its stand-in for the SNS e-mail). */
function outboxMail(caseId: string): { subject: string; body: string } | null {
  const file = path.join(inject('stack').dataDir, 'outbox', `${caseId}.json`);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { subject: string; body: string }) : null;
}

const supportPosts = (requests: Request[]) => requests.filter((r) => new URL(r.url()).pathname === '/api/support' && r.method() === 'POST');

describe('contact support, signed in', () => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  const requests: Request[] = [];
  let browserDialogs = 0;

  beforeAll(async () => {
    ({ context, page, errors } = await signedInPage(vendor, {
      before: ({ page }) => {
        page.on('request', (r) => requests.push(r));
        page.on('dialog', (d) => {
          browserDialogs += 1;
          void d.dismiss();
        });
      },
    }));
  });
  afterAll(async () => {
    // Never window.alert, in any outcome.
    expect(browserDialogs).toBe(0);
    await context?.close();
  });

  /** Opens the dialog fresh (closing what a previous test left open) with no routes. */
  async function freshDialog(): Promise<Locator> {
    await page.unrouteAll();
    if (await page.getByRole('dialog').count()) await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    return openSupportDialog(page);
  }

  it("offers a blank 'Choose one' and the eight categories; Send stays disabled until both fields are present", async () => {
    const dialog = await freshDialog();
    const { category, message, send } = fields(dialog);
    const options = await category.locator('option').allInnerTexts();
    expect(options).toEqual([en.choose_one, en.add_remove_product, en.payouts_category, en.title_image_description_update, en.send_product_to_warehouse, en.inventory_category, en.ask_question, en.suggest_improvement, en.report_bug]);
    expect(await send.isDisabled()).toBe(true);
    await message.fill('Where do I change my shop name?');
    expect(await send.isDisabled()).toBe(true);
    await category.selectOption('ask_question');
    expect(await send.isDisabled()).toBe(false);
    await message.fill('   ');
    expect(await send.isDisabled()).toBe(true);
    // Enter with a blank message says so by the field, and sends nothing.
    await message.press('Enter');
    await expect.poll(() => errorUnder(message)).toBe(en.please_enter_message);
    await category.selectOption('');
    await expect.poll(() => errorUnder(category)).toBe(en.please_select_category);
    await dialog.getByRole('button', { name: en.cancel }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect(supportPosts(requests)).toHaveLength(0);
  });

  it('Shift+Enter starts a new line; Enter sends with a freshly refreshed token; the case number is in the in-page alert and the case reaches ops', async () => {
    const dialog = await freshDialog();
    const { category, message } = fields(dialog);
    await category.selectOption('payouts_category');
    await message.click();
    await page.keyboard.type('When is my next payout?');
    await page.keyboard.press('Shift+Enter');
    await page.keyboard.type('Thank you');
    expect(await message.inputValue()).toBe('When is my next payout?\nThank you');
    expect(supportPosts(requests)).toHaveLength(0);

    const refreshes: Request[] = [];
    const onRequest = (r: Request) => {
      if (r.headers()['x-amz-target']?.endsWith('.GetTokensFromRefreshToken')) refreshes.push(r);
    };
    page.on('request', onRequest);
    const posted = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/support' && r.method() === 'POST');
    await page.keyboard.press('Enter');
    const request = await posted;
    page.off('request', onRequest);
    expect(refreshes.length).toBeGreaterThanOrEqual(1);
    expect(request.postDataJSON()).toEqual({ category: 'payouts_category', message: 'When is my next payout?\nThank you', vendorId: vendor.vendorId });
    const token = (await request.allHeaders()).authorization?.replace(/^Bearer /, '') ?? '';
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { email: string };
    expect(claims.email).toBe(vendor.email);

    const alert = page.getByTestId('page-alert');
    await alert.waitFor();
    expect(await alert.getAttribute('role')).toBe('alert');
    const text = await alert.innerText();
    const caseId = /(SC-[\w-]+)/.exec(text)?.[1];
    expect(text).toContain(`Your support case ${caseId} has been submitted. We will get back to you within 24 hours.`);
    expect(await dialog.count()).toBe(0);
    await expect.poll(() => outboxMail(caseId!) !== null, { timeout: 5_000 }).toBe(true);
    expect(outboxMail(caseId!)!.body).toContain('When is my next payout?');
    expect(outboxMail(caseId!)!.subject).toContain(vendor.vendorId);
  });

  it.each([
    [500, { error: 'internal_error', message: 'Something went wrong on our side.' }],
    [429, { error: 'support_rate_limited', message: 'You can open at most 10 support cases an hour. Please try again in 42 minutes.' }],
  ])("a %i answer: 'Failed to submit support case: {server message}', and the dialog keeps the text", async (status, body) => {
    const dialog = await freshDialog();
    await page.route('**/api/support', (route) => route.fulfill({ status, json: body }));
    const { category, message, send } = fields(dialog);
    await category.selectOption('report_bug');
    await message.fill('The orders page does not load.');
    await send.click();
    const alert = dialog.getByRole('alert');
    await alert.waitFor();
    expect(await alert.innerText()).toBe(`Failed to submit support case: ${body.message}`);
    expect(await message.inputValue()).toBe('The orders page does not load.');
    expect(await send.isEnabled()).toBe(true);
  });

  it("a network failure: 'An error occurred: {message}'", async () => {
    const dialog = await freshDialog();
    await page.route('**/api/support', (route) => route.abort('failed'));
    const { category, message } = fields(dialog);
    await category.selectOption('inventory_category');
    await message.fill('Stock counts are off.');
    await message.press('Enter');
    const alert = dialog.getByRole('alert');
    await alert.waitFor();
    expect(await alert.innerText()).toBe('An error occurred: Failed to fetch');
    await page.unrouteAll();
    await page.keyboard.press('Escape');
    // Only the aborted and the mocked requests failed: Chromium logs those, nothing else went wrong.
    expect(errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
  });
});

describe('contact support without a session', () => {
  it("no token after the forced refresh: signed out, back on '/', 'Authentication token unavailable. Please sign in again.'", async () => {
    const { context, page } = await signedInPage(vendor);
    const requests: Request[] = [];
    page.on('request', (r) => requests.push(r));
    // Cognito refuses the refresh token (expired or revoked): Amplify drops its tokens and has none to give.
    const { cognitoEndpoint } = inject('stack');
    await page.route(
      (url) => url.href.startsWith(cognitoEndpoint),
      async (route) => {
        if (!route.request().headers()['x-amz-target']?.endsWith('.GetTokensFromRefreshToken')) return route.continue();
        await route.fulfill({
          status: 400,
          headers: { 'access-control-allow-origin': '*', 'access-control-expose-headers': 'x-amzn-errortype', 'x-amzn-errortype': 'NotAuthorizedException' },
          contentType: 'application/x-amz-json-1.1',
          body: JSON.stringify({ __type: 'NotAuthorizedException', message: 'Refresh Token has expired' }),
        });
      },
    );
    const dialog = await openSupportDialog(page);
    await fields(dialog).category.selectOption('ask_question');
    await fields(dialog).message.fill('Hello?');
    await fields(dialog).message.press('Enter');
    await page.waitForURL(webUrl('/'));
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.innerText()).toBe(en.auth_token_unavailable);
    expect(supportPosts(requests)).toHaveLength(0);
    // Signed out for real: the guard sends a visit of /dashboard back to '/'.
    await page.goto(webUrl('/dashboard'));
    await page.waitForURL(webUrl('/'));
    expect(await page.evaluate(() => Object.keys(localStorage).some((k) => k.startsWith('CognitoIdentityServiceProvider.')))).toBe(false);
    await context.close();
  });

  it('a visitor nobody signed in (an unguarded page) has no message to lose: sign in, or /contact with the support address (issue 10)', async () => {
    const { context, page } = await newPage();
    const requests: Request[] = [];
    page.on('request', (r) => requests.push(r));
    await page.goto(webUrl('/no-such-page'));
    const dialog = await openSupportDialog(page);
    expect(await dialog.getByText(en.support_signed_out_body).isVisible()).toBe(true);
    expect(await dialog.getByRole('textbox').count()).toBe(0);
    await dialog.getByRole('link', { name: en.contact_title }).click();
    await page.waitForURL(webUrl('/contact'));
    const mail = page.getByTestId('support-email-link');
    await mail.waitFor();
    expect(await mail.innerText()).toBe('support@example.com');
    expect(await mail.getAttribute('href')).toMatch(/^mailto:support@example\.com\?subject=/);
    expect(supportPosts(requests)).toHaveLength(0);
    await context.close();
  });
});

describe('contact support in Traditional Chinese', () => {
  it('speaks zh-TW throughout: labels, categories, the inline error and the confirmation', async () => {
    const { context, page } = await signedInPage(zhVendor);
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('zh-TW');
    const dialog = await openSupportDialog(page, zhTW.contact_support);
    const { category, message, send } = fields(dialog, zhTW);
    expect(await category.locator('option').allInnerTexts()).toEqual([zhTW.choose_one, zhTW.add_remove_product, zhTW.payouts_category, zhTW.title_image_description_update, zhTW.send_product_to_warehouse, zhTW.inventory_category, zhTW.ask_question, zhTW.suggest_improvement, zhTW.report_bug]);
    await message.fill('我想新增三項烏龍茶商品。');
    await message.press('Enter');
    await expect.poll(() => errorUnder(category)).toBe(zhTW.please_select_category);
    await category.selectOption('add_remove_product');
    await send.click();
    const alert = page.getByTestId('page-alert');
    await alert.waitFor();
    expect(await alert.innerText()).toMatch(/^您的客服案件 SC-[\w-]+ 已送出，我們將在 24 小時內回覆您。/);
    await context.close();
  });
});
