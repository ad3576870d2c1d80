/// <reference lib="dom" />
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import adminEn from '../../web/src/i18n/admin.en.json';
import adminZhTW from '../../web/src/i18n/admin.zh-TW.json';
import en from '../../web/src/i18n/en.json';
import zhTW from '../../web/src/i18n/zh-TW.json';
import { demoAccounts } from '../../scripts/demo/accounts';
import { api, idTokenFor } from '../support/auth';
import { approvedVendor, signedInPage, webUrl, type TestVendor } from '../support/browser';
import { axeProblems, overflowProblems } from '../support/layout-audit';

/**
 * Issue 13, screen 4, end to end in Chromium through the local stack: a vendor's support case reaches
 * the ops console's Support inbox; ops reply; the vendor reads the reply on the Support cases page
 * (reached from the help menu) and answers, which puts the case back in the inbox's Open tab. Every
 * page at 390 px in both languages: nothing overflows, axe finds nothing serious.
 */
const { admin } = demoAccounts;
let vendor: TestVendor;
let caseId: string;

const QUESTION = 'Our November payout shows as pending. When will it be paid?';
const REPLY = 'It is in the bank batch of the 30th; you will see it as paid the next day.';
const ANSWER = 'Thank you, we will check again then.';

async function phoneAudit(page: Page, where: string) {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await overflowProblems(page), `${where}: overflow at 390 px`).toEqual([]);
  expect(await axeProblems(page), `${where}: axe`).toEqual([]);
  if (size) await page.setViewportSize(size);
}

beforeAll(async () => {
  vendor = await approvedVendor('e2e.support', { vendorName: 'Support Thread Farms' });
  const token = await idTokenFor(vendor.email, vendor.password);
  const res = await api('/api/support', { method: 'POST', token, body: JSON.stringify({ category: 'payouts_category', message: QUESTION, vendorId: vendor.vendorId }) });
  expect(res.status).toBe(201);
  caseId = (res.body as { caseId: string }).caseId;
}, 120_000);

describe('the support inbox and the vendor’s Support cases', () => {
  it('ops reply to a support case in the console, and the vendor reads it on the Support cases page and answers', async () => {
    // Ops: the Open tab, filtered to the vendor, lists the case; its page shows the thread and the vendor.
    const ops = await signedInPage(admin, { path: '/admin' });
    await ops.page.waitForURL(webUrl('/admin'));
    await ops.page.getByTestId('admin-nav-support').click();
    await ops.page.getByRole('heading', { level: 1, name: adminEn.admin_support_title }).waitFor();
    await ops.page.getByLabel(adminEn.admin_support_filter_vendor).fill(vendor.vendorId);
    await ops.page.getByRole('button', { name: adminEn.admin_support_filter_apply }).click();
    await ops.page.waitForURL(webUrl(`/admin/support?status=open&vendor=${vendor.vendorId}`));
    const card = ops.page.getByTestId('admin-support-case').filter({ hasText: caseId });
    await card.waitFor();
    expect(await card.innerText()).toContain(QUESTION);
    await phoneAudit(ops.page, 'inbox (en)');

    await card.getByRole('link', { name: caseId }).click();
    await ops.page.waitForURL(webUrl(`/admin/support/${vendor.vendorId}/${caseId}`));
    await ops.page.getByTestId('admin-support-thread').waitFor();
    expect(await ops.page.getByTestId('admin-support-vendor-name').innerText()).toBe('Support Thread Farms');
    expect(await ops.page.getByTestId('admin-support-case-state').innerText()).toBe(adminEn.admin_support_status_open);
    await phoneAudit(ops.page, 'case page (en)');

    await ops.page.getByLabel(adminEn.admin_support_reply_label).fill(REPLY);
    await ops.page.getByRole('button', { name: adminEn.admin_support_reply_send }).click();
    await expect.poll(() => ops.page.getByRole('alert').innerText()).toContain(adminEn.admin_support_done_reply);
    expect(await ops.page.getByTestId('admin-support-case-state').innerText()).toBe(adminEn.admin_support_status_answered);
    expect(await ops.page.getByTestId('admin-support-message').allInnerTexts()).toEqual([expect.stringContaining(QUESTION), expect.stringContaining(REPLY)]);

    // The same pages in Traditional Chinese, at 390 px.
    await ops.page.getByTestId('admin-language-button').click();
    await ops.page.getByRole('heading', { level: 1, name: `客服案件 ${caseId}` }).waitFor();
    expect(await ops.page.getByTestId('admin-support-case-state').innerText()).toBe(adminZhTW.admin_support_status_answered);
    await phoneAudit(ops.page, 'case page (zh-TW)');
    await ops.page.getByTestId('admin-support-back').click();
    await ops.page.getByRole('heading', { level: 1, name: adminZhTW.admin_support_title }).waitFor();
    await ops.page.getByTestId('admin-support-list').or(ops.page.getByTestId('admin-support-empty')).first().waitFor();
    await phoneAudit(ops.page, 'inbox (zh-TW)');
    expect(ops.errors).toEqual([]);

    // The vendor: the help menu's Support cases lists the case as replied; its page shows the reply.
    const v = await signedInPage(vendor);
    await v.page.getByTestId('help-button').click();
    await v.page.getByTestId('support-cases-link').click();
    await v.page.waitForURL(webUrl('/support'));
    await v.page.getByRole('heading', { level: 1, name: en.support_cases }).waitFor();
    const item = v.page.getByTestId('support-case-item').filter({ hasText: caseId });
    await item.waitFor();
    expect(await item.getByTestId('support-case-status').innerText()).toBe(en.support_status_answered);
    await phoneAudit(v.page, 'Support cases (en)');

    await item.getByRole('link').click();
    await v.page.waitForURL(webUrl(`/support/${caseId}`));
    const reply = v.page.getByTestId('support-message').filter({ hasText: REPLY });
    await reply.waitFor();
    expect(await reply.innerText()).toContain(en.support_author_ops);
    await phoneAudit(v.page, 'Support case page (en)');

    await v.page.getByLabel(en.support_answer_label).fill(ANSWER);
    await v.page.getByTestId('support-answer-send').click();
    await expect.poll(() => v.page.getByTestId('support-answer-outcome').innerText()).toContain(en.support_answer_sent);
    expect(await v.page.getByTestId('support-case-status').innerText()).toBe(en.support_status_open);
    expect(await v.page.getByTestId('support-message').count()).toBe(3);

    // In Traditional Chinese (the vendor's saved language), at 390 px.
    await v.page.getByTestId('language-button').click();
    await v.page.getByTestId('language-option-zh-TW').click();
    await v.page.getByRole('heading', { level: 1, name: `客服案件 ${caseId}` }).waitFor();
    expect(await v.page.getByTestId('support-case-status').innerText()).toBe(zhTW.support_status_open);
    await phoneAudit(v.page, 'Support case page (zh-TW)');
    await v.page.getByTestId('support-case-back').click();
    await v.page.getByRole('heading', { level: 1, name: zhTW.support_cases }).waitFor();
    await v.page.getByTestId('support-case-item').first().waitFor();
    await phoneAudit(v.page, 'Support cases (zh-TW)');

    // The reply's notification (written with the reply) leads to the case page too.
    await v.page.goto(webUrl('/notifications'));
    const note = v.page.getByTestId('notification-item').filter({ hasText: caseId }).filter({ hasText: REPLY });
    await note.waitFor();
    await note.getByRole('link').click();
    await v.page.waitForURL(webUrl(`/support/${caseId}`));
    await v.page.getByTestId('support-thread').waitFor();
    expect(v.errors).toEqual([]);

    // The vendor's answer put the case back in the Open queue for ops, with the whole thread.
    await ops.page.goto(webUrl(`/admin/support/${vendor.vendorId}/${caseId}`));
    await ops.page.getByTestId('admin-support-thread').waitFor();
    await expect.poll(() => ops.page.getByTestId('admin-support-message').count()).toBe(3);
    expect(await ops.page.getByTestId('admin-support-case-state').getAttribute('data-status')).toBe('open');

    await ops.context.close();
    await v.context.close();
  });
});
