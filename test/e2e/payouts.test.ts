/// <reference lib="dom" />
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PayoutDetails } from '../../contracts/payouts';
import en from '../../web/src/i18n/en.json';
import { formatDayRange, formatMoney } from '../../web/src/lib/format';
import { startFakePayoutProvider } from '../../scripts/local/payout-provider-fake';
import { api, idTokenFor, turnOnTotp, useTestStackEnv } from '../support/auth';
import { approvedVendor, newPage, sessionState, signedInPage, webUrl, type TestVendor } from '../support/browser';

let vendor: TestVendor;

beforeAll(async () => {
  vendor = await approvedVendor('e2e.payouts', { vendorName: 'Payout Path Grocers' });
  // Issue 14: changing the payout method needs two-step sign-in on (signIn then answers the code itself).
  await turnOnTotp(vendor.email, vendor.password);
});

/** A page of the file's vendor, signed in (sessionState), not yet opened: routes go on it before openPayouts. */
const vendorPage = async () => newPage({ storageState: await sessionState(vendor) });

async function openPayouts(page: Page): Promise<void> {
  await page.goto(webUrl('/payouts'));
  await page.getByRole('heading', { level: 1, name: en.payouts_title }).waitFor();
  await page.locator('[data-testid="payout-setup-bank"]').waitFor();
}

const text = async (page: Page, testId: string) => ((await page.getByTestId(testId).textContent()) ?? '').replace(/\s+/g, ' ').trim();

describe('payouts page in Chromium (issue 6)', () => {
  it('sets up the e-mail method, then a bank account through the wizard with every message, and shows the hold', { timeout: 120_000 }, async () => {
    const { context, page, errors } = await vendorPage();
    try {
      await openPayouts(page);
      await page.getByTestId('payouts-empty').waitFor();
      expect(await text(page, 'payout-method')).toBe(en.payout_method_none);
      expect(await text(page, 'payout-balance')).toBe('$0.00');

      // E-mail provider: the message, then saved.
      await page.getByTestId('payout-setup-email').click();
      await page.getByTestId('payout-email').fill('not-an-email');
      await page.getByTestId('payout-email-save').click();
      expect(await text(page, 'payout-email-error')).toBe('Please enter a valid email address');
      await page.getByTestId('payout-email').fill('payouts@example.com');
      await page.getByTestId('payout-email-save').click();
      await page.getByTestId('payout-method-saved').waitFor();
      expect(await text(page, 'payout-method')).toMatch(/^E-mail payout: p\*+@example\.com$/);
      expect(await text(page, 'payout-hold')).toContain('on hold for 3 days');

      // Bank wizard: each step's message, then added.
      await page.getByTestId('payout-setup-bank').click();
      const next = () => page.getByTestId('bank-next').click();
      const error = () => text(page, 'bank-wizard-error');
      await next();
      expect(await error()).toBe('Please select country and currency.');
      await page.getByTestId('bank-type-business').check();
      await page.getByTestId('bank-country').selectOption('DE');
      await page.getByTestId('bank-currency').selectOption('EUR');
      await next();
      await page.locator('[data-testid="bank-wizard"][data-step="business"]').waitFor();
      await next();
      expect(await error()).toBe('Please fill all required business details.');
      await page.getByTestId('bank-phone').fill('+49 30 1234567');
      await page.getByTestId('bank-street').fill('Hauptstraße 1');
      await page.getByTestId('bank-city').fill('Berlin');
      await page.getByTestId('bank-postalCode').fill('10115');
      await page.getByTestId('bank-businessCountry').selectOption('DE');
      await next();
      await page.locator('[data-testid="bank-wizard"][data-step="account"]').waitFor();
      await page.getByTestId('bank-bankName').fill('Commerzbank');
      await page.getByTestId('bank-accountHolderName').fill('Payout Path Grocers GmbH');
      await page.getByTestId('bank-accountNumber').fill('DE89 3704 0044 0532 0130 01');
      await page.getByTestId('bank-swiftBic').fill('COBADEFFXXX');
      await next();
      expect(await error()).toBe('Please fill all account details and confirm.');
      await page.getByTestId('bank-confirmed').check();
      // A bad IBAN checksum is caught on the account step itself (issue 10): the field marked and focused.
      await next();
      expect(await error()).toBe('Please enter a valid IBAN.');
      expect(await page.locator('[data-testid="bank-wizard"]').getAttribute('data-step')).toBe('account');
      const number = page.getByTestId('bank-accountNumber');
      expect(await number.getAttribute('aria-invalid')).toBe('true');
      expect(await number.evaluate((el) => el === document.activeElement)).toBe(true);
      await number.fill('DE89 3704 0044 0532 0130 00');
      await next();
      await page.locator('[data-testid="bank-wizard"][data-step="review"]').waitFor();
      expect(await text(page, 'bank-review')).toContain('•••• 3000');
      await next();
      await page.getByTestId('payout-method-saved').waitFor();
      expect(await text(page, 'payout-method-saved')).toContain('Bank account added successfully!');
      expect(await text(page, 'payout-method')).toBe('Bank account: •••• 3000');
      expect(await text(page, 'payout-hold')).toContain('on hold for 3 days');
      expect(await page.content()).not.toContain('532013000');

      // A reload reads it back from the API.
      await page.reload();
      await page.locator('[data-testid="payout-setup-bank"]').waitFor();
      expect(await text(page, 'payout-method')).toBe('Bank account: •••• 3000');
      expect(await text(page, 'payout-hold')).toContain('on hold for 3 days');
      // No request was refused: the browser checked everything the server checks.
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("says 'Failed to fetch payouts' when the API fails, and loads on retry", { timeout: 90_000 }, async () => {
    const { context, page } = await vendorPage();
    try {
      let fail = true;
      await page.route(/\/api\/payouts(\?.*)?$/, (route) =>
        fail ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'internal', message: 'boom' }) }) : route.continue(),
      );
      await openPayouts(page);
      await page.locator('[data-testid="payouts-status"][data-state="failed"]').waitFor();
      expect(await text(page, 'payouts-status')).toContain('Failed to fetch payouts');
      fail = false;
      await page.getByTestId('payouts-status').getByRole('button', { name: en.try_again }).click();
      await page.getByTestId('payouts-empty').waitFor();
      await expect.poll(() => text(page, 'payouts-empty')).toBe(en.no_payouts_yet);
      // The period filter lives in the URL.
      await page.getByTestId('payout-period').selectOption({ index: 1 });
      await page.waitForURL(/\/payouts\?period=\d{4}-\d{2}$/);
      // The previous period's empty text stays (marked busy) until the new period's answer arrives.
      await page.getByTestId('payouts-empty').waitFor();
      await expect.poll(() => text(page, 'payouts-empty')).toBe(en.no_payouts_in_period);
    } finally {
      await context.close();
    }
  });

  it('shows a payout made by the run and worker: history, details modal and the statement CSV', { timeout: 120_000 }, async () => {
    // A second fresh vendor with an e-mail destination (no hold) and a balance, paid in-process as
    // `npm run payouts:run` does, against the provider fake (test/integration/payouts.test.ts).
    const paid = await approvedVendor('e2e.payouts.paid', { vendorName: 'Paid Shelf Grocers' });
    useTestStackEnv();
    // The last closed period: the one before the period of today (marketplace zone).
    const { payoutPeriodFor, periodOfDay } = await import('../../lambdas/payouts/period');
    const current = payoutPeriodFor(new Date());
    const dayBefore = new Date(Date.parse(`${current.from}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const period = periodOfDay(dayBefore);
    const payoutId = `P-${paid.vendorId}-${period.id}`;
    const fake = await startFakePayoutProvider();
    try {
      const { dynamo } = await import('../../lambdas/shared/clients');
      const { tableName } = await import('../../lambdas/shared/tables');
      const ddb = await import('@aws-sdk/lib-dynamodb');
      const { ingestOrderEvent } = await import('../../lambdas/sales/ingest-handler');
      const worker = await import('../../lambdas/payouts/worker-handler');
      const provider = await import('../../lambdas/payouts/provider');
      // Two orders in the period (noon in Los Angeles on its first day) make the balance.
      const orders = [
        { n: 1, lines: [{ productId: 'p-rice', sku: 'RICE-5KG', name: 'Jasmine rice 5 kg', quantity: 2, unitPriceCents: 2500 }, { productId: 'p-tea', sku: 'TEA-100', name: 'Green tea', quantity: 1, unitPriceCents: 500 }] },
        { n: 2, lines: [{ productId: 'p-rice', sku: 'RICE-5KG', name: 'Jasmine rice 5 kg', quantity: 3, unitPriceCents: 2500 }] },
      ];
      for (const o of orders) {
        const detail = { orderId: `o-${paid.vendorId}-${o.n}`, orderNumber: `PS-${o.n}`, vendorId: paid.vendorId, placedAt: `${period.from}T${19 + o.n}:00:00.000Z`, status: 'paid', lines: o.lines, revision: 1 };
        const event = { version: '0', id: `evt-${paid.vendorId}-${o.n}`, 'detail-type': 'order.placed', source: 'marketplace.orders', account: '111122223333', time: new Date().toISOString(), region: 'us-east-1', resources: [], detail };
        await ingestOrderEvent(event);
      }
      const now = new Date().toISOString();
      await dynamo.send(
        new ddb.PutCommand({
          TableName: tableName('payoutAccounts'),
          Item: { vendorId: paid.vendorId, payoutAccountId: `PA-${paid.vendorId}-1`, method: 'email', email: 'paid.shelf@example.com', updatedAt: now },
        }),
      );
      const email = provider.emailPayoutProvider(provider.envConfigSource({ PAYOUT_PROVIDER_URL: fake.url, PAYOUT_PROVIDER_API_KEY: fake.apiKey }));
      expect(await worker.payVendor({ vendorId: paid.vendorId, periodId: period.id }, { providers: { email }, feeCents: 100 })).toBe('paid');
      expect(fake.payments(payoutId)).toBe(1);
    } finally {
      await fake.close();
    }
    // What the API says the payout is; the page must show the same, formatted.
    const details = (await api(`/api/payouts/${payoutId}`, { token: await idTokenFor(paid.email, paid.password) })).body as PayoutDetails;
    expect(details).toMatchObject({ status: 'paid', feeCents: 100, sales: { orders: 2, totalCents: 13_000 } });
    expect(details.paidCents).toBe(details.amountCents - 100);
    const usd = (cents: number) => formatMoney(cents, 'en');

    const { context, page, errors } = await signedInPage(paid);
    try {
      await page.goto(webUrl('/payouts'));
      await page.getByTestId('payouts-table').waitFor();
      const row = page.locator(`[data-testid="payout-row"][data-payout-id="${payoutId}"]`);
      expect(await row.getByTestId('payout-row-status').textContent()).toBe(en.payout_status_paid);
      expect(await row.getByTestId('payout-row-paid').textContent()).toBe(usd(details.paidCents));
      expect(await text(page, 'payout-balance')).toBe('$0.00');

      const month = period.from.slice(0, 7);
      await page.getByTestId('payout-period').selectOption(month);
      await page.waitForURL(new RegExp(`/payouts\\?period=${month}$`));
      await row.waitFor();
      const otherMonth = new Date(Date.parse(`${month}-15T12:00:00Z`) - 31 * 86_400_000).toISOString().slice(0, 7);
      await page.getByTestId('payout-period').selectOption(otherMonth);
      await page.getByTestId('payouts-empty').waitFor();
      await page.getByTestId('payout-period').selectOption('all');
      await row.waitFor();

      await row.getByTestId('payout-details-open').click();
      const dialog = page.getByRole('dialog');
      await dialog.getByTestId('payout-details-paid').waitFor();
      expect(await dialog.getByTestId('payout-details-paid').textContent()).toBe(usd(details.paidCents));
      // The lines add up: 130.00 gross − commission + nothing carried over − 1.00 fee = paid to you.
      expect(await dialog.getByTestId('payout-details-gross').textContent()).toBe('$130.00');
      expect(await dialog.getByTestId('payout-details-commission').textContent()).toBe(usd(-details.sales.commissionCents));
      expect(await dialog.getByTestId('payout-details-carried-over').textContent()).toBe('$0.00');
      expect(await dialog.getByTestId('payout-details-fee').textContent()).toBe('-$1.00');
      expect(13_000 - details.sales.commissionCents - 100).toBe(details.paidCents);
      expect((await dialog.getByTestId('payout-details-period').textContent())?.replace(/\s+/g, ' ')).toBe(formatDayRange(period.from, period.to, 'en').replace(/\s+/g, ' '));
      const products = await dialog.getByTestId('payout-details-products').locator('tbody tr').evaluateAll((rows) => rows.map((r) => Array.from(r.children).map((c) => c.textContent ?? '')));
      expect(products).toEqual([
        ['Jasmine rice 5 kg', '5', '$25.00', '$125.00'],
        ['Green tea', '1', '$5.00', '$5.00'],
      ]);
      await dialog.getByTestId('payout-details-close').click();
      await dialog.waitFor({ state: 'detached' });

      const [download] = await Promise.all([page.waitForEvent('download'), row.getByTestId('payout-statement').click()]);
      expect(download.suggestedFilename()).toBe(`statement-${payoutId}.csv`);
      const csv = (await readFile((await download.path())!)).toString('utf8');
      expect(csv.charCodeAt(0)).toBe(0xfeff);
      expect(csv.slice(1).split('\r\n')[0]).toBe('Line,Booked at (America/Los_Angeles),Reference,Status,Gross (USD),Commission (USD),Net (USD)');
      expect(csv).toContain('Paid to you');
      expect(csv).toContain('PS-1');
      expect(csv).toContain('PS-2');
      expect(csv).toContain((details.paidCents / 100).toFixed(2));
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
