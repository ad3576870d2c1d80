import { execFile } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type * as LibDynamoDb from '@aws-sdk/lib-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import type * as SharedClients from '../../lambdas/shared/clients';
import type * as Tables from '../../lambdas/shared/tables';
import type * as Worker from '../../lambdas/payouts/worker-handler';
import type * as Run from '../../lambdas/payouts/run';
import type * as Record from '../../lambdas/notifications/record';
import type * as Notifier from '../../lambdas/notifications/notifier-handler';
import type { InboxItem } from '../../lambdas/notifications/model';
import { storedEmails, type StoredEmail } from '../../scripts/local/ses';
import { createdProduct, listingsVendor } from '../lambdas/listings/stack-fixtures';
import { api, signUpVendor, testStackPortsEnv, useTestStackEnv } from '../support/auth';
import { withTwoStep } from './orders-fixtures';

/**
 * Vendor e-mails end to end on the local stack: the domain change writes the inbox item, the stack's
 * notifier reads the notifications table's stream (DynamoDB Local) and sends through the SES v2
 * client to aws-ses-v2-local, whose GET /store these tests read.
 */

const exec = promisify(execFile);
let dynamo: typeof SharedClients.dynamo;
let ddb: typeof LibDynamoDb;
let tableName: typeof Tables.tableName;
let worker: typeof Worker;
let run: typeof Run;
let record: typeof Record;
let notifier: typeof Notifier;
const ses = () => inject('stack').sesEndpoint;

beforeAll(async () => {
  useTestStackEnv();
  ({ dynamo } = await import('../../lambdas/shared/clients'));
  ({ tableName } = await import('../../lambdas/shared/tables'));
  ddb = await import('@aws-sdk/lib-dynamodb');
  worker = await import('../../lambdas/payouts/worker-handler');
  run = await import('../../lambdas/payouts/run');
  record = await import('../../lambdas/notifications/record');
  notifier = await import('../../lambdas/notifications/notifier-handler');
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits for `count` e-mails to `to` matching `match`, then a little longer: no more may come. */
async function emailsTo(to: string, count: number, match: (e: StoredEmail) => boolean = () => true): Promise<StoredEmail[]> {
  const deadline = Date.now() + 20_000;
  let found: StoredEmail[] = [];
  while (Date.now() < deadline) {
    found = (await storedEmails(ses(), to)).filter(match);
    if (found.length >= count) break;
    await sleep(150);
  }
  await sleep(1_500);
  return (await storedEmails(ses(), to)).filter(match);
}

async function cli(script: string, ...args: string[]): Promise<{ code: number; out: string }> {
  try {
    const { stdout, stderr } = await exec(process.execPath, ['node_modules/tsx/dist/cli.mjs', script, '--profile', 'test', ...args], {
      env: { ...process.env, ...testStackPortsEnv(), LOG_LEVEL: 'SILENT' },
    });
    return { code: 0, out: stdout + stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
}

async function inboxOf(vendorId: string): Promise<InboxItem[]> {
  const out = await dynamo.send(
    new ddb.QueryCommand({ TableName: tableName('notifications'), KeyConditionExpression: 'vendorId = :v AND begins_with(sk, :n)', ExpressionAttributeValues: { ':v': vendorId, ':n': 'N#' }, ConsistentRead: true }),
  );
  return (out.Items ?? []) as InboxItem[];
}

/** A vendor record and money of its own (the payout tests' way), in a language. */
async function payoutVendor(balanceCents: number, language: 'en' | 'zh-TW') {
  const vendorId = `V-8${randomInt(10_000_000, 99_999_999)}`;
  const email = `${vendorId.toLowerCase()}.notify@example.com`;
  const now = new Date().toISOString();
  await dynamo.send(
    new ddb.PutCommand({ TableName: tableName('vendors'), Item: { userId: `user-${vendorId}`, vendorId, email, status: 'approved', vendorName: `Shop ${vendorId}`, language, createdAt: now, updatedAt: now } }),
  );
  await dynamo.send(new ddb.PutCommand({ TableName: tableName('ledger'), Item: { vendorId, sk: 'BALANCE', balanceCents, updatedAt: now, payable: 'Y' } }));
  await dynamo.send(
    new ddb.PutCommand({ TableName: tableName('payoutAccounts'), Item: { vendorId, payoutAccountId: `PA-${vendorId}-1`, method: 'email', email, updatedAt: now } }),
  );
  return { vendorId, email };
}

const paying: Worker.WorkerDeps['providers']['email'] = { pay: async () => ({ status: 'paid', reference: 'PP-test' }) };
const refusing: Worker.WorkerDeps['providers']['email'] = { pay: async () => ({ status: 'failed', reason: 'destination_changed' }) };
const PERIOD = '2026-11-2';

describe('vendor e-mails through the local SES stand-in', () => {
  it('application approved (zh-TW) and rejected (en): one e-mail each, in the applicant’s language', async () => {
    const password = 'Fresh!Vendor2026';
    const zh = `notify.approve.${Date.now()}@example.com`;
    await signUpVendor(zh, password, '玉山茶行', 'zh-TW');
    const approved = await cli('scripts/ops/vendor-review.ts', zh, 'approve');
    expect(approved.code).toBe(0);
    const vendorId = /approved as (V-\d+)/.exec(approved.out)![1]!;
    const [welcome, ...more] = await emailsTo(zh, 1);
    expect(more).toEqual([]);
    expect(welcome!.subject).toBe('您的賣家申請已核准');
    expect(welcome!.body.text).toContain(vendorId);
    expect(welcome!.body.text).toContain(`${inject('stack').webUrl.replace('localhost', '127.0.0.1')}/dashboard`);

    const en = `notify.reject.${Date.now()}@example.com`;
    await signUpVendor(en, password, 'Cold Coast Fish');
    expect((await cli('scripts/ops/vendor-review.ts', en, 'reject', 'Business licence expired')).code).toBe(0);
    const rejected = await emailsTo(en, 1);
    expect(rejected.map((e) => e.subject)).toEqual(['Your vendor application was not approved']);
    expect(rejected[0]!.body.text).toContain('Reason: Business licence expired');
  });

  it('payout paid (figures in US$), failed, and the same event delivered twice → still one e-mail', async () => {
    const { vendorId, email } = await payoutVendor(123_456, 'en');
    expect(await worker.payVendor({ vendorId, periodId: PERIOD }, { providers: { email: paying }, feeCents: 100 })).toBe('paid');
    const paid = await emailsTo(email, 1);
    expect(paid).toHaveLength(1);
    expect(paid[0]!.subject).toBe('Payout sent: US$1,233.56');
    expect(paid[0]!.body.text).toContain('Balance paid out: US$1,234.56');
    expect(paid[0]!.body.text).toContain('Transfer fee: US$1.00');
    expect(paid[0]!.body.text).toContain(`/payouts?payout=P-${vendorId}-${PERIOD}`);

    // The same event again: recording it writes nothing, and handing the stream record to the
    // notifier a second time (a retried batch, a replay) sends nothing.
    const [item] = await inboxOf(vendorId);
    expect(await record.recordNotification({ vendorId, type: 'payout_paid', subject: item!.id.slice('payout_paid.'.length), params: item!.params as never, createdAt: item!.createdAt })).toBe(false);
    const again = await notifier.handler({
      Records: [{ eventName: 'INSERT', dynamodb: { Keys: marshall({ vendorId, sk: item!.sk }) as never, NewImage: marshall(item!) as never, SequenceNumber: '1' } }],
    });
    expect(again).toEqual({ batchItemFailures: [] });
    await sleep(2_000);
    expect(await storedEmails(ses(), email)).toHaveLength(1);
    expect(await inboxOf(vendorId)).toHaveLength(1);

    const failing = await payoutVendor(9_000, 'zh-TW');
    expect(await worker.payVendor({ vendorId: failing.vendorId, periodId: PERIOD }, { providers: { email: refusing }, feeCents: 100 })).toBe('failed');
    const failed = await emailsTo(failing.email, 1);
    expect(failed.map((e) => e.subject)).toEqual(['撥款失敗：US$90.00']);
    expect(failed[0]!.body.text).toContain('撥款準備後您的收款方式已變更');
  });

  it('preference off (and the balance roll-over, off by default) → inbox item, no e-mail; security notices still go', async () => {
    const { vendorId, email } = await payoutVendor(4_000, 'en');
    await dynamo.send(new ddb.PutCommand({ TableName: tableName('notifications'), Item: { vendorId, sk: 'STATE', emailPreferences: { payouts: false } } }));
    // Rolled over (below the minimum) in the run, then paid by the worker with e-mail for payouts off.
    await run.runPayouts('2026-11-30', async () => undefined);
    await dynamo.send(new ddb.UpdateCommand({ TableName: tableName('ledger'), Key: { vendorId, sk: 'BALANCE' }, UpdateExpression: 'SET balanceCents = :b', ExpressionAttributeValues: { ':b': 60_000 } }));
    expect(await worker.payVendor({ vendorId, periodId: PERIOD }, { providers: { email: paying }, feeCents: 100 })).toBe('paid');
    // A security notice afterwards: once its e-mail is there, the notifier has handled the items before it.
    await record.recordNotification({ vendorId, type: 'payout_method_changed', subject: `PA-${vendorId}-2`, params: { method: 'bank' }, createdAt: new Date().toISOString() });
    const emails = await emailsTo(email, 1);
    expect(emails.map((e) => e.subject)).toEqual(['Security notice: your payout method was changed']);
    expect((await inboxOf(vendorId)).map((i) => i.type).sort()).toEqual(['balance_rolled_over', 'payout_method_changed', 'payout_paid']);
  });

  it('product rejected with two reasons, support case received, payout method changed: one e-mail each', async () => {
    const vendor = await listingsVendor('notify.product', 'Lotus Pantry');
    const product = await createdProduct(vendor, true, { nameEn: 'Lotus Seed Paste', nameZh: '蓮蓉' });
    expect((await cli('scripts/ops/listings-review.ts', product.productId, 'reject', 'image_background', 'The label photo is blurry.')).code).toBe(0);
    // The approval of the application sent one e-mail already.
    const rejected = await emailsTo(vendor.email, 1, (e) => e.subject.startsWith('Not approved'));
    expect(rejected).toHaveLength(1);
    expect(rejected[0]!.subject).toBe('Not approved: Lotus Seed Paste');
    expect(rejected[0]!.body.text).toContain('- The primary image needs a pure white background.');
    expect(rejected[0]!.body.text).toContain('- The label photo is blurry.');

    const opened = await api('/api/support', { method: 'POST', token: vendor.token, body: JSON.stringify({ category: 'ask_question', message: 'When is my next payout?', vendorId: vendor.vendorId }) });
    expect(opened.status).toBe(201);
    const caseId = (opened.body as { caseId: string }).caseId;
    const received = await emailsTo(vendor.email, 1, (e) => e.subject.includes('support case'));
    expect(received.map((e) => e.subject)).toEqual([`We received your support case ${caseId}`]);
    expect(received[0]!.body.text).toContain('When is my next payout?');

    // Issue 14: the change needs two-step sign-in on and a recent sign-in with it. Turning it on sends its
    // own security notice (issue 24, item 2), so the payout method's notice is found by its subject.
    const { token } = await withTwoStep(vendor);
    const method = await api('/api/payout-method', { method: 'PUT', token, body: JSON.stringify({ method: 'email', email: 'payouts@example.com' }) });
    expect(method.status).toBe(200);
    const notice = await emailsTo(vendor.email, 1, (e) => e.subject === 'Security notice: your payout method was changed');
    expect(notice).toHaveLength(1);
    expect(notice[0]!.body.text).toContain('payouts are held until');
  });
});
