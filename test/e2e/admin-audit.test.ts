/// <reference lib="dom" />
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { AUDIT_CSV_COLUMNS } from '../../contracts/audit';
import { auditItemOf, type AuditEvent } from '../../lambdas/audit/record';
import adminEn from '../../web/src/i18n/admin.en.json';
import adminZhTW from '../../web/src/i18n/admin.zh-TW.json';
import { demoAccounts } from '../../scripts/demo/accounts';
import { launchBrowser, newPage, signIn, webUrl } from '../support/browser';
import { axeProblems, overflowProblems } from '../support/layout-audit';
import { putItems } from '../integration/orders-fixtures';

/**
 * The ops audit log (issue 13) in Chromium: the screen lists what the API holds, filters through the
 * URL, exports the filter as CSV, and works at 390 px in both languages. Entries are put in the layout
 * lambdas/audit/record.ts writes, under an operator of this run only, so other tests' actions do not
 * mix in.
 */
const { admin } = demoAccounts;
const run = Date.now().toString(36);
const operator = `auditor.${run}@example.com`;
let browser: Browser;

const events: AuditEvent[] = [
  { at: '2031-05-01T09:00:00.000Z', actor: { userId: 'sub-auditor', email: operator }, action: 'vendor.approved', target: { type: 'vendor', id: `V-${run}` }, vendorId: `V-${run}`, before: { status: 'pending' }, after: { status: 'approved' } },
  {
    at: '2031-05-01T09:05:00.000Z',
    actor: { userId: 'sub-auditor', email: operator },
    action: 'product.rejected',
    target: { type: 'product', id: `P-${run}` },
    vendorId: `V-${run}`,
    before: { status: 'pending' },
    after: { status: 'rejected', reasons: ['image_quality', 'A very long reason without any spaces'.replace(/ /g, '_').repeat(3)] },
    reason: 'image_quality',
  },
  { at: '2031-05-01T09:10:00.000Z', actor: { userId: 'sub-auditor', email: operator }, action: 'payout.retried', target: { type: 'payout', id: `P-V-${run}-2031-04-2` }, vendorId: `V-${run}`, before: { status: 'failed' }, after: { status: 'pending' } },
];

beforeAll(async () => {
  browser = await launchBrowser();
  await putItems('audit', events.map((e, i) => ({ ...auditItemOf({ ...e, actor: e.actor }, `E2E-${run}-${i}`) })));
});
afterAll(async () => {
  await browser?.close();
});

const rows = (page: Page) => page.getByTestId('admin-audit-row');

describe('the audit log screen', () => {
  it('lists an operator’s actions newest first, narrows to a target, exports CSV; 390 px and axe clean in both languages', async () => {
    const { context, page, errors } = await newPage(browser);
    await signIn(page, admin.email, admin.password);
    await page.waitForURL(webUrl('/admin'));
    await page.getByTestId('admin-nav-audit').click();
    await page.getByRole('heading', { level: 1, name: adminEn.admin_audit_title }).waitFor();

    await page.getByTestId('admin-audit-filter-actor').fill(operator.toUpperCase());
    await page.getByTestId('admin-audit-apply').click();
    await page.waitForURL(webUrl(`/admin/audit?actor=${encodeURIComponent(operator)}`));
    await expect.poll(() => rows(page).count()).toBe(3);
    expect(await rows(page).evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-action')))).toEqual(['payout.retried', 'product.rejected', 'vendor.approved']);
    expect(await rows(page).getByTestId('admin-audit-actor').allInnerTexts()).toEqual([operator, operator, operator]);
    expect(await rows(page).nth(1).getByTestId('admin-audit-action').innerText()).toBe(adminEn.admin_audit_action_product_rejected);

    // "Only this" on the product narrows to it (the URL says so).
    await rows(page).nth(1).getByRole('button', { name: adminEn.admin_audit_only_target_label.replace('{{target}}', `P-${run}`) }).click();
    await page.waitForURL(webUrl(`/admin/audit?targetType=product&targetId=P-${run}`));
    await expect.poll(() => rows(page).count()).toBe(1);

    // The CSV of the operator's filter.
    await page.goto(webUrl(`/admin/audit?actor=${encodeURIComponent(operator)}`));
    await expect.poll(() => rows(page).count()).toBe(3);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('admin-audit-export').click()]);
    expect(download.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines[0]).toBe(AUDIT_CSV_COLUMNS.join(','));
    expect(lines.slice(1).map((l) => l.split(',')[3])).toEqual(['payout.retried', 'product.rejected', 'vendor.approved']);

    // A phone, both languages: nothing wider than the screen (the long reason wraps), axe clean.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await overflowProblems(page)).toEqual([]);
    expect(await axeProblems(page)).toEqual([]);
    await page.getByTestId('admin-language-button').click();
    await page.getByRole('heading', { level: 1, name: adminZhTW.admin_audit_title }).waitFor();
    expect(await rows(page).nth(0).getByTestId('admin-audit-action').innerText()).toBe(adminZhTW.admin_audit_action_payout_retried);
    expect(await overflowProblems(page)).toEqual([]);
    expect(await axeProblems(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
