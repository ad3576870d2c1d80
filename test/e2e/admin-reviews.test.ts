/// <reference lib="dom" />
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { ProductView } from '../../contracts/listings/model';
import { demoAccounts } from '../../scripts/demo/accounts';
import adminEn from '../../web/src/i18n/admin.en.json';
import adminZhTW from '../../web/src/i18n/admin.zh-TW.json';
import en from '../../web/src/i18n/en.json';
import type * as Review from '../../lambdas/listings/review';
import { createdProduct, formWithImages, listingsVendor, products, type ListingsVendor } from '../lambdas/listings/stack-fixtures';
import { signedInPage, webUrl } from '../support/browser';
import { axeProblems, overflowProblems } from '../support/layout-audit';

/**
 * The ops console's Product review (issue 13) end to end in Chromium, through the local stack: ops
 * reject a product with two reasons and the vendor reads both; ops approve an update of a published
 * product and it goes live; the review page and its reject dialog at 390 px in both languages.
 */
const { admin } = demoAccounts;
const VENDOR_PASSWORD = 'Fresh!Vendor2026';
let vendor: ListingsVendor;
let review: typeof Review;

beforeAll(async () => {
  vendor = await listingsVendor('e2e.reviews', 'E2E Review Foods');
  review = await import('../../lambdas/listings/review');
});

/** A published product with an update waiting (new English name and images). */
async function updateWaiting(name: string, newName: string): Promise<ProductView> {
  const p = await createdProduct(vendor, true, { nameEn: name });
  await review.reviewProduct({ productId: p.productId, decision: 'approve' }, { userId: 'cli:e2e', email: 'cli:e2e' });
  const saved = await products.save(vendor.token, p.productId, await formWithImages(vendor, { nameEn: newName }), true);
  if (saved.status !== 200) throw new Error(`PUT /api/products: ${saved.status}`);
  return saved.body as ProductView;
}

async function openReview(page: Page, productId: string): Promise<void> {
  await page.goto(webUrl(`/admin/reviews/${productId}`));
  await page.locator('[data-testid="admin-review-page"][aria-busy="false"] [data-testid="admin-review-fields"]').waitFor();
}

async function adminPage() {
  const opened = await signedInPage(admin, { path: '/admin' });
  await opened.page.waitForURL(webUrl('/admin'));
  return opened;
}

describe('Product review in the ops console', () => {
  it('ops rejects a product with two reasons (keyboard: r) and the vendor sees both on the Rejected tab', async () => {
    const p = await createdProduct(vendor, true, { nameEn: 'E2E Dragon Fruit Jam' });
    const { context, page, errors } = await adminPage();
    await openReview(page, p.productId);
    expect(await page.getByTestId('admin-review-title').innerText()).toBe('E2E Dragon Fruit Jam');
    expect(await page.getByTestId('admin-review-kind').innerText()).toBe(adminEn.admin_review_kind_new);
    // Every image is shown large, its check said valid.
    const images = page.getByTestId('admin-review-image');
    expect(await images.count()).toBe(2);
    expect(await page.getByTestId('admin-review-image-check').first().innerText()).toBe(adminEn.admin_review_check_valid);
    expect(await images.first().locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await page.getByTestId('admin-review-label').locator('img').evaluate((img: HTMLImageElement) => img.getBoundingClientRect().width >= 200)).toBe(true);

    await page.keyboard.press('r');
    const dialog = page.getByTestId('admin-review-reject-dialog');
    await dialog.waitFor();
    await dialog.getByLabel(en.rejection_image_background).check();
    await dialog.getByTestId('admin-review-reject-text').fill('The label photo is blurry; please upload a sharper one.');
    await dialog.getByTestId('admin-review-reject-confirm').click();
    await page.waitForURL((url) => url.pathname !== `/admin/reviews/${p.productId}`);
    expect(await page.getByTestId('admin-review-notice').innerText()).toContain(`${p.productId}`);
    expect(errors).toEqual([]);
    await context.close();

    // The vendor, signed in, reads both reasons on the Rejected tab.
    const vendorSide = await signedInPage({ email: vendor.email, password: VENDOR_PASSWORD });
    await vendorSide.page.goto(webUrl('/products?tab=rejected'));
    const row = vendorSide.page.locator(`[data-testid="products-table"][data-tab="rejected"][aria-busy="false"] [data-testid="product-row"][data-product-id="${p.productId}"]`);
    await row.waitFor();
    expect(await row.getByTestId('product-rejection-reason').allInnerTexts()).toEqual([en.rejection_image_background, 'The label photo is blurry; please upload a sharper one.']);
    await vendorSide.context.close();
  });

  it('ops approves an update of a published product: the changed fields are marked, and the new version goes live', async () => {
    const p = await updateWaiting('E2E Oolong 150 g', 'E2E Oolong 300 g');
    const { context, page, errors } = await adminPage();
    await openReview(page, p.productId);
    expect(await page.getByTestId('admin-review-kind').innerText()).toBe(adminEn.admin_review_kind_update);
    const nameRow = page.getByTestId('admin-review-field-nameEn');
    expect(await nameRow.getAttribute('data-changed')).toBe('true');
    expect(await nameRow.innerText()).toContain('E2E Oolong 150 g');
    expect(await page.getByTestId('admin-review-field-description').getAttribute('data-changed')).toBe('false');
    expect(await page.getByTestId('admin-review-images-live').getByTestId('admin-review-live-image').count()).toBe(2);
    await page.getByTestId('admin-review-approve').click();
    await page.waitForURL((url) => url.pathname !== `/admin/reviews/${p.productId}`);
    const mine = (await products.get(vendor.token, p.productId)).body as ProductView;
    expect(mine).toMatchObject({ nameEn: 'E2E Oolong 300 g', revision: null });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the queue, the review page and the reject dialog at 390 px, in English and Traditional Chinese: nothing overflows, axe finds nothing', async () => {
    const p = await updateWaiting('E2E Longan Honey 500 g with a rather long English name for a phone', 'E2E Longan Honey 700 g with a rather long English name for a phone');
    const { context, page, errors } = await adminPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(webUrl('/admin/reviews'));
    await page.getByTestId('admin-review-queue').waitFor();
    expect(await overflowProblems(page)).toEqual([]);
    expect(await axeProblems(page)).toEqual([]);

    await openReview(page, p.productId);
    // Submitted and live stack on a phone: the live images come below the submitted ones.
    const submittedBox = await page.getByTestId('admin-review-images-submitted').boundingBox();
    const liveBox = await page.getByTestId('admin-review-images-live').boundingBox();
    expect(liveBox!.y).toBeGreaterThan(submittedBox!.y + submittedBox!.height - 1);
    expect(await overflowProblems(page)).toEqual([]);
    expect(await axeProblems(page)).toEqual([]);
    await page.keyboard.press('r');
    await page.getByTestId('admin-review-reject-dialog').waitFor();
    expect(await overflowProblems(page)).toEqual([]);
    expect(await axeProblems(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByTestId('admin-review-reject-dialog').waitFor({ state: 'detached' });

    await page.getByTestId('admin-language-button').click();
    await page.getByTestId('admin-review-approve').getByText(adminZhTW.admin_review_approve).waitFor();
    expect(await page.getByTestId('admin-review-kind').innerText()).toBe(adminZhTW.admin_review_kind_update);
    expect(await overflowProblems(page)).toEqual([]);
    expect(await axeProblems(page)).toEqual([]);
    await page.keyboard.press('c');
    await page.getByTestId('admin-review-changes-dialog').waitFor();
    expect(await overflowProblems(page)).toEqual([]);
    expect(await axeProblems(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByTestId('admin-review-changes-dialog').waitFor({ state: 'detached' });
    await page.getByRole('link', { name: adminZhTW.admin_review_back_to_queue }).click();
    await page.getByRole('heading', { level: 1, name: adminZhTW.admin_review_queue_title }).waitFor();
    await page.getByTestId('admin-review-queue').waitFor();
    expect(await overflowProblems(page)).toEqual([]);
    expect(await axeProblems(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
