/// <reference lib="dom" />
/**
 * Stock that behaves (issue 15) in Chromium, where a vendor would notice: an edit of a product changed
 * since the dialog opened is told so with the current stock and overwrites nothing until saved again;
 * "out of stock until" a day shows in the inventory and the product is back on sale with the stock set
 * once the restock run has run on that day; the low-stock badge and filter (in Traditional Chinese).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../web/src/i18n/en.json';
import zh from '../../web/src/i18n/zh-TW.json';
import type { ProductView } from '../../contracts/listings/model';
import { createdProduct, listingsVendor, products, type ListingsVendor } from '../lambdas/listings/stack-fixtures';
import { signedInPage, webUrl } from '../support/browser';

let vendor: ListingsVendor;
let tea: ProductView;
let mooncake: ProductView;
/** The password orders-fixtures' approvedVendor signs its vendors up with. */
const PASSWORD = 'Fresh!Vendor2026';

async function published(name: string, inventory: string): Promise<ProductView> {
  const p = await createdProduct(vendor, true, { nameEn: name });
  const { reviewProduct } = await import('../../lambdas/listings/review');
  await reviewProduct({ productId: p.productId, decision: 'approve' }, { userId: 'cli:e2e', email: 'cli:e2e' });
  await products.offer(vendor.token, p.productId, { price: '12.50', compareAtPrice: '', inventory, outOfStock: false });
  return (await products.get(vendor.token, p.productId)).body as ProductView;
}

beforeAll(async () => {
  vendor = await listingsVendor('e2e.stock', 'Stock Path Grocers');
  tea = await published('Stale Check Tea', '40');
  mooncake = await published('Mooncake Gift Box', '12');
}, 120_000);

const fill = (text: string, values: Record<string, string>) => Object.entries(values).reduce((s, [k, v]) => s.replace(`{{${k}}}`, v), text);

describe('stock in the inventory (issue 15)', () => {
  it('a stale edit is reported with the current stock, not overwritten; out of stock until a day comes back on that day', { timeout: 120_000 }, async () => {
    const { context, page, errors } = await signedInPage({ email: vendor.email, password: PASSWORD });
    try {
      await page.goto(webUrl('/inventory'));
      const teaRow = page.locator(`[data-testid="inventory-row"][data-product-id="${tea.productId}"]`);
      await teaRow.waitFor();

      // The dialog opens on 40; meanwhile another tab (or a bulk upload) sets 31.
      await teaRow.getByTestId('inventory-edit').click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(en.field_inventory, { exact: true }).waitFor();
      expect((await products.offer(vendor.token, tea.productId, { price: '12.50', compareAtPrice: '', inventory: '31', outOfStock: false })).status).toBe(200);
      await dialog.getByLabel(en.field_inventory, { exact: true }).fill('35');
      await dialog.getByTestId('offer-save').click();
      const changed = dialog.getByTestId('offer-changed');
      await changed.waitFor();
      expect(await changed.textContent()).toBe(fill(en.offer_changed_since_opened, { price: '$12.50', compareAt: en.offer_no_compare_at, inventory: '31', stock: en.in_stock }));
      expect(((await products.get(vendor.token, tea.productId)).body as ProductView).offer.inventory).toBe(31);
      // Saved again, knowingly: on the current version.
      await dialog.getByTestId('offer-save').click();
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(async () => (await teaRow.getByTestId('inventory-count').textContent())?.trim()).toBe('35');

      // Out of stock until tomorrow, coming back with 24.
      const { marketplaceDay, addDays, startOfDay } = await import('../../lambdas/shared/dates');
      const tomorrow = addDays(marketplaceDay(new Date()), 1);
      const cakeRow = page.locator(`[data-testid="inventory-row"][data-product-id="${mooncake.productId}"]`);
      await cakeRow.getByTestId('inventory-edit').click();
      await dialog.locator('label.switch-field').click();
      await dialog.getByLabel(en.field_restock_on).fill(tomorrow);
      await dialog.getByLabel(en.field_inventory, { exact: true }).fill('24');
      await dialog.getByTestId('offer-save').click();
      await dialog.waitFor({ state: 'detached' });
      await cakeRow.getByTestId('inventory-restock-on').waitFor();
      expect(await cakeRow.getByTestId('inventory-out-of-stock').textContent()).toContain(en.out_of_stock);

      // The day comes: the restock run (the scheduled Lambda's module) puts it back on sale.
      const { runRestock } = await import('../../lambdas/listings/restock');
      await runRestock(new Date(startOfDay(tomorrow).getTime() + 12 * 3_600_000));
      await page.reload();
      await cakeRow.waitFor();
      expect((await cakeRow.getByTestId('inventory-out-of-stock').textContent())?.trim()).toBe(en.in_stock);
      expect((await cakeRow.getByTestId('inventory-count').textContent())?.trim()).toBe('24');
      expect(await cakeRow.getByTestId('inventory-restock-on').count()).toBe(0);
      // The 409 logs Chromium's "Failed to load resource: 409"; nothing else may go wrong.
      expect(errors.filter((e) => !/Failed to load resource: the server responded with a status of 409/.test(e))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('stock falling to its threshold shows Low stock, and the low-stock filter lists it (Traditional Chinese)', { timeout: 120_000 }, async () => {
    const { context, page, errors } = await signedInPage({ email: vendor.email, password: PASSWORD });
    try {
      await page.getByTestId('language-button').click();
      await page.getByRole('menuitemradio', { name: '繁體中文' }).click();
      await page.waitForFunction(() => document.documentElement.lang === 'zh-TW');
      await page.goto(webUrl('/inventory'));
      const teaRow = page.locator(`[data-testid="inventory-row"][data-product-id="${tea.productId}"]`);
      await teaRow.getByTestId('inventory-edit').click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(zh.field_inventory, { exact: true }).fill('3');
      await dialog.getByTestId('offer-save').click();
      await dialog.waitFor({ state: 'detached' });
      await teaRow.getByTestId('inventory-low-stock').waitFor();
      expect(await teaRow.getByTestId('inventory-low-stock').textContent()).toBe(zh.low_stock_badge);

      await page.getByLabel(zh.inventory_filter_label).selectOption('low');
      await page.waitForURL((url) => url.searchParams.get('stock') === 'low');
      await page.locator('[data-testid="inventory-table"][aria-busy="false"]').waitFor();
      await expect.poll(async () => page.getByTestId('inventory-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-product-id')))).toEqual([tea.productId]);
      // One notification in the inbox for the crossing.
      await page.goto(webUrl('/notifications'));
      await page.getByText(zh['notifications.stock_low.title']).first().waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
