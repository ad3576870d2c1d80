/// <reference lib="dom" />
import { describe, expect, it } from 'vitest';
import { OVERVIEW_QUEUES, type AdminOverview } from '../../contracts/admin';
import adminEn from '../../web/src/i18n/admin.en.json';
import adminZhTW from '../../web/src/i18n/admin.zh-TW.json';
import en from '../../web/src/i18n/en.json';
import zhTW from '../../web/src/i18n/zh-TW.json';
import { demoAccounts } from '../../scripts/demo/accounts';
import { api, idTokenFor } from '../support/auth';
import { newPage, signedInPage, signIn, webUrl } from '../support/browser';
import { axeProblems, overflowProblems } from '../support/layout-audit';

/**
 * Issues 11 and 13 end to end, through the local stack: the demo admin (ops@example.com, group
 * admins, no vendor record) signs in on / and lands on the ops console's Overview, whose counts are
 * the API's; a vendor opening /admin gets the spec's not-found page and never the console or its code.
 */
const { admin, approved } = demoAccounts;


describe('the ops console', () => {
  it('an admin signing in on / lands on /admin and sees the Overview with the API’s counts, in both languages, at 390 px too', async () => {
    const { context, page, errors, warnings } = await newPage();
    await signIn(page, admin.email, admin.password);
    await page.waitForURL(webUrl('/admin'));
    await page.getByRole('heading', { level: 1, name: adminEn.admin_overview_title }).waitFor();
    await page.getByTestId('admin-queues').waitFor();
    expect(await page.getByTestId('admin-console-title').innerText()).toBe(adminEn.admin_console_title);
    expect(await page.getByTestId('admin-user').innerText()).toBe(admin.email);
    // Not the vendor shell, and never the "vendor without a record" treatment.
    expect(await page.getByRole('navigation', { name: en.main_navigation }).count()).toBe(0);
    expect(await page.getByTestId('account-button').count()).toBe(0);
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(warnings.filter((w) => w.startsWith('Vendor not found'))).toEqual([]);

    // The counts are the server's (the seeded pending demo vendor is one of the applications).
    const token = await idTokenFor(admin.email, admin.password);
    const overview = (await api('/api/admin/overview', { token })).body as AdminOverview;
    expect(overview.queues.vendorApplications.count).toBeGreaterThanOrEqual(1);
    for (const key of OVERVIEW_QUEUES) {
      const card = page.getByTestId(`admin-queue-${key}`);
      expect(await card.getByRole('heading', { level: 2 }).innerText()).toBe(adminEn[`admin_queue_${key}`]);
      expect(await page.getByTestId(`admin-queue-${key}-count`).innerText()).toBe(overview.queues[key].count.toLocaleString('en-US'));
      const age = await page.getByTestId(`admin-queue-${key}-age`).innerText();
      if (overview.queues[key].oldestAt) expect(age).toMatch(/^Oldest waiting: \d+ (minutes?|hours?|days?)$/);
      else expect(age).toBe(adminEn.admin_queue_empty);
    }

    // A phone: nothing scrolls sideways or is cut off, and axe finds nothing serious.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await overflowProblems(page)).toEqual([]);
    expect(await axeProblems(page)).toEqual([]);

    // Traditional Chinese, kept in the browser (the admin has no vendor record to save it to).
    await page.getByTestId('admin-language-button').click();
    await page.getByRole('heading', { level: 1, name: adminZhTW.admin_overview_title }).waitFor();
    expect(await page.getByTestId('admin-console-title').innerText()).toBe(adminZhTW.admin_console_title);
    expect(await page.getByTestId('admin-queue-vendorApplications').getByRole('heading').innerText()).toBe(adminZhTW.admin_queue_vendorApplications);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-TW');
    expect(await overflowProblems(page)).toEqual([]);
    expect(await axeProblems(page)).toEqual([]);
    expect(errors).toEqual([]);

    // Reloading / keeps the admin in the console; Log out goes back to the login page.
    await page.goto(webUrl('/'));
    await page.waitForURL(webUrl('/admin'));
    await page.getByTestId('admin-logout-button').click();
    await page.waitForURL(webUrl('/'));
    // The sign-in page keeps the language last chosen on this device (issue 24, item 13).
    await page.getByRole('button', { name: new RegExp(`^(${en.sign_in}|${zhTW.sign_in})$`) }).waitFor();
    await context.close();
  });

  it('an admin opening a vendor page is sent to the console', async () => {
    const { context, page } = await signedInPage(admin, { path: '/admin' });
    await page.getByTestId('admin-queues').waitFor();
    await page.goto(webUrl('/dashboard'));
    await page.waitForURL(webUrl('/admin'));
    await page.getByTestId('admin-queues').waitFor();
    await context.close();
  });

  it('a vendor opening /admin gets the header and the not-found page, never the console, its code or its API', async () => {
    const requested: string[] = [];
    const { context, page, errors } = await signedInPage(approved, { before: ({ page }) => void page.on('request', (request) => requested.push(new URL(request.url()).pathname)) });
    await page.goto(webUrl('/admin'));
    await page.getByRole('heading', { level: 1, name: en.not_found_title }).waitFor();
    await page.getByTestId('account-button').waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin');
    expect(await page.getByTestId('admin-console-title').count()).toBe(0);
    expect(await page.getByTestId('admin-queues').count()).toBe(0);
    expect(requested.filter((p) => p.includes('/features/admin/') || p.includes('admin-console') || p.startsWith('/api/admin'))).toEqual([]);
    expect(errors).toEqual([]);
    // And the API says no to the vendor as well.
    const token = await idTokenFor(approved.email, approved.password);
    expect(await api('/api/admin/overview', { token })).toMatchObject({ status: 403, body: { error: 'not_admin' } });
    await context.close();
  });
});
