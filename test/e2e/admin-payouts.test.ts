/// <reference lib="dom" />
import { UpdateCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import adminEn from '../../web/src/i18n/admin.en.json';
import adminZhTW from '../../web/src/i18n/admin.zh-TW.json';
import en from '../../web/src/i18n/en.json';
import { demoAccounts } from '../../scripts/demo/accounts';
import { startFakePayoutProvider, type FakePayoutProvider } from '../../scripts/local/payout-provider-fake';
import { api, idTokenFor, turnOnTotp, useTestStackEnv } from '../support/auth';
import { approvedVendor, signedInPage, webUrl, type OpenPage, type TestVendor } from '../support/browser';
import { axeProblems, overflowProblems } from '../support/layout-audit';
import { germanBankBody } from '../support/payout-fixtures';
import type * as WorkerModule from '../../lambdas/payouts/worker-handler';

/**
 * The ops console's Payouts screen end to end (issue 13): ops retry a failed payout in Chromium and it
 * is paid once (the provider fake sees one payment, the vendor's payouts page shows it paid), and
 * confirm a bank transfer paid; the screens at 390 px in both languages, with axe.
 */
const { admin } = demoAccounts;
const PERIOD = '2026-10-1';
const BUCKET = 'seller-portal-payout-batches';
let fake: FakePayoutProvider;
let failing: TestVendor & { token: string };
let bank: TestVendor & { token: string };
let worker: typeof WorkerModule;
let deps: WorkerModule.WorkerDeps;

/** The vendor's payout destination set through the API, its change hold lifted (as if three days had passed). */
async function setMethod(vendor: TestVendor & { token: string }, body: unknown): Promise<void> {
  // Issue 14: the change needs two-step sign-in on and a recent sign-in with it.
  await turnOnTotp(vendor.email, vendor.password);
  const token = await idTokenFor(vendor.email, vendor.password);
  const res = await api('/api/payout-method', { method: 'PUT', token, body: JSON.stringify(body) });
  if (res.status !== 200) throw new Error(`PUT /api/payout-method: ${res.status} ${JSON.stringify(res.body)}`);
  const { dynamo } = await import('../../lambdas/shared/clients');
  const { tableName } = await import('../../lambdas/shared/tables');
  await dynamo.send(new UpdateCommand({ TableName: tableName('payoutAccounts'), Key: { vendorId: vendor.vendorId }, UpdateExpression: 'REMOVE holdUntil' }));
  const record = await dynamo.send(
    new QueryCommand({ TableName: tableName('vendors'), IndexName: 'byVendorId', KeyConditionExpression: 'vendorId = :v', ExpressionAttributeValues: { ':v': vendor.vendorId } }),
  );
  await dynamo.send(new UpdateCommand({ TableName: tableName('vendors'), Key: { userId: record.Items![0]!.userId }, UpdateExpression: 'REMOVE payoutMethod.holdUntil' }));
}

async function credit(vendorId: string, balanceCents: number): Promise<void> {
  const { dynamo } = await import('../../lambdas/shared/clients');
  const { tableName } = await import('../../lambdas/shared/tables');
  await dynamo.send(
    new UpdateCommand({ TableName: tableName('ledger'), Key: { vendorId, sk: 'BALANCE' }, UpdateExpression: 'SET balanceCents = :b, updatedAt = :now, payable = :y', ExpressionAttributeValues: { ':b': balanceCents, ':now': new Date().toISOString(), ':y': 'Y' } }),
  );
}

beforeAll(async () => {
  useTestStackEnv();
  fake = await startFakePayoutProvider();
  worker = await import('../../lambdas/payouts/worker-handler');
  const { ensureLocalBucket } = await import('../../scripts/ops/bank-batch');
  await ensureLocalBucket(BUCKET);
  deps = worker.defaultWorkerDeps({ PAYOUT_PROVIDER_URL: fake.url, PAYOUT_PROVIDER_API_KEY: fake.apiKey, PAYOUT_BATCH_BUCKET: BUCKET, PAYOUT_FEE_CENTS: '100' });

  const a = await approvedVendor('e2e.adminpay.retry', { vendorName: 'Retry Path Teas' });
  failing = { ...a, token: await idTokenFor(a.email, a.password) };
  await setMethod(failing, { method: 'email', email: 'fail.retry@example.com' });
  await credit(failing.vendorId, 12_000);
  if ((await worker.payVendor({ vendorId: failing.vendorId, periodId: PERIOD }, deps)) !== 'failed') throw new Error('the first attempt should fail');
  // The vendor sets up a working address after the refusal.
  await setMethod(failing, { method: 'email', email: 'retry.ok@example.com' });

  const b = await approvedVendor('e2e.adminpay.bank', { vendorName: 'Bank Path Spices' });
  bank = { ...b, token: await idTokenFor(b.email, b.password) };
  await setMethod(bank, germanBankBody('Bank Path Spices GmbH'));
  await credit(bank.vendorId, 25_000);
  if ((await worker.payVendor({ vendorId: bank.vendorId, periodId: PERIOD }, deps)) !== 'submitted') throw new Error('the bank payout should be submitted');
}, 180_000);
afterAll(async () => {
  await fake?.close();
});

async function openConsole(path: string, viewport?: { width: number; height: number }): Promise<OpenPage> {
  const opened = await signedInPage(admin, { path, viewport });
  await opened.page.getByRole('heading', { level: 1, name: adminEn.admin_payouts_title }).waitFor();
  return opened;
}

describe('ops console: Payouts in Chromium', () => {
  it('ops retry a failed payout and it is paid once: the provider sees one payment, the vendor sees it paid', { timeout: 180_000 }, async () => {
    const payoutId = `P-${failing.vendorId}-${PERIOD}`;
    const { context, page, errors } = await openConsole('/admin/payouts?status=failed');
    const row = page.getByTestId(`admin-payout-${payoutId}`);
    await row.waitFor();
    expect(await row.getByTestId('admin-payout-reason').innerText()).toBe(adminEn.admin_payouts_reason_recipient_unavailable);

    await page.setViewportSize({ width: 390, height: 844 });
    expect(await overflowProblems(page)).toEqual([]);
    expect(await axeProblems(page)).toEqual([]);

    await row.getByTestId('admin-payout-retry').click();
    const dialog = page.getByRole('dialog', { name: adminEn.admin_payouts_dialog_retry_title });
    await dialog.waitFor();
    expect(await overflowProblems(page)).toEqual([]);
    // A double click on the button still sends one retry (the button is busy after the first).
    await dialog.getByTestId('admin-payouts-dialog-submit').dblclick();
    const notice = page.getByTestId('admin-payouts-notice');
    await notice.waitFor();
    expect(await notice.innerText()).toBe(adminEn.admin_payouts_done_retried.replace('{{vendor}}', 'Retry Path Teas'));
    await row.waitFor({ state: 'detached' });

    // The worker gets the retry from the queue (locally a folder): paid at the retry's own key, once.
    const { drainPayoutQueue } = await import('../../scripts/local/payout-queue');
    const { localFolders } = await import('../../scripts/local/stand-ins');
    const delivered = await drainPayoutQueue(localFolders(inject('stack').dataDir).payoutQueue, (m) => worker.payVendor(m, deps));
    expect(delivered.filter((d) => d.message.vendorId === failing.vendorId).map((d) => d.outcome)).toEqual(['paid']);
    expect(fake.payments(`${payoutId}.r1`)).toBe(1);
    expect(fake.calls(`${payoutId}.r1`)).toBe(1);
    // A second delivery of the same message pays nothing more.
    expect(await worker.payVendor({ vendorId: failing.vendorId, periodId: PERIOD }, deps)).toBe('already_settled');
    expect(fake.calls(`${payoutId}.r1`)).toBe(1);
    expect(errors).toEqual([]);
    await context.close();

    // The vendor's payouts page shows it paid.
    const vendorPage = await signedInPage(failing);
    await vendorPage.page.goto(webUrl('/payouts'));
    const vendorRow = vendorPage.page.locator(`[data-testid="payout-row"][data-payout-id="${payoutId}"]`);
    await vendorRow.waitFor();
    expect(await vendorRow.getByTestId('payout-row-status').innerText()).toBe(en.payout_status_paid);
    await vendorPage.context.close();
  });

  it('ops confirm a bank transfer paid; the awaiting list and the period in Traditional Chinese at 390 px', { timeout: 180_000 }, async () => {
    const payoutId = `P-${bank.vendorId}-${PERIOD}`;
    const { context, page, errors } = await openConsole('/admin/payouts?status=awaiting', { width: 390, height: 844 });
    const row = page.getByTestId(`admin-payout-${payoutId}`);
    await row.waitFor();
    await page.getByTestId(`admin-payouts-batch-${PERIOD}`).waitFor();
    expect(await overflowProblems(page)).toEqual([]);
    expect(await axeProblems(page)).toEqual([]);

    await page.getByTestId('admin-language-button').click();
    await page.getByRole('heading', { level: 1, name: adminZhTW.admin_payouts_title }).waitFor();
    expect(await row.getByTestId('admin-payout-status').innerText()).toBe(adminZhTW.admin_payouts_status_pending);
    expect(await overflowProblems(page)).toEqual([]);
    expect(await axeProblems(page)).toEqual([]);

    await row.getByTestId('admin-payout-confirm-paid').click();
    const dialog = page.getByRole('dialog', { name: adminZhTW.admin_payouts_dialog_paid_title });
    await dialog.waitFor();
    expect(await overflowProblems(page)).toEqual([]);
    await dialog.getByTestId('admin-payouts-dialog-submit').click();
    const notice = page.getByTestId('admin-payouts-notice');
    await notice.waitFor();
    expect(await notice.innerText()).toBe(adminZhTW.admin_payouts_done_paid.replace('{{vendor}}', 'Bank Path Spices'));
    await row.waitFor({ state: 'detached' });

    // The period's figures and payouts at 390 px, in Traditional Chinese.
    // In-app navigation (the language stays): the period view, then the period picked.
    await page.getByTestId('admin-payouts-view-period').click();
    await page.getByTestId('admin-payouts-period').selectOption(PERIOD);
    await page.waitForURL(webUrl(`/admin/payouts?period=${PERIOD}`));
    await page.getByTestId('admin-payouts-summary').waitFor();
    await page.getByTestId(`admin-payout-${payoutId}`).waitFor();
    expect(await page.getByTestId(`admin-payout-${payoutId}`).getByTestId('admin-payout-status').innerText()).toBe(adminZhTW.admin_payouts_status_paid);
    expect(await overflowProblems(page)).toEqual([]);
    expect(await axeProblems(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();

    const token = await idTokenFor(admin.email, admin.password);
    const awaiting = await api('/api/admin/payouts?view=awaiting', { token });
    expect(JSON.stringify(awaiting.body)).not.toContain(payoutId);
  });
});
