/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import en from '../../web/src/i18n/en.json';
import { formatMoney } from '../../web/src/lib/format';
import { storedEmails, type StoredEmail } from '../../scripts/local/ses';
import { createdProduct, listingsVendor } from '../lambdas/listings/stack-fixtures';
import { api, idTokenFor, useTestStackEnv } from '../support/auth';
import { approvedVendor, openAccountSettings, signedInPage, webUrl } from '../support/browser';

/**
 * Issue 12's proofs end to end in Chromium: a decision made by ops or the payout run, or the vendor's
 * own password change, shows in the header's unread count and the inbox list, and exactly one e-mail
 * for it reaches the local SES stand-in (aws-ses-v2-local, GET /store) through the stack's notifier
 * (the notifications table's stream). Each test has a fresh vendor of its own: the demo accounts'
 * inboxes, balances and passwords stay as other tests expect them.
 */

beforeAll(async () => {
  useTestStackEnv();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits for `count` e-mails to `to` matching `match`, then a little longer: no more may come. */
async function emailsTo(to: string, count: number, match: (e: StoredEmail) => boolean): Promise<StoredEmail[]> {
  const ses = inject('stack').sesEndpoint;
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if ((await storedEmails(ses, to)).filter(match).length >= count) break;
    await sleep(200);
  }
  await sleep(1_500);
  return (await storedEmails(ses, to)).filter(match);
}

const unreadOf = async (token: string) => ((await api('/api/notifications/unread', { token })).body as { unread: number }).unread;

/** The header's unread badge (0 when there is none), once the page has asked the server. */
async function headerUnread(page: Page): Promise<number> {
  await page.getByTestId('notifications-link').waitFor();
  const badge = page.getByTestId('notifications-badge');
  return (await badge.count()) ? Number(await badge.innerText()) : 0;
}

/** Opens the inbox from the header's bell and answers the item with `title` (exactly one must be there). */
async function inboxItem(page: Page, title: string) {
  await page.getByTestId('notifications-link').click();
  await page.waitForURL(webUrl('/notifications'));
  const items = page.getByTestId('notification-item');
  await items.first().waitFor();
  const item = items.filter({ hasText: title });
  await expect.poll(() => item.count()).toBe(1);
  return item;
}

describe('notifications end to end (issue 12)', () => {
  it('ops reject a product with two reasons → one more unread in the header, both reasons in the list, one e-mail', { timeout: 120_000 }, async () => {
    const vendor = await listingsVendor('e2e.notify.reject', 'Reject Path Pantry');
    const product = await createdProduct(vendor, true, { nameEn: 'Lotus Seed Paste' });
    const password = 'Fresh!Vendor2026';

    const { context, page, errors } = await signedInPage({ email: vendor.email, password });
    try {
      const before = await unreadOf(vendor.token);
      await expect.poll(() => headerUnread(page)).toBe(before);

      // The same domain function `npm run listings:review -- <id> reject …` calls (scripts/ops/listings-review.ts).
      const { reviewProduct } = await import('../../lambdas/listings/review');
      const freeText = 'The nutrition facts label is cut off at the bottom; please upload the whole label.';
      await reviewProduct({ productId: product.productId, decision: 'reject', reasons: ['image_background', freeText]}, { userId: 'cli:e2e', email: 'cli:e2e' });

      // The badge asks again on a new page load (and every minute): one more.
      await page.reload();
      await expect.poll(() => headerUnread(page), { timeout: 10_000 }).toBe(before + 1);
      const item = await inboxItem(page, en['notifications.product_rejected.title']);
      expect(await item.getAttribute('data-read')).toBe('false');
      expect(await item.innerText()).toContain('Lotus Seed Paste');
      expect(await item.getByRole('listitem').allInnerTexts()).toEqual([en.rejection_image_background, freeText]);

      const mails = await emailsTo(vendor.email, 1, (e) => e.subject.startsWith('Not approved'));
      expect(mails.map((e) => e.subject)).toEqual(['Not approved: Lotus Seed Paste']);
      expect(mails[0]!.body.text).toContain('- The primary image needs a pure white background.');
      expect(mails[0]!.body.text).toContain(`- ${freeText}`);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a payout run pays the vendor → "Payout paid" in the inbox with its figures, and one e-mail', { timeout: 120_000 }, async () => {
    const vendor = await approvedVendor('e2e.notify.payout', { vendorName: 'Paid Notice Grocers' });
    const { dynamo } = await import('../../lambdas/shared/clients');
    const { tableName } = await import('../../lambdas/shared/tables');
    const ddb = await import('@aws-sdk/lib-dynamodb');
    const worker = await import('../../lambdas/payouts/worker-handler');
    const { payoutPeriodFor, periodOfDay } = await import('../../lambdas/payouts/period');
    // The last closed period, as `npm run payouts:run` pays it; a balance of US$1,234.56 to an e-mail destination.
    const current = payoutPeriodFor(new Date());
    const period = periodOfDay(new Date(Date.parse(`${current.from}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10));
    const now = new Date().toISOString();
    await dynamo.send(new ddb.PutCommand({ TableName: tableName('ledger'), Item: { vendorId: vendor.vendorId, sk: 'BALANCE', balanceCents: 123_456, updatedAt: now, payable: 'Y' } }));
    await dynamo.send(
      new ddb.PutCommand({
        TableName: tableName('payoutAccounts'),
        Item: { vendorId: vendor.vendorId, payoutAccountId: `PA-${vendor.vendorId}-1`, method: 'email', email: 'paid.notice@example.com', updatedAt: now },
      }),
    );
    const paying: Parameters<typeof worker.payVendor>[1]['providers']['email'] = { pay: async () => ({ status: 'paid', reference: 'PP-e2e' }) };
    // The worker's step of the run (the run queues each payable vendor; the worker pays one).
    expect(await worker.payVendor({ vendorId: vendor.vendorId, periodId: period.id }, { providers: { email: paying }, feeCents: 100 })).toBe('paid');

    const { context, page, errors } = await signedInPage(vendor);
    try {
      // Application approved and payout paid.
      await expect.poll(() => headerUnread(page), { timeout: 10_000 }).toBe(2);
      const item = await inboxItem(page, en['notifications.payout_paid.title']);
      const text = await item.innerText();
      // The period's days and the figures as the payouts page writes them (en: "$1,234.56"; zh-TW "US$…").
      for (const cents of [123_456, 100, 123_356]) expect(text).toContain(formatMoney(cents, 'en'));
      expect(await item.getByRole('link').first().getAttribute('href')).toContain(`/payouts?payout=P-${vendor.vendorId}-${period.id}`);

      const mails = await emailsTo(vendor.email, 1, (e) => e.subject.startsWith('Payout sent'));
      expect(mails.map((e) => e.subject)).toEqual(['Payout sent: US$1,233.56']);
      expect(mails[0]!.body.text).toContain('Transfer fee: US$1.00');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('changing the password in the Change password dialog → a "Password changed" notice in the inbox and its e-mail', { timeout: 120_000 }, async () => {
    const vendor = await approvedVendor('e2e.notify.password', { vendorName: 'Password Notice Foods' });
    const newPassword = 'Renewed!Pantry2027';
    const { context, page, errors } = await signedInPage(vendor);
    try {
      const settings = await openAccountSettings(page);
      await settings.getByRole('button', { name: en.edit_password }).click();
      const dialog = page.getByRole('dialog', { name: en.change_password });
      await dialog.getByLabel(en.current_password_label, { exact: true }).fill(vendor.password);
      await dialog.getByLabel(en.new_password_label, { exact: true }).fill(newPassword);
      await dialog.getByLabel(en.confirm_new_password_label, { exact: true }).fill(newPassword);
      await dialog.getByRole('button', { name: en.save }).click();
      await settings.getByTestId('password-updated').waitFor();
      await settings.getByRole('button', { name: en.cancel }).click();

      // Cognito has the new password (the server changed it): it signs in, the old one no longer does.
      const token = await idTokenFor(vendor.email, newPassword);
      await expect(idTokenFor(vendor.email, vendor.password)).rejects.toThrow();
      expect(await unreadOf(token)).toBe(2);

      await page.reload();
      await expect.poll(() => headerUnread(page), { timeout: 10_000 }).toBe(2);
      const item = await inboxItem(page, en['notifications.password_changed.title']);
      expect(await item.innerText()).toContain(en['notifications.password_changed.body']);

      const mails = await emailsTo(vendor.email, 1, (e) => e.subject.startsWith('Security notice'));
      expect(mails.map((e) => e.subject)).toEqual(['Security notice: your password was changed']);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
