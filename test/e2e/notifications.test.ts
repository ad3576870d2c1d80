/// <reference lib="dom" />
import { describe, expect, it } from 'vitest';
import en from '../../web/src/i18n/en.json';
import { demoAccounts } from '../../scripts/demo/accounts';
import { api, idTokenFor } from '../support/auth';
import { signedInPage, webUrl } from '../support/browser';

/**
 * Issue 12, the inbox end to end in Chromium: the demo vendor (seeded with unread notifications by
 * `npm start`, scripts/demo/notifications.ts) sees the count on the header's bell, opens the list,
 * marks everything read, and the badge is gone. Marks the demo vendor's inbox read: the stack is
 * fresh for each test run.
 */
const { approved } = demoAccounts;


describe('notifications inbox', () => {
  it('the demo vendor sees the unread count on the bell, opens the list, marks all read and the badge disappears', async () => {
    const token = await idTokenFor(approved.email, approved.password);
    const before = (await api('/api/notifications/unread', { token })).body as { unread: number };
    expect(before.unread).toBeGreaterThan(0);

    const { context, page, errors } = await signedInPage(approved);
    const bell = page.getByTestId('notifications-link');
    const badge = page.getByTestId('notifications-badge');
    await expect.poll(() => badge.innerText()).toBe(String(before.unread));
    await page.getByRole('link', { name: `Notifications, ${before.unread} unread` }).waitFor();

    await bell.click();
    await page.waitForURL(webUrl('/notifications'));
    const items = page.getByTestId('notification-item');
    await items.first().waitFor();
    // The seeded rejection names both of its reasons (a known code translated, the reviewer's words as written).
    const rejection = items.filter({ hasText: 'Product not approved' });
    await expect.poll(() => rejection.getByRole('listitem').allInnerTexts()).toEqual([
      en.rejection_image_background,
      'The nutrition facts label is cut off at the bottom; please upload the whole label.',
    ]);
    expect(await page.locator('[data-testid="notification-item"][data-read="false"]').count()).toBe(before.unread);

    await page.getByRole('button', { name: en.notifications_mark_all_read }).click();
    await expect.poll(() => badge.count()).toBe(0);
    await page.getByRole('link', { name: 'Notifications', exact: true }).waitFor();
    expect(await page.locator('[data-testid="notification-item"][data-read="false"]').count()).toBe(0);
    expect(((await api('/api/notifications/unread', { token })).body as { unread: number }).unread).toBe(0);

    // A reload asks the server again: still read.
    await page.reload();
    await items.first().waitFor();
    expect(await page.locator('[data-testid="notification-item"][data-read="false"]').count()).toBe(0);
    expect(await badge.count()).toBe(0);
    // The inbox at a phone's and a tablet's width, in both languages, is small-screens.test.ts's (audit-states.ts: '/notifications').
    expect(errors).toEqual([]);
    await context.close();
  });
});
