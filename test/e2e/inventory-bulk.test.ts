/// <reference lib="dom" />
import { readFile } from 'node:fs/promises';
import iconv from 'iconv-lite';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ProductView } from '../../contracts/listings/model';
import en from '../../web/src/i18n/en.json';
import zh from '../../web/src/i18n/zh-TW.json';
import { completeForm } from '../lambdas/listings/fixtures';
import { api, idTokenFor } from '../support/auth';
import { approvedVendor, signedInPage, webUrl, type TestVendor } from '../support/browser';

/**
 * Bulk price and stock by spreadsheet (issue 15) in Chromium: export, edit three prices and one stock
 * in the file, upload, the dry run with one error row, a single edit made meanwhile, apply, the
 * report and the inventory; then a Big5 file with full-width digits in Traditional Chinese, and undo.
 */


const fill = (text: string, vars: Record<string, string | number>) => Object.entries(vars).reduce((s, [k, v]) => s.replace(`{{${k}}}`, String(v)), text);

async function vendorWithProducts(prefix: string, locale: string, count: number): Promise<{ vendor: TestVendor; token: string; products: ProductView[] }> {
  const vendor = await approvedVendor(prefix, { vendorName: 'Bulk Sheet Grocers', locale });
  const token = await idTokenFor(vendor.email, vendor.password);
  const products: ProductView[] = [];
  for (let i = 0; i < count; i++) {
    const values = completeForm({ nameEn: `Sheet item ${i}`, nameZh: `試算品 ${i}`, price: `${10 + i}.00`, compareAtPrice: '', images: [], nutritionLabel: '' });
    const res = await api('/api/products', { method: 'POST', token, body: JSON.stringify({ values, submit: false }) });
    if (res.status !== 201) throw new Error(`POST /api/products: ${res.status}`);
    products.push(res.body as ProductView);
  }
  return { vendor, token, products };
}

async function uploadFile(page: Page, name: string, bytes: Buffer): Promise<void> {
  await page.getByTestId('bulk-file').setInputFiles({ name, mimeType: 'text/csv', buffer: bytes });
  await page.getByTestId('bulk-check').click();
  await page.locator('[data-testid="bulk-job"][data-status="ready"]').waitFor();
}

const row = (page: Page, sku: string) => page.locator(`[data-testid="bulk-row"][data-sku="${sku}"]`);

describe('bulk price and stock by spreadsheet', () => {
  it('export → edit three prices and one stock → dry run with one error row → apply with a concurrent edit → report and inventory', { timeout: 180_000 }, async () => {
    const { vendor, token, products } = await vendorWithProducts('e2e.bulk', 'en', 5);
    const { context, page, errors } = await signedInPage(vendor);
    try {
      await page.goto(webUrl('/inventory'));
      await page.getByTestId('inventory-bulk-link').click();
      await page.waitForURL(webUrl('/inventory/bulk'));
      await page.getByRole('heading', { level: 1, name: en.bulk_title }).waitFor();

      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('bulk-download').click()]);
      expect(download.suggestedFilename()).toBe(`inventory-${vendor.vendorId}.csv`);
      const bytes = await readFile((await download.path())!);
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = bytes.subarray(3).toString('utf8').split('\r\n');
      expect(lines[0]).toBe('SKU,Product,Price (USD),Compare-at price (USD),Stock');
      const [a, b, c, d, e] = products as [ProductView, ProductView, ProductView, ProductView, ProductView];
      expect(lines).toContain(`${a.sku},Sheet item 0,10.00,,0`);

      // As a vendor edits it in a spreadsheet: three prices, one stock, and a price typed with a symbol.
      const edited = lines.map((line) => {
        if (line.startsWith(`${a.sku},`)) return `${a.sku},Sheet item 0,10.50,,0`;
        if (line.startsWith(`${b.sku},`)) return `${b.sku},Sheet item 1,11.75,,0`;
        if (line.startsWith(`${c.sku},`)) return `${c.sku},Sheet item 2,13.00,,0`;
        if (line.startsWith(`${d.sku},`)) return `${d.sku},Sheet item 3,13.00,,40`;
        if (line.startsWith(`${e.sku},`)) return `${e.sku},Sheet item 4,$14,,0`;
        return line;
      });
      await uploadFile(page, 'inventory-edited.csv', Buffer.from('\uFEFF' + edited.join('\r\n'), 'utf8'));
      await expect.poll(() => page.getByTestId('bulk-summary').innerText()).toContain(fill(en.bulk_summary, { rows: 5, changes: 4, unchanged: 0, errors: 1 }));
      expect(await page.getByTestId('bulk-rows').locator('[data-kind="error"]').count()).toBe(1);
      expect(await row(page, e.sku).getByTestId('bulk-result').innerText()).toBe(en.bulk_error_price_format);
      expect(await row(page, a.sku).getByTestId('bulk-price').innerText()).toMatch(/\$10\.00\s*→\s*\$10\.50/);
      expect(await row(page, d.sku).getByTestId('bulk-stock').innerText()).toMatch(/0\s*→\s*40/);
      // Nothing applied by the dry run.
      expect(((await api(`/api/products/${a.productId}`, { token })).body as ProductView).offer.priceCents).toBe(1000);

      // Meanwhile C is changed in the inventory's dialog (another tab, a colleague).
      const single = await api(`/api/products/${c.productId}/offer`, { method: 'PATCH', token, body: JSON.stringify({ price: '19.99', compareAtPrice: '', inventory: 2, outOfStock: false }) });
      expect(single.status).toBe(200);

      await page.getByTestId('bulk-apply').click();
      await page.locator('[data-testid="bulk-job"][data-status="applied"]').waitFor({ timeout: 60_000 });
      const report = await page.getByTestId('bulk-report').innerText();
      expect(report).toContain(fill(en.bulk_applied, { written: 3 }));
      expect(report).toContain(fill(en.bulk_applied_changed, { count: 1 }));
      expect(await row(page, c.sku).getByTestId('bulk-result').innerText()).toBe(en.bulk_outcome_changed);
      expect(await row(page, a.sku).getByTestId('bulk-result').innerText()).toBe(en.bulk_outcome_applied);
      await page.getByTestId('bulk-undo').waitFor();

      // The inventory shows the file's values, and C keeps the single edit.
      await page.goto(webUrl('/inventory?sort=sku'));
      const priceOf = (p: ProductView) => page.locator(`[data-testid="inventory-row"][data-product-id="${p.productId}"] [data-testid="inventory-price"]`).innerText();
      const countOf = (p: ProductView) => page.locator(`[data-testid="inventory-row"][data-product-id="${p.productId}"] [data-testid="inventory-count"]`).innerText();
      await expect.poll(() => priceOf(a)).toBe('$10.50');
      expect(await priceOf(b)).toBe('$11.75');
      expect(await priceOf(c)).toBe('$19.99');
      expect(await countOf(c)).toBe('2');
      expect(await countOf(d)).toBe('40');
      expect(await priceOf(e)).toBe('$14.00');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('reads a Big5 file with full-width digits in Traditional Chinese, applies it and undoes it', { timeout: 180_000 }, async () => {
    const { vendor, token, products } = await vendorWithProducts('e2e.bulk.zh', 'zh-TW', 2);
    const [a, b] = products as [ProductView, ProductView];
    const { context, page, errors } = await signedInPage(vendor);
    try {
      await page.goto(webUrl('/inventory/bulk'));
      await page.getByRole('heading', { level: 1, name: zh.bulk_title }).waitFor();

      // Excel on Traditional-Chinese Windows: Big5, Chinese headers, full-width digits and point.
      const big5 = iconv.encode(`SKU 貨號,商品,售價 (USD),原價 (USD),庫存\r\n${a.sku},試算品 0,１５．２０,,２５\r\n${b.sku},試算品 1,,,\r\n`, 'big5');
      await uploadFile(page, '庫存.csv', big5);
      await expect.poll(() => page.getByTestId('bulk-summary').innerText()).toContain(fill(zh.bulk_summary, { rows: 2, changes: 1, unchanged: 1, errors: 0 }));
      expect(await row(page, a.sku).getByTestId('bulk-price').innerText()).toMatch(/10\.00\s*→\s*\S*15\.20/);
      expect(await row(page, a.sku).getByTestId('bulk-stock').innerText()).toMatch(/0\s*→\s*25/);
      expect(await row(page, b.sku).count()).toBe(0);

      await page.getByTestId('bulk-apply').click();
      await page.locator('[data-testid="bulk-job"][data-status="applied"]').waitFor({ timeout: 60_000 });
      expect(await page.getByTestId('bulk-report').innerText()).toContain(fill(zh.bulk_applied, { written: 1 }));
      expect(((await api(`/api/products/${a.productId}`, { token })).body as ProductView).offer).toMatchObject({ priceCents: 1520, inventory: 25 });

      await page.getByTestId('bulk-undo').click();
      await page.locator('[data-testid="bulk-job"][data-status="undone"]').waitFor({ timeout: 60_000 });
      expect(await page.getByTestId('bulk-undo-report').innerText()).toContain(fill(zh.bulk_undone, { written: 1 }));
      expect(await page.getByTestId('bulk-undo').count()).toBe(0);
      expect(((await api(`/api/products/${a.productId}`, { token })).body as ProductView).offer).toMatchObject({ priceCents: 1000, inventory: 0 });

      // After a reload the page shows the last bulk change, undone, in Chinese.
      await page.reload();
      await page.locator('[data-testid="bulk-job"][data-status="undone"]').waitFor();
      expect(await page.getByRole('heading', { level: 2, name: fill(zh.bulk_last_heading, { file: '庫存.csv' }) }).count()).toBe(1);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
