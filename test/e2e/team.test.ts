/// <reference lib="dom" />
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import en from '../../web/src/i18n/en.json';
import zhTW from '../../web/src/i18n/zh-TW.json';
import { demoAccounts } from '../../scripts/demo/accounts';
import { storedEmails } from '../../scripts/local/ses';
import { confirmationCode, turnOnTotp } from '../support/auth';
import { approvedVendor, newPage, signedInPage, webUrl } from '../support/browser';
import { axeProblems, overflowProblems } from '../support/layout-audit';

/**
 * Issue 14, vendor teams end to end in Chromium through the local stack: the owner invites a Finance
 * member from the Team page; the invitee follows the e-mailed link, creates an account with the
 * invited address and lands in the shop seeing payouts but not products; the seeded Inventory member
 * changes stock and is told "not allowed" on payouts; removing the Finance member ends their session
 * at their next step. The Team page and the invitation page at 390 px in both languages.
 */

const stamp = () => `${Date.now()}${Math.random().toString(36).slice(2, 6)}`;

async function auditAtPhoneWidth(page: Page, what: string): Promise<void> {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await overflowProblems(page), `${what}: overflow at 390 px`).toEqual([]);
  expect(await axeProblems(page), `${what}: axe at 390 px`).toEqual([]);
  if (size) await page.setViewportSize(size);
}

/** The link of the invitation e-mail sent to `to`, as the invitee would click it (the portal's path). */
async function invitationLink(to: string): Promise<string> {
  for (let i = 0; i < 100; i += 1) {
    const mail = (await storedEmails(inject('stack').sesEndpoint, to)).find((e) => /invite\?token=/.test(e.body.text ?? ''));
    if (mail) {
      const url = new URL(/https?:\/\/\S*\/invite\?token=\S+/.exec(mail.body.text!)![0]);
      return url.pathname + url.search;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no invitation e-mail to ${to}`);
}

describe('vendor teams', () => {
  it('the owner invites a Finance member who joins through the e-mailed link and sees payouts, not products; removing them ends their session', { timeout: 240_000 }, async () => {
    const shop = await approvedVendor('team.e2e', { vendorName: `Team Trial Foods ${stamp()}` });
    // Team changes need two-step verification and a recent sign-in with it (issue 14): the sign-in helper answers the code.
    await turnOnTotp(shop.email, shop.password);
    const financeEmail = `team.finance.${stamp()}@example.com`;
    const password = 'Fresh!Member2026';

    // The owner: Team from the account menu; invite as Finance.
    const owner = await signedInPage(shop);
    await owner.page.getByTestId('account-button').click();
    await owner.page.getByTestId('team-link').click();
    await owner.page.getByRole('heading', { level: 1, name: en.team_title }).waitFor();
    await owner.page.getByTestId('team-list').waitFor();
    await owner.page.getByTestId('team-invite-email').fill(financeEmail);
    await owner.page.getByTestId('team-invite-role').selectOption('finance');
    await owner.page.getByTestId('team-invite-submit').click();
    await expect.poll(() => owner.page.getByTestId('team-outcome').textContent()).toContain(financeEmail);
    await expect.poll(() => owner.page.getByTestId('team-member').count()).toBe(2);
    await auditAtPhoneWidth(owner.page, 'team (en)');

    // The invitee: the link, then an account with the invited address — joining the shop, not applying
    // to sell (no business name), and signed in right after the code (issue 24, item 18).
    const link = await invitationLink(financeEmail);
    const invitee = await newPage();
    await invitee.page.goto(webUrl(link));
    await invitee.page.getByRole('heading', { name: en.invite_title_shop.replace('{{shop}}', shop.vendorName) }).waitFor();
    await auditAtPhoneWidth(invitee.page, 'invitation, signed out (en)');
    await invitee.page.getByTestId('invite-sign-up').click();
    await invitee.page.waitForURL(webUrl('/signup'));
    await invitee.page.getByRole('heading', { name: en.invite_title_shop.replace('{{shop}}', shop.vendorName) }).waitFor();
    expect(await invitee.page.getByLabel(en.business_name).count()).toBe(0);
    await invitee.page.getByLabel(en.email).fill(financeEmail);
    await invitee.page.getByLabel(en.password, { exact: true }).fill(password);
    await invitee.page.getByLabel(en.confirm_password).fill(password);
    await invitee.page.getByRole('button', { name: en.invite_create_and_join }).click();
    await invitee.page.getByLabel(en.verification_code).waitFor();
    await invitee.page.getByLabel(en.verification_code).fill(confirmationCode(financeEmail));
    await invitee.page.getByRole('button', { name: en.confirm, exact: true }).click();
    await invitee.page.waitForURL(webUrl('/dashboard'));
    expect(await invitee.page.getByTestId('joined-alert').textContent()).toContain(`You joined ${shop.vendorName} as Finance.`);
    const nav = invitee.page.getByRole('navigation', { name: en.main_navigation });
    await nav.getByRole('link', { name: en.nav_payouts }).waitFor();
    expect(await nav.getByRole('link').allTextContents()).toEqual([en.nav_dashboard, en.nav_orders, en.nav_payouts]);
    await nav.getByRole('link', { name: en.nav_payouts }).click();
    await invitee.page.getByTestId('payouts-page').or(invitee.page.getByRole('heading', { level: 1, name: en.nav_payouts })).first().waitFor();
    await invitee.page.goto(webUrl('/products'));
    await invitee.page.getByTestId('not-allowed').waitFor();
    expect(await invitee.page.getByTestId('not-allowed').getByRole('alert').textContent()).toContain('(Finance)');

    // The owner sees the member active and removes them.
    await owner.page.reload();
    const card = owner.page.getByTestId('team-member').filter({ hasText: financeEmail });
    await expect.poll(() => card.textContent()).toContain(en.team_status_active);
    await card.getByTestId('team-member-remove').click();
    await owner.page.getByTestId('team-remove-confirm').click();
    await expect.poll(() => owner.page.getByTestId('team-outcome').textContent()).toContain(financeEmail);

    // The member's next step is refused: signed out, and told why.
    await invitee.page.getByRole('link', { name: en.nav_orders }).click();
    await invitee.page.waitForURL(webUrl('/'));
    await expect.poll(() => invitee.page.getByText(en.error_reason_membership_ended).count()).toBe(1);
    expect(owner.errors).toEqual([]);
    await owner.context.close();
    await invitee.context.close();
  });

  it('the seeded Inventory member changes stock, is told "not allowed" on payouts (zh-TW), and the invitation page fits a phone in zh-TW', { timeout: 180_000 }, async () => {
    const { staff } = demoAccounts;
    const { context, page } = await signedInPage(staff, { path: '/products' });
    await page.waitForURL(webUrl('/products'));
    const nav = page.getByRole('navigation', { name: en.main_navigation });
    await nav.getByRole('link', { name: en.nav_inventory }).waitFor();
    expect(await nav.getByRole('link').allTextContents()).toEqual([en.nav_products, en.nav_inventory]);
    await nav.getByRole('link', { name: en.nav_inventory }).click();
    const row = page.getByTestId('inventory-row').first();
    await row.waitFor();
    await row.getByTestId('inventory-edit').click();
    const offer = page.getByRole('dialog');
    await offer.getByLabel(en.field_inventory, { exact: true }).fill('37');
    await offer.getByTestId('offer-save').click();
    await expect.poll(async () => (await row.getByTestId('inventory-count').textContent())?.trim()).toBe('37');

    await page.getByTestId('language-button').click();
    // The language is saved with PATCH /api/me: wait for it, or the next page load reads the old one.
    await Promise.all([page.waitForResponse((r) => r.url().endsWith('/api/me') && r.request().method() === 'PATCH'), page.getByTestId('language-option-zh-TW').click()]);
    await page.goto(webUrl('/payouts'));
    const blocked = page.getByTestId('not-allowed');
    await blocked.waitFor();
    expect(await blocked.getByRole('heading', { level: 1 }).textContent()).toBe(zhTW.not_allowed_title);
    expect(await blocked.getByRole('alert').textContent()).toContain(zhTW.team_role_inventory);
    await auditAtPhoneWidth(page, 'not allowed (zh-TW)');
    await context.close();

    // A visitor's invitation page in zh-TW, and the owner's Team page in zh-TW.
    const visitor = await newPage();
    await visitor.page.goto(webUrl(`/invite?token=${'A'.repeat(43)}&shop=${encodeURIComponent('金穗食品')}`));
    await visitor.page.getByRole('combobox').first().selectOption('zh-TW');
    await visitor.page.getByRole('heading', { name: zhTW.invite_title_shop.replace('{{shop}}', '金穗食品') }).waitFor();
    await auditAtPhoneWidth(visitor.page, 'invitation, signed out (zh-TW)');
    await visitor.context.close();

    const owner = await signedInPage(demoAccounts.approved);
    await owner.page.getByTestId('language-button').click();
    await Promise.all([owner.page.waitForResponse((r) => r.url().endsWith('/api/me') && r.request().method() === 'PATCH'), owner.page.getByTestId('language-option-zh-TW').click()]);
    await owner.page.goto(webUrl('/team'));
    await owner.page.getByRole('heading', { level: 1, name: zhTW.team_title }).waitFor();
    await owner.page.getByTestId('team-list').waitFor();
    expect(await owner.page.getByTestId('team-member').filter({ hasText: staff.email }).getByTestId('team-member-role-select').inputValue()).toBe('inventory');
    await auditAtPhoneWidth(owner.page, 'team (zh-TW)');
    // The demo vendor speaks English again for the other tests.
    await owner.page.getByTestId('language-button').click();
    await Promise.all([owner.page.waitForResponse((r) => r.url().endsWith('/api/me') && r.request().method() === 'PATCH'), owner.page.getByTestId('language-option-en').click()]);
    await owner.context.close();
  });
});
