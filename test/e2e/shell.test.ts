/// <reference lib="dom" />
import { describe, expect, it } from 'vitest';
import en from '../../web/src/i18n/en.json';
import zhTW from '../../web/src/i18n/zh-TW.json';
import { demoAccounts } from '../../scripts/demo/accounts';
import { api, idTokenFor } from '../support/auth';
import { approvedVendor, newPage, recordTexts, seenTexts, sessionState, signedInPage, signIn, webUrl } from '../support/browser';

const { approved, pending, rejected, noRecord } = demoAccounts;

/**
 * Safe beside other stack files (issue 25, item 6): the demo accounts are only read and signed in (a
 * sign-out revokes only its own session's refresh token); the saved language is a vendor of its own.
 */

describe('sign-in outcomes by vendor status', () => {
  it('takes the approved demo vendor to the dashboard with its name and vendor id, and keeps the id', async () => {
    const { context, page, errors } = await newPage();
    await signIn(page, approved.email, approved.password);
    await page.waitForURL(webUrl('/dashboard'));
    await expect.poll(() => page.getByTestId('dashboard-vendor-id').innerText()).toContain('V-10001');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBeTruthy();
    expect(await page.locator('body').innerText()).toContain('Golden Harvest Foods');
    expect(await page.evaluate(() => Object.values(localStorage).includes('V-10001'))).toBe(true);
    // What every other test starts from (sessionState) is what this sign-in stored: the same Amplify keys.
    const amplifyKeys = (names: string[]) => names.filter((name) => name.startsWith('CognitoIdentityServiceProvider.')).sort();
    const made = (await sessionState(approved)).origins.flatMap((o) => o.localStorage.map((item) => item.name));
    expect(amplifyKeys(await page.evaluate(() => Object.keys(localStorage)))).toEqual(amplifyKeys(made));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('signs a pending vendor out at once and says the application is under review', async () => {
    const { context, page } = await newPage();
    await signIn(page, pending.email, pending.password);
    await expect.poll(() => page.getByRole('alert').innerText()).toContain(en.notice_pending);
    expect(new URL(page.url()).pathname).toBe('/');
    await page.goto(webUrl('/dashboard'));
    await page.waitForURL(webUrl('/'));
    await context.close();
  });

  it('signs a rejected vendor out at once and shows the stored reason', async () => {
    const { context, page } = await newPage();
    await signIn(page, rejected.email, rejected.password);
    const alert = page.getByRole('alert');
    await expect.poll(() => alert.innerText()).toContain(rejected.vendor.rejectionReason);
    expect(await alert.innerText()).toContain(en.notice_rejected);
    await context.close();
  });

  it('logs "Vendor not found for user <uid>" for a user without a vendor record and gives no vendor id', async () => {
    const { context, page, warnings } = await newPage();
    await signIn(page, noRecord.email, noRecord.password);
    await expect.poll(() => page.getByRole('alert').innerText()).toContain(en.notice_no_record);
    expect(warnings.some((w) => /^Vendor not found for user [0-9a-f-]{36}$/.test(w))).toBe(true);
    expect(await page.evaluate(() => Object.values(localStorage).some((v) => /^V-\d+$/.test(v)))).toBe(false);
    await context.close();
  });

  it('shows a wrong password in the page, not in a browser dialog', async () => {
    const { context, page } = await newPage();
    let dialogs = 0;
    page.on('dialog', (d) => {
      dialogs += 1;
      void d.dismiss();
    });
    await signIn(page, approved.email, 'Wrong!Password1');
    await expect.poll(() => page.getByRole('alert').innerText()).toContain(en.error_wrong_credentials);
    expect(dialogs).toBe(0);
    await context.close();
  });
});

describe('the route guard', () => {
  it.each(['/dashboard', '/orders', '/payouts'])('sends a signed-out visitor of %s to / with "Redirecting to login..."', async (path) => {
    const { context, page } = await newPage();
    await recordTexts(page);
    await page.goto(webUrl(path));
    await page.waitForURL(webUrl('/'));
    expect(await seenTexts(page)).toContain('Redirecting to login...');
    await context.close();
  });

  it('shows "Checking authentication..." while the session is being checked', async () => {
    const { context, page } = await signedInPage(approved);
    // /api/me is held until the message has been seen (a condition, not a timer).
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/me', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(webUrl('/orders'));
    await expect.poll(() => page.getByText('Checking authentication...').isVisible()).toBe(true);
    release();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText(), { timeout: 10_000 }).toBe(en.orders_title);
    await context.close();
  });

  it('shows the header on unguarded routes other than the sign-in pages, and never on them', async () => {
    const { context, page } = await newPage();
    await page.goto(webUrl('/no-such-page'));
    await expect.poll(() => page.getByRole('heading', { name: en.not_found_title }).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await page.getByRole('banner').count()).toBe(1);
    expect(await page.getByTestId('language-button').isDisabled()).toBe(true);
    for (const path of ['/', '/forgot-password', '/reset-password', '/signup', '/signup-success']) {
      await page.goto(webUrl(path));
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await page.getByTestId('language-button').count(), path).toBe(0);
    }
    await context.close();
  });
});

describe('the header', () => {
  it('offers the account menu with display name, vendor id and log out, by mouse and by keyboard', async () => {
    // Its own session: logging out revokes the refresh token.
    const { context, page } = await signedInPage(approved, { fresh: true });

    const account = page.getByTestId('account-button');
    await account.click();
    await expect.poll(() => page.getByTestId('account-display-name').innerText()).toBe('Golden Harvest Foods');
    expect(await page.getByTestId('account-vendor-id').innerText()).toContain('V-10001');
    // An outside click closes it.
    await page.mouse.click(5, 600);
    await expect.poll(() => page.getByTestId('account-display-name').isVisible()).toBe(false);

    // Keyboard: Enter opens, Escape closes and gives focus back.
    await account.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('menu').isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('menu').count()).toBe(0);
    expect(await account.evaluate((el) => el === document.activeElement)).toBe(true);

    await page.getByTestId('help-button').click();
    await expect.poll(() => page.getByRole('menuitem', { name: en.contact_support }).isVisible()).toBe(true);
    await page.keyboard.press('Escape');

    await page.getByTestId('account-button').click();
    await page.getByTestId('logout-button').click();
    await page.waitForURL(webUrl('/'));
    await page.goto(webUrl('/dashboard'));
    await page.waitForURL(webUrl('/'));
    await context.close();
  });

  it('on a phone, hides the nav behind a menu button that opens it and closes on Escape, an outside click and a navigation', async () => {
    const { context, page } = await signedInPage(approved, { viewport: { width: 390, height: 844 } });
    const button = page.getByRole('button', { name: en.nav_menu });
    // Hidden while closed, so it is found with includeHidden.
    const nav = page.getByRole('navigation', { name: en.main_navigation, includeHidden: true });
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await button.getAttribute('aria-controls')).toBe(await nav.getAttribute('id'));
    expect(await nav.isVisible()).toBe(false);
    // The header fits: no sideways scrolling, the last header button wholly on screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect((await page.getByTestId('account-button').boundingBox())!.x + 40).toBeLessThanOrEqual(390);

    await button.click();
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    expect(await nav.getByRole('link').allInnerTexts()).toEqual([en.nav_dashboard, en.nav_orders, en.nav_products, en.nav_inventory, en.nav_payouts]);
    await nav.getByRole('link', { name: en.nav_orders }).focus();
    await page.keyboard.press('Escape');
    expect(await nav.isVisible()).toBe(false);
    expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);

    await button.click();
    await page.mouse.click(200, 700);
    await expect.poll(() => nav.isVisible()).toBe(false);

    await button.click();
    await nav.getByRole('link', { name: en.nav_payouts }).click();
    await page.waitForURL(webUrl('/payouts'));
    await expect.poll(() => nav.isVisible()).toBe(false);
    expect(await button.getAttribute('aria-expanded')).toBe('false');

    // Wide screens: the nav is inline and the button is gone.
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(await nav.isVisible()).toBe(true);
    expect(await button.isVisible()).toBe(false);
    await context.close();
  });

  it('names a vendor without a vendor name by the e-mail local part, capitalised', async () => {
    const { context, page } = await signedInPage(approved, {
      before: async ({ page }) => {
        await page.route('**/api/me', async (route) => {
          if (route.request().method() !== 'GET') return route.continue();
          const res = await route.fetch();
          const body = (await res.json()) as Record<string, unknown>;
          await route.fulfill({ response: res, json: { ...body, vendorName: '' } });
        });
      },
    });
    await page.getByTestId('account-button').click();
    await expect.poll(() => page.getByTestId('account-display-name').innerText()).toBe('Demo.vendor');
    await context.close();
  });

  it('opens account settings from the gear, with the e-mail read-only', async () => {
    const { context, page } = await signedInPage(approved);
    await page.getByTestId('settings-button').click();
    const dialog = page.getByRole('dialog', { name: en.account_settings });
    await dialog.waitFor();
    const email = dialog.getByLabel(en.email, { exact: true });
    expect(await email.inputValue()).toBe(approved.email);
    expect(await email.isEditable()).toBe(false);
    await dialog.getByRole('button', { name: en.cancel }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await context.close();
  });
});

describe('language', () => {
  it('switches to Traditional Chinese, saves it, and keeps it across reload and a new sign-in', async () => {
    // A vendor of its own (the saved language is the vendor's): it logs out, then signs in again through the login page.
    const vendor = await approvedVendor('e2e.shell.language', { vendorName: 'Language Path Grocers' });
    const { context, page } = await signedInPage(vendor);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');

    await page.getByTestId('language-button').click();
    await page.getByRole('menuitemradio', { name: '繁體中文' }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('zh-TW');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(zhTW.dashboard_title);
    await expect.poll(async () => ((await api('/api/me', { token: await idTokenFor(vendor.email, vendor.password) })).body as { language: string }).language).toBe('zh-TW');

    await page.reload();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(zhTW.dashboard_title);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-TW');

    await page.getByTestId('account-button').click();
    await page.getByTestId('logout-button').click();
    await page.waitForURL(webUrl('/'));
    await signIn(page, vendor.email, vendor.password);
    await page.waitForURL(webUrl('/dashboard'));
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(zhTW.dashboard_title);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-TW');

    await page.getByTestId('language-button').click();
    await page.getByRole('menuitemradio', { name: 'English' }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en');
    await context.close();
  });

  it('lets an anonymous visitor switch the sign-in page locally', async () => {
    const { context, page } = await newPage();
    await page.goto(webUrl('/'));
    await page.getByLabel(en.language).selectOption('zh-TW');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('zh-TW');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(zhTW.sign_in_title);
    await context.close();
  });
});
