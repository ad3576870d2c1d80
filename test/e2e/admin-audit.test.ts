/// <reference lib="dom" />
import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { AUDIT_CSV_COLUMNS } from '../../contracts/audit';
import { auditItemOf, type AuditEvent } from '../../lambdas/audit/record';
import adminEn from '../../web/src/i18n/admin.en.json';
import adminZhTW from '../../web/src/i18n/admin.zh-TW.json';
import { demoAccounts } from '../../scripts/demo/accounts';
import { signedInPage, webUrl } from '../support/browser';
import { axeProblems, overflowProblems } from '../support/layout-audit';
import { putItems } from '../integration/orders-fixtures';
import { api, idTokenFor, signUpVendor, useTestStackEnv } from '../support/auth';
import { createdProduct, listingsVendor } from '../lambdas/listings/stack-fixtures';
import { startFakePayoutProvider } from '../../scripts/local/payout-provider-fake';
import { summarize, type PayoutAccountItem } from '../../lambdas/payouts/model';

/**
 * The ops audit log (issue 13) in Chromium: the screen lists what the API holds, filters through the
 * URL, exports the filter as CSV, and works at 390 px in both languages. Entries are put in the layout
 * lambdas/audit/record.ts writes, under an operator of this run only, so other tests' actions do not
 * mix in.
 */
const { admin } = demoAccounts;
const run = Date.now().toString(36);
const operator = `auditor.${run}@example.com`;

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
  await putItems('audit', events.map((e, i) => ({ ...auditItemOf({ ...e, actor: e.actor }, `E2E-${run}-${i}`) })));
});

const rows = (page: Page) => page.getByTestId('admin-audit-row');

describe('the audit log screen', () => {
  it('lists an operator’s actions newest first, narrows to a target, exports CSV; 390 px and axe clean in both languages', async () => {
    const { context, page, errors } = await signedInPage(admin, { path: '/admin' });
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

  it('ops approve a vendor, reject a product with two reasons, reply to a support case and retry a failed payout: the log lists all four with the operator’s e-mail', { timeout: 120_000 }, async () => {
    useTestStackEnv();
    const token = await idTokenFor(admin.email, admin.password);
    const post = (path: string, body: unknown) => api(path, { method: 'POST', token, body: JSON.stringify(body) });

    // 1. A freshly signed-up applicant, approved.
    const applicant = `audit.applicant.${run}@example.com`;
    await signUpVendor(applicant, 'Fresh!Vendor2026', `Audit Proof Farm ${run}`);
    const applicantSub = (JSON.parse(Buffer.from((await idTokenFor(applicant, 'Fresh!Vendor2026')).split('.')[1]!, 'base64url').toString()) as { sub: string }).sub;
    const approved = await post(`/api/admin/applications/${applicantSub}/decision`, { decision: 'approve', expectedStatus: 'pending' });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const newVendorId = (approved.body as { application: { vendorId: string } }).application.vendorId;

    // 2. A submitted product, rejected with two reasons.
    const seller = await listingsVendor('audit', `Audit Proof Pantry ${run}`);
    const product = await createdProduct(seller, true, { nameEn: `Audit Proof Jam ${run}` });
    const page = (await api(`/api/admin/reviews/${product.productId}`, { token })).body as { submittedAt: string };
    const rejected = await post(`/api/admin/reviews/${product.productId}/decision`, { decision: 'reject', submittedAt: page.submittedAt, reasons: ['image_quality', 'The weight on the label and in the title differ.'] });
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);

    // 3. The seller's support case, answered.
    const opened = await api('/api/support', { method: 'POST', token: seller.token, body: JSON.stringify({ category: 'ask_question', message: `Audit proof question ${run}`, vendorId: seller.vendorId }) });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    const caseId = (opened.body as { caseId: string }).caseId;
    const replied = await post(`/api/admin/support/${seller.vendorId}/${caseId}/reply`, { message: 'Thanks, answered for the audit proof.' });
    expect(replied.status, JSON.stringify(replied.body)).toBe(200);

    // 4. A payout the provider refused, retried.
    const { dynamo } = await import('../../lambdas/shared/clients');
    const { tableName } = await import('../../lambdas/shared/tables');
    const { PutCommand } = await import('@aws-sdk/lib-dynamodb');
    const worker = await import('../../lambdas/payouts/worker-handler');
    const payee = `V-7${String(Date.now()).slice(-7)}`;
    const account: PayoutAccountItem = { vendorId: payee, payoutAccountId: `PA-${payee}`, method: 'email', email: `fail.${run}@example.com`, updatedAt: new Date().toISOString() };
    const now = new Date().toISOString();
    await dynamo.send(new PutCommand({ TableName: tableName('payoutAccounts'), Item: account }));
    await dynamo.send(new PutCommand({ TableName: tableName('vendors'), Item: { userId: `audit-payee-${run}`, email: `payee.${run}@example.com`, status: 'approved', vendorId: payee, vendorName: `Audit Payee ${run}`, language: 'en', payoutAccountId: account.payoutAccountId, payoutMethod: summarize(account), createdAt: now, updatedAt: now } }));
    await dynamo.send(new PutCommand({ TableName: tableName('ledger'), Item: { vendorId: payee, sk: 'BALANCE', balanceCents: 12_345, updatedAt: now, payable: 'Y' } }));
    const fake = await startFakePayoutProvider();
    try {
      const deps = worker.defaultWorkerDeps({ PAYOUT_PROVIDER_URL: fake.url, PAYOUT_PROVIDER_API_KEY: fake.apiKey, PAYOUT_FEE_CENTS: '100' });
      expect(await worker.payVendor({ vendorId: payee, periodId: '2026-10-2' }, deps)).toBe('failed');
    } finally {
      await fake.close();
    }
    const payoutId = `P-${payee}-2026-10-2`;
    const retried = await post(`/api/admin/payouts/${payoutId}/retry`, { retryCount: 0 });
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);

    // The audit log screen, narrowed to each target: the action, by the operator.
    const { context, page: browserPage, errors } = await signedInPage(admin, { path: '/admin' });
    await browserPage.waitForURL(webUrl('/admin'));
    const expected = [
      { type: 'vendor', id: newVendorId, action: 'vendor.approved' },
      { type: 'product', id: product.productId, action: 'product.rejected' },
      { type: 'support_case', id: caseId, action: 'support.replied' },
      { type: 'payout', id: payoutId, action: 'payout.retried' },
    ];
    for (const target of expected) {
      await browserPage.goto(webUrl(`/admin/audit?targetType=${target.type}&targetId=${encodeURIComponent(target.id)}`));
      await expect.poll(() => rows(browserPage).count(), { timeout: 10_000 }).toBeGreaterThan(0);
      const row = browserPage.locator(`[data-testid="admin-audit-row"][data-action="${target.action}"]`);
      await row.first().waitFor();
      expect(await row.first().getByTestId('admin-audit-actor').innerText()).toBe(admin.email);
      if (target.action === 'product.rejected') expect(await row.first().innerText()).toContain('The weight on the label and in the title differ.');
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});
