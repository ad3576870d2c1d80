/// <reference lib="dom" />
import { generate } from 'otplib';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import en from '../../web/src/i18n/en.json';
import adminEn from '../../web/src/i18n/admin.en.json';
import adminZhTW from '../../web/src/i18n/admin.zh-TW.json';
import { demoAccounts } from '../../scripts/demo/accounts';
import { LOCAL_USER_POOL_ID } from '../../scripts/local/cognito';
import { adminGetUser, api, cognitoCall, idTokenFor, turnOnTotp } from '../support/auth';
import { approvedVendor, newPage, signedInPage, signIn, webUrl, type TestVendor } from '../support/browser';
import { axeProblems, overflowProblems } from '../support/layout-audit';
import { claimsOf, cognitoLocalKey, signJwt } from '../support/tokens';

/**
 * Issue 14, end to end in Chromium against the local stack: the owner has two-step verification on,
 * signs in with a code, and changes the payout method after the step-up ("Confirm it's you": password,
 * then the code, in place). The sign-in is made older than 5 minutes by re-signing the browser's ID
 * token with an earlier `auth_time` with cognito-local's own key (as test/support/tokens.ts does for the
 * authorizer's cases): cognito-local takes `auth_time` from the clock, and the server checks exactly that
 * claim. An admin without two-step verification sees the console's set-up screen instead of its sections.
 */
let vendor: TestVendor;
let secret: string;

beforeAll(async () => {
  vendor = await approvedVendor('stepup.e2e');
  secret = await turnOnTotp(vendor.email, vendor.password);
});

/** Replaces the ID token Amplify stored with the same claims signed in `agoSeconds` ago (fresh expiry, cognito-local's key). */
async function ageSignIn(page: Page, agoSeconds: number): Promise<void> {
  const stored = await page.evaluate(() => Object.entries(localStorage).find(([key]) => key.endsWith('.idToken')));
  if (!stored) throw new Error('No ID token in localStorage');
  const now = Math.floor(Date.now() / 1000);
  const aged = signJwt({ ...claimsOf(stored[1]), auth_time: now - agoSeconds, iat: now - 60, exp: now + 3000 }, cognitoLocalKey());
  await page.evaluate(([key, token]) => localStorage.setItem(key!, token!), [stored[0], aged]);
}

describe('step-up for the payout method', () => {
  it('the owner signs in with a code; after more than 5 minutes, saving the payout method asks to confirm, then saves', async () => {
    const { page, errors } = await newPage();
    // signIn answers the code step itself (the key turnOnTotp remembered), as a person types it.
    await signIn(page, vendor.email, vendor.password);
    await page.waitForURL(webUrl('/dashboard'));
    await page.getByTestId('dashboard-vendor-id').waitFor();

    await page.goto(webUrl('/payouts'));
    await page.getByTestId('payout-setup-email').click();
    await ageSignIn(page, 6 * 60);
    await page.getByTestId('payout-email').fill('stepup.payouts@example.com');
    await page.getByTestId('payout-email-save').click();

    const dialog = page.getByRole('dialog', { name: en.step_up_title });
    await dialog.waitFor();
    // On a phone the dialog fits, and axe finds nothing serious.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await overflowProblems(page)).toEqual([]);
    expect(await axeProblems(page)).toEqual([]);
    await dialog.getByLabel(en.password, { exact: true }).fill(vendor.password);
    await dialog.getByRole('button', { name: en.step_up_continue }).click();
    await dialog.getByLabel(en.totp_code_label).fill(await generate({ secret }));
    expect(await overflowProblems(page)).toEqual([]);
    await dialog.getByRole('button', { name: en.step_up_confirm }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('payout-method-saved').waitFor();
    expect(await page.getByTestId('payout-method-saved').innerText()).toContain(en.payout_email_saved);
    // Still signed in on the same page.
    expect(new URL(page.url()).pathname).toBe('/payouts');
    // The first save's 403 is logged by the browser; nothing else.
    expect(errors.filter((e) => !e.includes('status of 403'))).toEqual([]);
  });

  it('ops reset the vendor’s two-step verification from the console (in Traditional Chinese, on a phone): audited, and the vendor signs in with the password alone', async () => {
    // The demo ops account, signed in (with its two-step code) as the console's own test does through the login page.
    const { page } = await signedInPage(demoAccounts.admin, { path: `/admin/vendors/${vendor.vendorId}` });
    const card = page.getByTestId('admin-vendor-mfa');
    await card.waitFor();
    await page.getByTestId('admin-language-button').click();
    await card.getByRole('heading', { name: adminZhTW.admin_mfa_heading }).waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    await card.getByRole('button', { name: adminZhTW.admin_mfa_reset_button }).click();
    const dialog = page.getByRole('dialog', { name: adminZhTW.admin_mfa_reset_title });
    await dialog.waitFor();
    expect(await overflowProblems(page)).toEqual([]);
    expect(await axeProblems(page)).toEqual([]);
    await dialog.getByLabel(adminZhTW.admin_mfa_reason_label).fill('遺失手機，已電話確認身分');
    await dialog.getByRole('button', { name: adminZhTW.admin_mfa_reset_confirm }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.getByTestId('admin-vendor-mfa-notice').innerText()).toContain(vendor.email);
    // The audit log has the entry, targeted at the user (the console's Audit log, filter by target).
    const audit = await api(`/api/admin/audit?targetType=user&targetId=${encodeURIComponent(claimsOf(await idTokenFor(vendor.email, vendor.password)).sub as string)}`, {
      token: await idTokenFor(demoAccounts.admin.email, demoAccounts.admin.password),
    });
    expect((audit.body as { items: unknown[] }).items).toEqual([expect.objectContaining({ action: 'mfa.reset', reason: '遺失手機，已電話確認身分' })]);
    expect((await adminGetUser(vendor.email)).UserMFASettingList ?? []).toEqual([]);

    // The vendor signs in with the password alone now.
    const second = await newPage();
    await second.page.goto(webUrl('/'));
    await second.page.getByLabel('Email').fill(vendor.email);
    await second.page.getByLabel('Password', { exact: true }).fill(vendor.password);
    await second.page.getByRole('button', { name: 'Sign in' }).click();
    await second.page.waitForURL(webUrl('/dashboard'));
  });

  it('an admin without two-step verification sees the console set-up screen instead of the sections', async () => {
    const email = `stepup.admin.${Date.now()}@example.com`;
    const password = 'Fresh!Admin2026';
    await cognitoCall('AdminCreateUser', { UserPoolId: LOCAL_USER_POOL_ID, Username: email, MessageAction: 'SUPPRESS', UserAttributes: [{ Name: 'email', Value: email }, { Name: 'email_verified', Value: 'true' }] });
    await cognitoCall('AdminSetUserPassword', { UserPoolId: LOCAL_USER_POOL_ID, Username: email, Password: password, Permanent: true });
    await cognitoCall('AdminAddUserToGroup', { UserPoolId: LOCAL_USER_POOL_ID, Username: email, GroupName: 'admins' });
    const { page } = await newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, email, password);
    const gate = page.getByTestId('admin-two-step-required');
    await gate.waitFor();
    expect(await gate.getByRole('heading', { level: 1 }).innerText()).toBe(adminEn.admin_two_step_title);
    expect(await page.getByTestId('admin-nav-overview').count()).toBe(0);
    expect(await overflowProblems(page)).toEqual([]);
    expect(await axeProblems(page)).toEqual([]);
    // In Traditional Chinese too.
    await page.getByTestId('admin-language-button').click();
    await gate.getByRole('heading', { level: 1, name: adminZhTW.admin_two_step_title }).waitFor();
    expect(await overflowProblems(page)).toEqual([]);
  });
});
