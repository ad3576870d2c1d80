/// <reference lib="dom" />
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../web/src/i18n/en.json';
import { api, idTokenFor } from '../support/auth';
import { approvedVendor, clearAmplifyStorage, errorUnder, openAccountSettings, signedInPage, signIn, signInToDashboard, webUrl, type TestVendor } from '../support/browser';

/** A vendor of this file: its password changes here, the demo accounts' never do. */
let vendor: TestVendor;

beforeAll(async () => {
  vendor = await approvedVendor('e2e.settings', { vendorName: 'Jade Valley Tea' });
});

interface PasswordDialog {
  dialog: Locator;
  current: Locator;
  next: Locator;
  confirm: Locator;
  save: Locator;
}

async function openChangePassword(page: Page): Promise<PasswordDialog> {
  const settings = await openAccountSettings(page);
  await settings.getByRole('button', { name: en.edit_password }).click();
  const dialog = page.getByRole('dialog', { name: en.change_password });
  await dialog.waitFor();
  return {
    dialog,
    current: dialog.getByLabel(en.current_password_label, { exact: true }),
    next: dialog.getByLabel(en.new_password_label, { exact: true }),
    confirm: dialog.getByLabel(en.confirm_new_password_label, { exact: true }),
    save: dialog.getByRole('button', { name: en.save }),
  };
}

async function fill(d: PasswordDialog, current: string, next: string, confirm: string) {
  await d.current.fill(current);
  await d.next.fill(next);
  await d.confirm.fill(confirm);
}

describe('account settings', () => {
  it('shows e-mail, vendor id, a link to set up payouts, the masked password, and saves the default language with Edit / Done / Save', async () => {
    const { context, page, errors } = await signedInPage(vendor);
    const dialog = await openAccountSettings(page);
    expect(await dialog.getByLabel(en.email, { exact: true }).inputValue()).toBe(vendor.email);
    expect(await dialog.getByTestId('settings-vendor-id').innerText()).toBe(vendor.vendorId);
    expect(await dialog.getByTestId('settings-password-mask').innerText()).toBe('••••••••');
    await dialog.getByRole('link', { name: en.set_up_payout_account }).waitFor();
    expect(await dialog.getByTestId('settings-payout-account').innerText()).toContain(en.payout_account_none);
    expect(await dialog.getByRole('button', { name: en.save }).isDisabled()).toBe(true);

    await dialog.getByRole('button', { name: en.edit_default_language }).click();
    await dialog.getByLabel(en.default_language).selectOption('zh-TW');
    await dialog.getByRole('button', { name: en.done }).click();
    expect(await dialog.getByTestId('settings-language-value').innerText()).toBe('繁體中文');
    await dialog.getByRole('button', { name: en.save }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang), { timeout: 5_000 }).toBe('zh-TW');
    await expect.poll(() => dialog.count()).toBe(0);
    const token = await idTokenFor(vendor.email, vendor.password);
    expect(((await api('/api/me', { token })).body as { language: string }).language).toBe('zh-TW');

    // Cancel discards; the payout link leads to /payouts.
    const again = await openAccountSettings(page, '帳戶設定');
    await again.getByRole('button', { name: '編輯預設語言' }).click();
    await again.getByLabel('預設語言').selectOption('en');
    await again.getByRole('button', { name: '取消' }).click();
    expect(((await api('/api/me', { token })).body as { language: string }).language).toBe('zh-TW');
    await api('/api/me', { method: 'PATCH', token, body: JSON.stringify({ language: 'en' }) });

    const last = await openAccountSettings(page, '帳戶設定');
    await last.getByRole('link', { name: '設定撥款帳戶' }).click();
    await page.waitForURL(webUrl('/payouts'));
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('change password (every outcome)', () => {
  describe('checks that change nothing (one signed-in page)', () => {
    let context: BrowserContext;
    let page: Page;
    beforeAll(async () => {
      ({ context, page } = await signedInPage(vendor));
    });
    afterAll(async () => {
      await context?.close();
    });

    /** Change password over Account settings, fresh: whatever a previous test left open is closed first. */
    async function freshChangePassword(): Promise<PasswordDialog> {
      while (await page.getByRole('dialog').count()) await page.keyboard.press('Escape');
      return openChangePassword(page);
    }

    it("checks in order: 'Passwords do not match.', then 'New password must be different…', then the pool's policy", async () => {
      const d = await freshChangePassword();
      expect(await d.save.isDisabled()).toBe(true);

      await fill(d, vendor.password, 'short', 'different');
      await d.save.click();
      await expect.poll(() => errorUnder(d.confirm)).toBe(en.passwords_do_not_match);

      await fill(d, vendor.password, vendor.password, vendor.password);
      await d.save.click();
      await expect.poll(() => errorUnder(d.next)).toBe(en.password_same_as_current);
      expect(await errorUnder(d.confirm)).toBe('');

      await fill(d, vendor.password, 'onlylowercase', 'onlylowercase');
      await d.confirm.press('Enter');
      await expect.poll(() => errorUnder(d.next)).toBe(en.password_too_weak.replace('{{min}}', '12'));
    });

    it("a wrong current password: 'The current password you entered is incorrect.' under Current Password", async () => {
      const d = await freshChangePassword();
      await fill(d, 'Not!ThePassword1', 'Brand!NewPass2027', 'Brand!NewPass2027');
      await d.save.click();
      await expect.poll(() => errorUnder(d.current), { timeout: 5_000 }).toBe(en.current_password_incorrect);
      // Under the field, and the dialog stays.
      const field = await d.current.boundingBox();
      const message = await d.dialog.getByText(en.current_password_incorrect).boundingBox();
      expect(message!.y).toBeGreaterThan(field!.y);
      expect(await d.dialog.isVisible()).toBe(true);
    });
  });

  it("no Amplify session any more: 'User not authenticated.'", async () => {
    const { context, page } = await signedInPage(vendor);
    const d = await openChangePassword(page);
    await fill(d, vendor.password, 'Brand!NewPass2027', 'Brand!NewPass2027');
    await clearAmplifyStorage(page);
    await d.save.click();
    const alert = d.dialog.getByRole('alert');
    await alert.waitFor();
    expect(await alert.innerText()).toBe(en.user_not_authenticated);
    await context.close();
    // Nothing changed.
    await idTokenFor(vendor.email, vendor.password);
  });

  it("success: 'Saving...', 'Password updated successfully.', and the new password signs in (the old one no longer)", async () => {
    let dialogs = 0;
    const { context, page, errors } = await signedInPage(vendor, {
      before: ({ page }) =>
        void page.on('dialog', (d) => {
          dialogs += 1;
          void d.dismiss();
        }),
    });
    const d = await openChangePassword(page);
    const newPassword = 'Brand!NewPass2027';
    await fill(d, vendor.password, newPassword, newPassword);
    // Hold the portal's POST /api/me/password (the server has Cognito change it) until the busy state
    // has been seen: a condition, not a timer, which on a busy machine could end before the check looks.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/me/password', async (route) => {
      await held;
      await route.continue();
    });
    await d.save.click();
    await d.dialog.getByRole('button', { name: en.saving }).waitFor();
    release();
    const settings = page.getByRole('dialog', { name: en.account_settings });
    await settings.getByTestId('password-updated').waitFor();
    expect(await settings.getByTestId('password-updated').innerText()).toContain(en.password_updated);
    expect(await d.dialog.count()).toBe(0);
    expect(dialogs).toBe(0);
    await page.unrouteAll();
    await settings.getByRole('button', { name: en.cancel }).click();

    await page.getByTestId('account-button').click();
    await page.getByTestId('logout-button').click();
    await page.waitForURL(webUrl('/'));
    await signIn(page, vendor.email, vendor.password);
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('alert').innerText()).toBe(en.error_wrong_credentials);
    await signInToDashboard(page, vendor.email, newPassword);
    expect(errors.filter((e) => !/status of 400/.test(e))).toEqual([]);
    vendor.password = newPassword;
    await context.close();
  });
});
