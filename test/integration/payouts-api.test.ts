import { beforeAll, describe, expect, inject, it } from 'vitest';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type * as SharedClients from '../../lambdas/shared/clients';
import type * as Worker from '../../lambdas/payouts/worker-handler';
import type * as Provider from '../../lambdas/payouts/provider';
import { localTableName } from '../../contracts/tables';
import { startFakePayoutProvider } from '../../scripts/local/payout-provider-fake';
import { api } from '../support/auth';
import { approvedVendor, withTwoStep, type TestVendor } from './orders-fixtures';
import { germanBankBody } from '../support/payout-fixtures';

/** The payout-method and payouts API against the local stack, with a payout made by the real worker. */

let a: TestVendor;
let b: TestVendor;
let dynamo: typeof SharedClients.dynamo;
let worker: typeof Worker;
let provider: typeof Provider;

const IBAN = 'DE89370400440532013000';
const put = (token: string, body: unknown) => api('/api/payout-method', { method: 'PUT', token, body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
const bank = germanBankBody('Payout B GmbH');

beforeAll(async () => {
  // Issue 14: changing the payout method needs two-step sign-in on and a recent sign-in with it.
  [a, b] = [await withTwoStep(await approvedVendor('payout.a', 'Payout A Foods')), await withTwoStep(await approvedVendor('payout.b', 'Payout B Foods'))];
  ({ dynamo } = await import('../../lambdas/shared/clients'));
  worker = await import('../../lambdas/payouts/worker-handler');
  provider = await import('../../lambdas/payouts/provider');
});

describe('payout method API', () => {
  it('refuses a bad e-mail with the spec message, stores a good one with a hold, and shows its id in /api/me', async () => {
    expect(await put(a.token, { method: 'email', email: 'not-an-email' })).toMatchObject({ status: 400, body: { error: 'invalid_email', message: 'Please enter a valid email address' } });
    const res = await put(a.token, { method: 'email', email: ' Shop.A@Example.com ' });
    expect(res.status).toBe(200);
    const view = res.body as { payoutAccountId: string; holdUntil: string; email: string; method: string };
    expect(view).toMatchObject({ method: 'email', email: 'shop.a@example.com', payoutAccountId: expect.stringMatching(/^PA-/), holdDays: 3 });
    expect(Date.parse(view.holdUntil) - Date.now()).toBeGreaterThan(2.9 * 86_400_000);
    expect((await api('/api/me', { token: a.token })).body).toMatchObject({ payoutAccountId: view.payoutAccountId });
    // The same destination again keeps id and hold.
    expect((await put(a.token, { method: 'email', email: 'shop.a@example.com' })).body).toMatchObject({ payoutAccountId: view.payoutAccountId, holdUntil: view.holdUntil });
  });

  it('checks the bank wizard in order and never answers more than the last four digits', async () => {
    expect((await put(b.token, { ...bank, currency: '' })).body).toMatchObject({ message: 'Please select country and currency.' });
    expect((await put(b.token, { ...bank, business: { ...bank.business, city: ' ' } })).body).toMatchObject({ message: 'Please fill all required business details.' });
    expect((await put(b.token, { ...bank, confirmed: false })).body).toMatchObject({ message: 'Please fill all account details and confirm.' });
    expect((await put(b.token, { ...bank, swiftBic: 'COBA-1' })).body).toMatchObject({ error: 'invalid_swift_bic' });
    expect((await put(b.token, { ...bank, accountNumber: 'DE89370400440532013001' })).body).toMatchObject({ error: 'invalid_iban' });
    const res = await put(b.token, bank);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ method: 'bank', accountNumberLast4: '3000', destination: '•••• 3000', swiftBic: 'COBADEFFXXX' });
    const get = await api('/api/payout-method', { token: b.token });
    for (const answer of [res.body, get.body]) {
      expect(JSON.stringify(answer)).not.toContain(IBAN);
      expect(JSON.stringify(answer)).not.toContain('0532013');
    }
  });
  it('keeps id and hold for the same destination, gives a new id and hold for a new number, holder or bank, and keeps only a masked copy on the vendor record', async () => {
    const c = await withTwoStep(await approvedVendor('payout.c', 'Payout C Foods'));
    const first = (await put(c.token, bank)).body as { payoutAccountId: string; holdUntil: string };
    // The same destination again (spaces in the number are ignored): same id and hold.
    expect((await put(c.token, { ...bank, accountNumber: ` ${bank.accountNumber} ` })).body).toMatchObject({ payoutAccountId: first.payoutAccountId, holdUntil: first.holdUntil });
    // Same IBAN, another holder, then another bank: each a new destination with a new id (issue 24, item 9).
    const reheld = (await put(c.token, { ...bank, accountHolderName: 'Someone Else GmbH' })).body as { payoutAccountId: string; holdUntil: string };
    expect(reheld).toMatchObject({ payoutAccountId: expect.not.stringMatching(first.payoutAccountId), accountHolderName: 'Someone Else GmbH', holdUntil: expect.any(String) });
    const renamed = (await put(c.token, { ...bank, accountHolderName: 'Someone Else GmbH', bankName: 'Commerzbank AG' })).body as { payoutAccountId: string };
    expect(renamed).toMatchObject({ payoutAccountId: expect.not.stringMatching(reheld.payoutAccountId), bankName: 'Commerzbank AG' });
    // Another account number: a new id, a new hold, and the worker's copy has the new number.
    const otherIban = 'DE02120300000000202051';
    const moved = (await put(c.token, { ...bank, accountNumber: otherIban, swiftBic: 'BYLADEM1001' })).body as { payoutAccountId: string; accountNumberLast4: string };
    expect(moved).toMatchObject({ payoutAccountId: expect.not.stringMatching(first.payoutAccountId), accountNumberLast4: '2051' });
    const stored = await dynamo.send(new GetCommand({ TableName: localTableName('payoutAccounts'), Key: { vendorId: c.vendorId }, ConsistentRead: true }));
    expect(stored.Item).toMatchObject({ payoutAccountId: moved.payoutAccountId, accountNumber: otherIban });
    // The vendor record (read by every vendor API) carries the masked copy, never the number.
    const record = await dynamo.send(new GetCommand({ TableName: localTableName('vendors'), Key: { userId: c.userId }, ConsistentRead: true }));
    expect(record.Item).toMatchObject({ payoutAccountId: moved.payoutAccountId, payoutMethod: { method: 'bank', accountNumberLast4: '2051', destination: '•••• 2051' } });
    expect(JSON.stringify(record.Item)).not.toContain('0000202051');
    // Switching to e-mail is another destination again.
    const email = (await put(c.token, { method: 'email', email: 'c@example.com' })).body as { payoutAccountId: string; method: string };
    expect(email).toMatchObject({ method: 'email', payoutAccountId: expect.not.stringMatching(moved.payoutAccountId) });
    expect((await api('/api/payout-method', { token: c.token })).body).toMatchObject({ method: 'email', email: 'c@example.com', payoutAccountId: email.payoutAccountId });
  });
});

/** An order event as the marketplace publishes it, applied by the real ingest as if at `at`. */
async function ingest(vendorId: string, o: { id: string; placedAt: string; status: 'paid' | 'fulfilled' | 'cancelled'; lines: { sku: string; name: string; quantity: number; unitPriceCents: number }[]; revision?: number }, at: string) {
  const { ingestOrderEvent } = await import('../../lambdas/sales/ingest-handler');
  const detail = { orderId: o.id, orderNumber: `GM-${o.id}`, vendorId, placedAt: o.placedAt, status: o.status, lines: o.lines.map((l) => ({ productId: `p-${l.sku}`, ...l })), revision: o.revision ?? 1 };
  const event = { version: '0', id: `evt-${vendorId}-${o.id}-${detail.revision}`, 'detail-type': detail.revision === 1 ? 'order.placed' : 'order.status_changed', source: 'marketplace.orders', account: '111122223333', time: at, region: 'us-east-1', resources: [], detail };
  expect(await ingestOrderEvent(event, () => new Date(at))).toMatchObject({ outcome: 'applied' });
}

describe('payouts API', () => {
  it('lists the caller’s payouts with a month filter; details and statement reconcile to Paid to you with the balance carried over; another vendor’s id is a 404', async () => {
    const tea = { sku: 'TEA-1', name: 'Oolong', unitPriceCents: 2_000 };
    const cake = { sku: 'CAKE-1', name: 'Cakes', unitPriceCents: 1_500 };
    // First half of November: two sales, no payout (the balance rolls over into the second half).
    await ingest(a.vendorId, { id: 'pe1', placedAt: '2026-11-10T18:00:00.000Z', status: 'paid', lines: [{ ...tea, quantity: 2 }] }, '2026-11-10T18:00:05.000Z');
    await ingest(a.vendorId, { id: 'pe2', placedAt: '2026-11-05T18:00:00.000Z', status: 'paid', lines: [{ ...cake, quantity: 1 }] }, '2026-11-05T18:00:05.000Z');
    // Second half (2026-11-16..30, LA): two sales, one order cancelled from the start, and pe2 cancelled.
    await ingest(a.vendorId, { id: 'pa1', placedAt: '2026-11-20T18:00:00.000Z', status: 'paid', lines: [{ ...tea, quantity: 3 }] }, '2026-11-20T18:00:05.000Z');
    await ingest(a.vendorId, { id: 'pe2', placedAt: '2026-11-05T18:00:00.000Z', status: 'cancelled', lines: [{ ...cake, quantity: 1 }], revision: 2 }, '2026-11-21T18:00:05.000Z');
    await ingest(a.vendorId, { id: 'pa2', placedAt: '2026-11-25T18:00:00.000Z', status: 'fulfilled', lines: [{ ...tea, quantity: 1 }, { ...cake, quantity: 2 }] }, '2026-11-25T18:00:05.000Z');
    await ingest(a.vendorId, { id: 'pa3', placedAt: '2026-11-26T18:00:00.000Z', status: 'cancelled', lines: [{ ...cake, quantity: 9 }] }, '2026-11-26T18:00:05.000Z');
    await dynamo.send(new UpdateCommand({ TableName: localTableName('payoutAccounts'), Key: { vendorId: a.vendorId }, UpdateExpression: 'REMOVE holdUntil' }));

    // The run of 30 November (02:00 in Los Angeles) pays the whole balance.
    const fake = await startFakePayoutProvider();
    try {
      const email = provider.emailPayoutProvider(provider.envConfigSource({ PAYOUT_PROVIDER_URL: fake.url, PAYOUT_PROVIDER_API_KEY: fake.apiKey }));
      expect(await worker.payVendor({ vendorId: a.vendorId, periodId: '2026-11-2' }, { providers: { email }, feeCents: 100, now: () => new Date('2026-11-30T10:00:00.000Z') })).toBe('paid');
    } finally {
      await fake.close();
    }
    // A sale of 1 December, after the run: the next payout's.
    await ingest(a.vendorId, { id: 'pa4', placedAt: '2026-12-01T09:00:00.000Z', status: 'paid', lines: [{ sku: 'LATE', name: 'Next period', quantity: 1, unitPriceCents: 1_000 }] }, '2026-12-01T09:00:05.000Z');

    // 15% commission: pe1 40.00 → 34.00 net, pe2 15.00 → 12.75; pa1 60.00 → 51.00; pa2 50.00 → 42.50; pa4 10.00 → 8.50.
    const payoutId = `P-${a.vendorId}-2026-11-2`;
    const list = await api('/api/payouts', { token: a.token });
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ balanceCents: 850, minimumPayoutCents: 5_000, feeCents: 100, payouts: [{ payoutId, status: 'paid', amountCents: 12_750, feeCents: 100, paidCents: 12_650, destination: 's***@example.com' }] });
    expect((await api('/api/payouts?period=2026-10', { token: a.token })).body).toMatchObject({ payouts: [] });
    expect((await api('/api/payouts?period=2026-11', { token: a.token })).body).toMatchObject({ payouts: [{ payoutId }] });
    expect((await api('/api/payouts?period=november', { token: a.token })).status).toBe(400);

    const details = await api(`/api/payouts/${payoutId}`, { token: a.token });
    expect(details.status).toBe(200);
    expect(details.body).toMatchObject({
      payoutId,
      periodFrom: '2026-11-16',
      periodTo: '2026-11-30',
      paidCents: 12_650,
      sales: {
        orders: 2,
        totalCents: 11_000,
        commissionCents: 1_650,
        products: [
          { sku: 'TEA-1', name: 'Oolong', unitPriceCents: 2_000, quantity: 4, amountCents: 8_000 },
          { sku: 'CAKE-1', name: 'Cakes', unitPriceCents: 1_500, quantity: 2, amountCents: 3_000 },
        ],
      },
      // 110.00 − 16.50 − 12.75 (pe2 cancelled) + 46.75 carried over (pe1 + pe2, unpaid on 16 Nov) − 1.00 = 126.50.
      reconciliation: { windowStart: '2026-11-16T08:00:00.000Z', grossSalesCents: 11_000, commissionCents: 1_650, adjustmentsCents: -1_275, carriedOverCents: 4_675, amountCents: 12_750, feeCents: 100, paidCents: 12_650, entries: 3 },
    });
    const r = (details.body as { reconciliation: Record<string, number> }).reconciliation;
    expect(r.grossSalesCents! - r.commissionCents! + r.adjustmentsCents! + r.carriedOverCents! - r.feeCents!).toBe(r.paidCents);

    const statement = async (token: string, query = '') => {
      const res = await fetch(`${inject('stack').apiUrl}/api/payouts/${payoutId}/statement.csv${query}`, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="statement-${payoutId}.csv"`);
      // Raw bytes: Response.text() would drop the byte-order mark.
      const text = Buffer.from(await res.arrayBuffer()).toString('utf8');
      expect(text.charCodeAt(0)).toBe(0xfeff);
      return text.slice(1).split('\r\n');
    };
    expect(await statement(a.token)).toEqual([
      'Line,Booked at (America/Los_Angeles),Reference,Status,Gross (USD),Commission (USD),Net (USD)',
      'Sale,2026-11-20T10:00:05-08:00,GM-pa1,,60.00,9.00,51.00',
      'Cancellation,2026-11-21T10:00:05-08:00,GM-pe2,,-15.00,-2.25,-12.75',
      'Sale,2026-11-25T10:00:05-08:00,GM-pa2,,50.00,7.50,42.50',
      'Gross sales,,,,110.00,,110.00',
      'Commission,,,,,16.50,-16.50',
      'Cancellations and adjustments,,,,,,-12.75',
      'Carried over from earlier periods,2026-11-16T00:00:00-08:00,,,,,46.75',
      'Transfer fee,,,,,,-1.00',
      `Paid to you,2026-11-30T02:00:00-08:00,${payoutId},Paid,,,126.50`,
      '',
    ]);
    expect((await statement(a.token, '?format=machine')).slice(-2)).toEqual([`paid_to_you,2026-11-30T10:00:00.000Z,${payoutId},paid,,,126.50`, '']);
    // A vendor who reads Traditional Chinese gets the statement in it.
    expect((await api('/api/me', { method: 'PATCH', token: a.token, body: JSON.stringify({ language: 'zh-TW' }), headers: { 'content-type': 'application/json' } })).status).toBe(200);
    const zh = await statement(a.token);
    expect(zh[0]).toBe('項目,入帳時間（America/Los_Angeles）,參考編號,狀態,銷售總額（USD）,佣金（USD）,淨額（USD）');
    expect(zh.at(-2)).toBe(`實付金額,2026-11-30T02:00:00-08:00,${payoutId},已撥款,,,126.50`);

    const other = await fetch(`${inject('stack').apiUrl}/api/payouts/${payoutId}/statement.csv`, { headers: { authorization: `Bearer ${b.token}` } });
    expect(other.status).toBe(404);
    expect(await other.json()).toMatchObject({ error: 'payout_not_found' });
    const badFormat = await fetch(`${inject('stack').apiUrl}/api/payouts/${payoutId}/statement.csv?format=pdf`, { headers: { authorization: `Bearer ${a.token}` } });
    expect(badFormat.status).toBe(400);

    expect((await api(`/api/payouts/${payoutId}`, { token: b.token })).status).toBe(404);
    expect((await api(`/api/payouts/P-${b.vendorId}-2026-11-2`, { token: b.token })).status).toBe(404);
  });
});
