/// <reference lib="dom" />
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import adminEn from '../../web/src/i18n/admin.en.json';
import adminZhTW from '../../web/src/i18n/admin.zh-TW.json';
import { demoAccounts } from '../../scripts/demo/accounts';
import { api, idTokenFor, signUpVendor } from '../support/auth';
import { newPage, signedInPage, signIn, webUrl } from '../support/browser';
import { axeProblems, overflowProblems } from '../support/layout-audit';

/**
 * Issue 13, the ops console's Vendor applications and Vendors screens, end to end through the local
 * stack (API, local Lambdas, cognito-local, DynamoDB Local): the demo admin approves a freshly signed-up
 * vendor, who then signs in and reaches the dashboard; rejects another with a reason, which the applicant
 * reads at sign-in; changes the first one's commission rate, which the vendor detail shows with the audit
 * trail. Both languages, 390 px (overflow and axe) on every screen and the reject dialog.
 */
const { admin } = demoAccounts;
const password = 'Fresh!Vendor2026';


const stamp = () => `${Date.now()}${Math.random().toString(36).slice(2, 6)}`;

/** A phone in the current language: nothing scrolls sideways or is cut off, and axe finds nothing serious. */
async function auditAtPhoneWidth(page: Page, what: string): Promise<void> {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await overflowProblems(page), `${what}: overflow at 390 px`).toEqual([]);
  expect(await axeProblems(page), `${what}: axe at 390 px`).toEqual([]);
  if (size) await page.setViewportSize(size);
}

/** Opens the queue and the application of `vendorName` (loading more pages until it is there: the newest is last). */
async function openApplication(page: Page, vendorName: string): Promise<void> {
  await page.goto(webUrl('/admin/applications'));
  await page.getByTestId('admin-apps-table').waitFor();
  const link = page.getByTestId('admin-apps-table').getByRole('link', { name: vendorName, exact: true });
  for (let i = 0; i < 20 && (await link.count()) === 0; i += 1) {
    const more = page.getByTestId('admin-apps-more');
    if ((await more.count()) === 0) break;
    await more.click();
    await page.waitForTimeout(300);
  }
  await link.click();
  await page.getByRole('heading', { level: 1, name: vendorName }).waitFor();
  await page.getByTestId('admin-app-facts').waitFor();
}

describe('ops console: vendor applications and the vendor directory', () => {
  it('ops approve a fresh sign-up, who then reaches the dashboard; reject another with a reason the applicant reads; change a commission rate', async () => {
    const approveName = `Approve Me Bakery ${stamp()}`;
    const approveEmail = `apps.approve.${stamp()}@example.com`;
    const rejectName = `Reject Me Traders ${stamp()}`;
    const rejectEmail = `apps.reject.${stamp()}@example.com`;
    const reason = 'Your business registration certificate has expired; please re-apply with a current one.';
    await signUpVendor(approveEmail, password, approveName);
    await signUpVendor(rejectEmail, password, rejectName, 'zh-TW');

    const { context, page, errors } = await signedInPage(admin, { path: '/admin' });
    await page.waitForURL(webUrl('/admin'));
    await page.getByTestId('admin-nav-applications').click();
    await page.getByRole('heading', { level: 1, name: adminEn.admin_apps_title }).waitFor();
    await page.getByTestId('admin-apps-table').waitFor();
    await auditAtPhoneWidth(page, 'applications (en)');

    // Approve the first applicant.
    await openApplication(page, approveName);
    expect(await page.getByTestId('admin-app-state').innerText()).toBe(adminEn.admin_apps_status_pending);
    await auditAtPhoneWidth(page, 'application detail (en)');
    await page.getByTestId('admin-app-approve').click();
    const approved = page.getByTestId('admin-app-notice');
    await approved.waitFor();
    const vendorId = /approved as (V-\d+)/.exec(await approved.innerText())?.[1];
    expect(vendorId).toMatch(/^V-\d+$/);
    await page.getByText(adminEn.admin_apps_action_approved).first().waitFor();
    await page.getByTestId('admin-app-state').filter({ hasText: adminEn.admin_apps_status_approved }).waitFor();

    // The approved vendor signs in and reaches the dashboard with the new vendor id.
    const vendorSide = await signedInPage({ email: approveEmail, password });
    expect(await vendorSide.page.getByTestId('dashboard-vendor-id').innerText()).toContain(vendorId!);
    await vendorSide.context.close();

    // Reject the second, in Traditional Chinese: the reason is required (said in the dialog), then sent.
    await openApplication(page, rejectName);
    await page.getByTestId('admin-language-button').click();
    await page.getByRole('button', { name: adminZhTW.admin_apps_reject }).waitFor();
    await auditAtPhoneWidth(page, 'application detail (zh-TW)');
    await page.getByTestId('admin-app-reject').click();
    const dialog = page.getByRole('dialog', { name: `駁回 ${rejectName}` });
    await dialog.waitFor();
    await dialog.getByTestId('admin-app-reject-confirm').click();
    expect(await dialog.getByRole('alert').innerText()).toBe(adminZhTW.admin_apps_reason_required);
    await auditAtPhoneWidth(page, 'reject dialog (zh-TW)');
    await dialog.getByLabel(adminZhTW.admin_apps_reason_label).fill(reason);
    await dialog.getByTestId('admin-app-reject-confirm').click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('admin-app-notice').waitFor();
    await page.getByTestId('admin-app-state').filter({ hasText: adminZhTW.admin_apps_status_rejected }).waitFor();
    await page.getByTestId('admin-language-button').click();
    await page.getByRole('link', { name: adminEn.admin_apps_back }).waitFor();

    // The rejected applicant reads the reason at sign-in.
    const applicant = await newPage();
    await signIn(applicant.page, rejectEmail, password);
    const shown = applicant.page.getByTestId('rejection-reason');
    await shown.waitFor();
    expect(await shown.innerText()).toContain(reason);
    await applicant.context.close();

    // The directory finds the approved vendor by its id and by a name prefix; the detail changes the commission.
    await page.getByTestId('admin-nav-vendors').click();
    await page.getByRole('heading', { level: 1, name: adminEn.admin_vendors_title }).waitFor();
    await page.getByTestId('admin-vendors-q').fill(approveName.slice(0, 20).toLowerCase());
    await page.getByTestId('admin-vendors-search-button').click();
    await page.getByTestId('admin-vendors-table').getByRole('link', { name: approveName }).waitFor();
    // An e-mail prefix (with its @), with the status filter.
    await page.getByTestId('admin-vendors-q').fill(approveEmail.slice(0, approveEmail.indexOf('@') + 1).toUpperCase());
    await page.getByTestId('admin-vendors-status-filter').selectOption('approved');
    await page.getByTestId('admin-vendors-search-button').click();
    await page.getByTestId('admin-vendors-table').getByText(approveEmail).waitFor();
    await page.getByTestId('admin-vendors-status-filter').selectOption('rejected');
    await page.getByTestId('admin-vendors-empty').waitFor();
    await page.getByTestId('admin-vendors-status-filter').selectOption('');
    await page.getByTestId('admin-vendors-q').fill(vendorId!);
    await page.getByTestId('admin-vendors-search-button').click();
    await page.waitForURL(webUrl(`/admin/vendors?q=${vendorId}`));
    const rows = page.getByTestId('admin-vendors-row');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(1);
    await auditAtPhoneWidth(page, 'vendors (en)');
    await rows.first().getByRole('link', { name: approveName }).click();
    await page.getByTestId('admin-vendor-commission').waitFor();
    expect(await page.getByTestId('admin-vendor-commission-current').innerText()).toBe('15% (the marketplace default)');
    await page.getByTestId('admin-vendor-commission-input').fill('12.5');
    await page.getByTestId('admin-vendor-commission-save').click();
    await page.getByTestId('admin-vendor-commission-notice').waitFor();
    await page.getByText("12.5% (this vendor's own rate)").waitFor();
    await page.getByTestId('admin-vendor-audit').getByText(adminEn.admin_apps_action_commission_changed).waitFor();
    expect(await page.getByTestId('admin-vendor-audit').innerText()).toContain(adminEn.admin_apps_action_approved);
    await auditAtPhoneWidth(page, 'vendor detail (en)');
    await page.getByTestId('admin-language-button').click();
    await page.getByRole('button', { name: adminZhTW.admin_vendors_commission_save }).waitFor();
    await auditAtPhoneWidth(page, 'vendor detail (zh-TW)');
    await page.getByTestId('admin-nav-vendors').click();
    await page.getByRole('heading', { level: 1, name: adminZhTW.admin_vendors_title }).waitFor();
    await page.getByTestId('admin-vendors-table').waitFor();
    await auditAtPhoneWidth(page, 'vendors (zh-TW)');
    await page.getByTestId('admin-nav-applications').click();
    await page.getByRole('heading', { level: 1, name: adminZhTW.admin_apps_title }).waitFor();
    await page.getByTestId('admin-apps-table').waitFor();
    await auditAtPhoneWidth(page, 'applications (zh-TW)');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('two operators deciding the same application: one wins, the other gets a 409 naming who decided', async () => {
    const email = `apps.race.${stamp()}@example.com`;
    await signUpVendor(email, password, `Race Condition Farm ${stamp()}`);
    const applicantToken = await idTokenFor(email, password);
    const userId = (JSON.parse(Buffer.from(applicantToken.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub;
    const token = await idTokenFor(admin.email, admin.password);
    const decide = (body: unknown) => api(`/api/admin/applications/${userId}/decision`, { method: 'POST', token, body: JSON.stringify(body) });
    const answers = await Promise.all([decide({ decision: 'approve', expectedStatus: 'pending' }), decide({ decision: 'reject', reason: 'Duplicate shop', expectedStatus: 'pending' })]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const loser = answers.find((a) => a.status === 409)!;
    expect(loser.body).toMatchObject({ error: 'application_decided', message: expect.stringContaining(admin.email) });
    // One decision in the history, not two.
    const detail = (await api(`/api/admin/applications/${userId}`, { token })).body as { audit: { action: string }[] };
    expect(detail.audit.filter((e) => e.action === 'vendor.approved' || e.action === 'vendor.rejected')).toHaveLength(1);
  });
});
