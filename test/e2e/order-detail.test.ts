/// <reference lib="dom" />
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import en from '../../web/src/i18n/en.json';
import zhTW from '../../web/src/i18n/zh-TW.json';
import { approvedVendor, signedInPage, webUrl, type TestVendor } from '../support/browser';
import { axeProblems, overflowProblems } from '../support/layout-audit';
import { orderItem, putItems } from '../integration/orders-fixtures';

/**
 * Issue 15, orders, end to end in Chromium through the local stack: the vendor opens an order from the
 * orders list (a table row on a desktop, a card on a phone), reads its lines with the commission on
 * each, the totals and the status history, and goes back to the list with its filter. In English and
 * in Traditional Chinese, at 390 px and at desktop width: nothing overflows, axe finds nothing serious.
 */
let enVendor: TestVendor;
let zhVendor: TestVendor;

const LINES = [
  { sku: 'TEA-OOL-100', name: '阿里山高山烏龍茶 Alishan High Mountain Oolong Tea, 100 g loose leaf', quantity: 3, unitPriceCents: 1_250 },
  { sku: 'SOY-BLK-500', name: '黑豆醬油 Black Bean Soy Sauce 500 ml', quantity: 1, unitPriceCents: 899 },
];

/** One paid order with a recorded history, and an older order (stored before histories) of another status. */
async function ordersFor(vendorId: string) {
  const order = {
    ...orderItem(vendorId, { orderId: `e2e-${vendorId}`, placedAt: '2026-11-20T18:00:00.000Z', status: 'paid', lines: LINES }),
    orderNumber: `MO-20261120-${vendorId.slice(2)}`,
    commissionRateBps: 1500,
    statusHistory: [
      { status: 'pending' as const, at: '2026-11-20T18:00:00.000Z', revision: 1 },
      { status: 'paid' as const, at: '2026-11-20T18:03:00.000Z', revision: 2 },
    ],
  };
  order.commissionCents = 697; // 15 % of 4,649, rounded
  order.netCents = order.totalCents - 697;
  const older = orderItem(vendorId, { orderId: `e2e-old-${vendorId}`, placedAt: '2026-11-01T18:00:00.000Z', status: 'fulfilled', lines: [LINES[1]!] });
  await putItems('orders', [order, older]);
  return order;
}

async function audit(page: Page, where: string) {
  expect(await overflowProblems(page), `${where}: overflow`).toEqual([]);
  expect(await axeProblems(page), `${where}: axe`).toEqual([]);
}

beforeAll(async () => {
  // One after the other: sign-ups read cognito-local's pool file, which a concurrent sign-up may be writing.
  enVendor = await approvedVendor('e2e.order', { vendorName: 'Order Detail Farms' });
  zhVendor = await approvedVendor('e2e.order.zh', { vendorName: '訂單茶園', locale: 'zh-TW' });
  await Promise.all([ordersFor(enVendor.vendorId), ordersFor(zhVendor.vendorId)]);
}, 120_000);

for (const [language, t] of [
  ['en', en],
  ['zh-TW', zhTW],
] as const) {
  describe(`order detail (${language})`, () => {
    for (const width of [1280, 390]) {
      it(`opens an order from the list at ${width} px, shows lines, totals and history, and goes back with the filter`, async () => {
        const vendor = language === 'en' ? enVendor : zhVendor;
        const { page, errors, context } = await signedInPage(vendor, { viewport: { width, height: 900 } });
        try {
          await page.goto(webUrl('/orders?status=paid'));
          await page.getByTestId('orders-table').waitFor();
          const number = `MO-20261120-${vendor.vendorId.slice(2)}`;
          expect(await page.getByTestId('order-row').count()).toBe(1);
          await audit(page, `list ${language} ${width}`);

          await page.getByRole('link', { name: t.order_open_label.replace('{{orderNumber}}', number) }).click();
          await page.waitForURL(webUrl(`/orders/e2e-${vendor.vendorId}`));
          await page.getByRole('heading', { level: 1, name: t.order_detail_title.replace('{{orderNumber}}', number) }).waitFor();
          const lines = page.getByTestId('order-detail-line');
          expect(await lines.count()).toBe(2);
          // 15 % of USD 46.49 = USD 6.97, shared by the lines' amounts (37.50 and 8.99).
          const usd = (amount: string) => (language === 'en' ? `$${amount}` : `US$${amount}`);
          expect(await page.getByTestId('line-commission').allInnerTexts()).toEqual([usd('5.62'), usd('1.35')]);
          expect(await page.getByTestId('line-amount').allInnerTexts()).toEqual([usd('37.50'), usd('8.99')]);
          expect(await page.getByTestId('order-gross').innerText()).toBe(usd('46.49'));
          expect(await page.getByTestId('order-net').innerText()).toBe(usd('39.52'));
          const history = page.getByTestId('order-history-entry');
          expect(await history.evaluateAll((els) => els.map((e) => e.getAttribute('data-status')))).toEqual(['pending', 'paid']);
          expect(await page.getByTestId('order-history').innerText()).toContain(t.order_status_paid);
          await audit(page, `detail ${language} ${width}`);

          await page.getByRole('link', { name: t.order_back }).click();
          await page.waitForURL(webUrl('/orders?status=paid'));
          await page.getByTestId('orders-table').waitFor();

          // Search by number: one that matches nothing says so; the number's beginning finds the order.
          await page.getByRole('textbox', { name: t.order_number }).fill(`mo-20261101`);
          await page.getByRole('button', { name: t.order_search_submit, exact: true }).click();
          await page.waitForURL(webUrl('/orders?number=mo-20261101'));
          await expect.poll(() => page.getByTestId('orders-empty').count()).toBe(1);
          await page.getByRole('textbox', { name: t.order_number }).fill(number.slice(0, 11));
          await page.getByRole('button', { name: t.order_search_submit, exact: true }).click();
          await expect.poll(() => page.getByTestId('order-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-order-number')))).toEqual([number]);
          await audit(page, `search ${language} ${width}`);
          expect(errors).toEqual([]);
        } finally {
          await context.close();
        }
      });
    }
  });
}
