/// <reference lib="dom" />
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACTIVITY_CSV_COLUMNS } from '../../contracts/activity';
import type { ProductView } from '../../contracts/listings/model';
import en from '../../web/src/i18n/en.json';
import zhTW from '../../web/src/i18n/zh-TW.json';
import { completeForm } from '../lambdas/listings/fixtures';
import { products } from '../lambdas/listings/stack-fixtures';
import type { BulkJob } from '../../contracts/bulk';
import { api, idTokenFor } from '../support/auth';
import { approvedVendor, signedInPage, webUrl, type TestVendor } from '../support/browser';
import { axeProblems, overflowProblems } from '../support/layout-audit';

/**
 * Issue 14, the activity log end to end in Chromium: a vendor changes a price in the inventory, opens
 * Activity from the account menu, sees who changed what, filters, downloads the CSV, and the page
 * works at 390 px in both languages. A fresh vendor, so the demo vendor's seeded entries do not mix in.
 */
let vendor: TestVendor;
let product: ProductView;

beforeAll(async () => {
  vendor = await approvedVendor('activity.e2e', { vendorName: 'Activity Proof Foods' });
  const token = await idTokenFor(vendor.email, vendor.password);
  const res = await products.create(token, completeForm({ images: [], nutritionLabel: '', nameEn: 'Jasmine Rice 1 kg', nameZh: '茉莉香米一公斤', price: '12.00', compareAtPrice: '' }), false);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  product = res.body as ProductView;
}, 120_000);

const rows = (page: Page) => page.getByTestId('activity-row');

describe('the activity log', () => {
  it('a price changed in the inventory shows in Activity; filters, CSV; 390 px and axe clean in both languages', { timeout: 120_000 }, async () => {
    const { context, page, errors } = await signedInPage(vendor);

    // The inventory's offer dialog: $12.00 → $11.50.
    await page.getByRole('link', { name: en.nav_inventory }).click();
    const row = page.locator(`[data-testid="inventory-row"][data-product-id="${product.productId}"]`);
    await row.waitFor();
    await row.getByTestId('inventory-edit').click();
    const offer = page.getByRole('dialog');
    await offer.getByLabel(en.field_price, { exact: true }).fill('11.50');
    await offer.getByTestId('offer-save').click();
    await expect.poll(async () => (await row.getByTestId('inventory-price').textContent())?.trim()).toBe('$11.50');

    // Activity, from the account menu.
    await page.getByTestId('account-button').click();
    await page.getByTestId('activity-link').click();
    await page.waitForURL(webUrl('/activity'));
    await page.getByRole('heading', { level: 1, name: en.activity_title }).waitFor();
    await expect.poll(() => rows(page).count()).toBe(1);
    expect(await rows(page).getByTestId('activity-text').innerText()).toBe('Changed the price of Jasmine Rice 1 kg: $12.00 → $11.50');
    expect(await rows(page).getByTestId('activity-actor').innerText()).toBe(vendor.email);

    // Filters through the URL: another action matches nothing, the price action this entry.
    await page.getByTestId('activity-filter-action').selectOption('product.stock_changed');
    await page.getByTestId('activity-filter-apply').click();
    await page.waitForURL(webUrl('/activity?action=product.stock_changed'));
    await page.getByTestId('activity-empty').waitFor();
    await page.getByTestId('activity-filter-action').selectOption('product.price_changed');
    await page.getByTestId('activity-filter-actor').fill(vendor.email.toUpperCase());
    await page.getByTestId('activity-filter-apply').click();
    await page.waitForURL(webUrl(`/activity?action=product.price_changed&actor=${encodeURIComponent(vendor.email)}`));
    await expect.poll(() => rows(page).count()).toBe(1);

    // The CSV of the filter in force.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('activity-export').click()]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^activity-${vendor.vendorId}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
    const lines = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines[0]).toBe(ACTIVITY_CSV_COLUMNS.join(','));
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`,${vendor.email},`);
    expect(lines[1]).toContain(`,product.price_changed,product,${product.productId},Jasmine Rice 1 kg,"{""priceCents"":1200}","{""priceCents"":1150}",`);
    await expect.poll(() => page.getByTestId('activity-export-status').innerText()).toContain(download.suggestedFilename());

    // In Traditional Chinese too. (The page's fit at 390 and 768 px and axe, with the demo vendor's entries in
    // both languages, are small-screens.test.ts's: audit-states.ts '/activity'; the bulk entry's layout below.)
    await page.getByTestId('language-button').click();
    await page.getByTestId('language-option-zh-TW').click();
    await page.getByRole('heading', { level: 1, name: zhTW.activity_title }).waitFor();
    await expect.poll(() => rows(page).getByTestId('activity-text').innerText()).toBe('變更 Jasmine Rice 1 kg 的價格：US$12.00 → US$11.50');
    // Back to the vendor's language for later tests of this account (none today).
    await page.getByTestId('language-button').click();
    await page.getByTestId('language-option-en').click();
    await page.getByRole('heading', { level: 1, name: en.activity_title }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a bulk change’s entries say they came from the bulk change, at 390 px in both languages', { timeout: 120_000 }, async () => {
    const shop = await approvedVendor('activity.bulk.e2e', { vendorName: 'Bulk Trail Proof Foods' });
    const token = await idTokenFor(shop.email, shop.password);
    const created = await products.create(token, completeForm({ images: [], nutritionLabel: '', nameEn: 'Oolong Tea 150 g', nameZh: '烏龍茶一五〇公克', price: '12.00', compareAtPrice: '' }), false);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const sku = (created.body as ProductView).sku;
    const dry = await api('/api/inventory/bulk', { method: 'POST', token, body: JSON.stringify({ fileName: 'prices.csv', content: Buffer.from(`sku,price\n${sku},9.50\n`).toString('base64') }) });
    const jobId = (dry.body as BulkJob).jobId;
    expect((await api(`/api/inventory/bulk/${jobId}`, { method: 'POST', token, body: JSON.stringify({ action: 'apply' }) })).status).toBe(202);
    await expect.poll(async () => ((await api(`/api/inventory/bulk/${jobId}`, { token })).body as BulkJob).status, { timeout: 20_000 }).toBe('applied');

    const { context, page, errors } = await signedInPage(shop, { viewport: { width: 390, height: 844 } });
    await page.goto(webUrl('/activity'));
    await page.getByRole('heading', { level: 1, name: en.activity_title }).waitFor();
    await expect.poll(() => rows(page).count()).toBe(1);
    expect(await rows(page).getByTestId('activity-text').innerText()).toContain('Changed the price of Oolong Tea 150 g: $12.00 → $9.50');
    expect(await rows(page).getByTestId('activity-via').innerText()).toBe(`By the bulk change ${jobId}`);
    expect(await overflowProblems(page)).toEqual([]);
    expect(await axeProblems(page)).toEqual([]);
    await page.getByTestId('language-button').click();
    await page.getByTestId('language-option-zh-TW').click();
    await page.getByRole('heading', { level: 1, name: zhTW.activity_title }).waitFor();
    await expect.poll(() => rows(page).getByTestId('activity-via').innerText()).toBe(`透過批次變更 ${jobId}`);
    expect(await overflowProblems(page)).toEqual([]);
    expect(await axeProblems(page)).toEqual([]);
    await page.getByTestId('language-button').click();
    await page.getByTestId('language-option-en').click();
    await page.getByRole('heading', { level: 1, name: en.activity_title }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
