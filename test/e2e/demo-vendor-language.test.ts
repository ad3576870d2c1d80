/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '../../scripts/demo/accounts';
import type { Dashboard } from '../../contracts/dashboard';
import zhTW from '../../web/src/i18n/zh-TW.json';
import { formatMoney } from '../../web/src/lib/format';
import { api, idTokenFor } from '../support/auth';
import { getJson, shownOrders } from '../support/sales';
import { signedInPage } from '../support/browser';

/**
 * The demo vendor's seeded dashboard, orders and catalogue in Traditional Chinese. The language is
 * saved with the vendor, so switching it changes what every file signed in as the demo vendor sees:
 * these tests run in stack-serial (vitest.config.ts) and put English back, while the English checks
 * of the same data (sales.test.ts, listings.test.ts) run side by side with other files.
 */
const { approved } = demoAccounts;
const zh = zhTW;
const PERIODS = [
  ['today', zhTW.period_today],
  ['last7Days', zhTW.period_7_days],
  ['last15Days', zhTW.period_15_days],
  ['last30Days', zhTW.period_30_days],
] as const;

let token: string;
beforeAll(async () => {
  token = await idTokenFor(approved.email, approved.password);
});
afterAll(async () => {
  // Leave the demo vendor as seeded, whatever a failed test left behind.
  await api('/api/me', { method: 'PATCH', token: await idTokenFor(approved.email, approved.password), body: JSON.stringify({ language: 'en' }) });
});

describe('Traditional Chinese', () => {
  it('labels and numbers follow the language on the dashboard and the orders page', async () => {
    const { context, page } = await signedInPage(approved);
    await page.getByTestId('dashboard-balance').waitFor();
    await page.getByTestId('language-button').click();
    await page.getByRole('menuitemradio', { name: '繁體中文' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(zhTW.dashboard_title);
    const expected = await getJson<Dashboard>('/api/dashboard', token);
    for (const [key, label] of PERIODS) {
      const card = page.getByTestId(`period-${key}`);
      expect(await card.getByRole('heading', { level: 3 }).innerText()).toBe(label);
      const amount = await card.getByTestId('period-amount').innerText();
      expect(amount).toBe(formatMoney(expected.periods[key].amountCents, 'zh-TW'));
      expect(amount).toMatch(/^US\$[\d,]+\.\d\d$/);
    }
    expect(await page.getByTestId('dashboard-next-payout').innerText()).toMatch(/^\d{4}年\d{1,2}月\d{1,2}日 星期.$/);
    expect(await page.getByRole('table', { name: zhTW.daily_sales_table_caption }).locator('tbody tr').count()).toBe(30);

    await page.getByRole('link', { name: zhTW.nav_orders }).click();
    await page.getByRole('heading', { level: 1, name: zhTW.orders_title }).waitFor();
    await shownOrders(page);
    expect(await page.locator('[data-testid="orders-table"] > thead th').allInnerTexts()).toEqual([zhTW.order_number, zhTW.order_date, zhTW.order_total, zhTW.order_product, zhTW.order_quantity, zhTW.order_status]);
    const zhLabels = new Set([zhTW.order_status_pending, zhTW.order_status_paid, zhTW.order_status_fulfilled, zhTW.order_status_cancelled]);
    for (const text of await page.getByTestId('order-status').allInnerTexts()) expect(zhLabels.has(text), text).toBe(true);
    for (const text of await page.getByTestId('order-total').allInnerTexts()) expect(text).toMatch(/^US\$[\d,]+\.\d\d$/);
    expect(await page.getByLabel(zhTW.filter_status, { exact: true }).locator('option').allInnerTexts()).toEqual([zhTW.filter_all_statuses, zhTW.order_status_pending, zhTW.order_status_paid, zhTW.order_status_fulfilled, zhTW.order_status_cancelled]);

    await page.getByTestId('language-button').click();
    await page.getByRole('menuitemradio', { name: 'English' }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en');
    await context.close();
  });
});

describe('the catalogue in Traditional Chinese', () => {
  it('shows the demo vendor’s seeded catalogue in Traditional Chinese', { timeout: 120_000 }, async () => {
    const { context, page, errors } = await signedInPage(demoAccounts.approved);
    try {
      await page.getByTestId('language-button').click();
      await page.getByRole('menuitemradio', { name: '繁體中文' }).click();
      await page.waitForFunction(() => document.documentElement.lang === 'zh-TW');
      await page.getByRole('link', { name: zh.nav_products }).click();
      expect(await page.getByTestId('products-tab-published').textContent()).toContain(zh.tab_published);
      await page.getByText('高山烏龍茶葉').first().waitFor();
      await page.getByTestId('products-tab-rejected').click();
      await page.getByText(zh.rejection_image_background).waitFor();
      await page.getByTestId('products-tab-pending').click();
      await page.getByText('花菇乾香菇').first().waitFor();
      await page.getByTestId('products-tab-draft').click();
      await page.getByText('黑糖珍珠粉圓組').first().waitFor();
      // Every seeded state came with real images: the published rows' thumbnails (renditions) load.
      await page.getByTestId('products-tab-published').click();
      const thumbnails = page.locator('[data-testid="products-table"][data-tab="published"][aria-busy="false"] [data-testid="product-row"] img');
      await thumbnails.first().waitFor();
      await page.waitForFunction(() => Array.from(document.querySelectorAll<HTMLImageElement>('[data-testid="product-row"] img')).every((img) => img.complete));
      const loaded = await thumbnails.evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).naturalWidth > 0));
      expect(loaded.length).toBeGreaterThanOrEqual(5);
      expect(loaded.every(Boolean)).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
      // The demo vendor's language is saved with the vendor: put it back for other tests.
      const { email, password } = demoAccounts.approved;
      await api('/api/me', { method: 'PATCH', token: await idTokenFor(email, password), body: JSON.stringify({ language: 'en' }) });
    }
  });
});
