import { beforeAll, describe, expect, inject, it } from 'vitest';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type * as SharedClients from '../../lambdas/shared/clients';
import type * as Worker from '../../lambdas/payouts/worker';
import type * as Provider from '../../lambdas/payouts/provider';
import { localTableName } from '../../lambdas/shared/tables';
import { startFakePayoutProvider } from '../../scripts/local/payout-provider-fake';
import { api } from '../support/auth';
import { approvedVendor, orderItem, putItems, type TestVendor } from './orders-fixtures';
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
  [a, b] = [await approvedVendor('payout.a', 'Payout A Foods'), await approvedVendor('payout.b', 'Payout B Foods')];
  ({ dynamo } = await import('../../lambdas/shared/clients'));
  worker = await import('../../lambdas/payouts/worker');
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
  it('keeps id and hold for the same account, gives a new id and hold for a new number, and keeps only a masked copy on the vendor record', async () => {
    const c = await approvedVendor('payout.c', 'Payout C Foods');
    const first = (await put(c.token, bank)).body as { payoutAccountId: string; holdUntil: string };
    // Same account, another bank name: same id and hold, the new name shown.
    const renamed = await put(c.token, { ...bank, bankName: 'Commerzbank AG' });
    expect(renamed.body).toMatchObject({ payoutAccountId: first.payoutAccountId, holdUntil: first.holdUntil, bankName: 'Commerzbank AG' });
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

describe('payouts API', () => {
  it('lists the caller’s payouts with a month filter and shows a payout’s details; another vendor’s id is a 404', async () => {
    // Orders in the period 2026-11-16..30 (LA), the balance they made, the hold elapsed.
    const orders = [
      orderItem(a.vendorId, { orderId: 'pa1', placedAt: '2026-11-20T18:00:00Z', status: 'paid', lines: [{ sku: 'TEA-1', name: 'Oolong', quantity: 3, unitPriceCents: 2_000 }] }),
      orderItem(a.vendorId, { orderId: 'pa2', placedAt: '2026-11-25T18:00:00Z', status: 'fulfilled', lines: [{ sku: 'TEA-1', name: 'Oolong', quantity: 1, unitPriceCents: 2_000 }, { sku: 'CAKE-1', name: 'Cakes', quantity: 2, unitPriceCents: 1_500 }] }),
      orderItem(a.vendorId, { orderId: 'pa3', placedAt: '2026-11-26T18:00:00Z', status: 'cancelled', lines: [{ sku: 'CAKE-1', name: 'Cakes', quantity: 9, unitPriceCents: 1_500 }] }),
      orderItem(a.vendorId, { orderId: 'pa4', placedAt: '2026-12-01T09:00:00Z', status: 'paid', lines: [{ sku: 'LATE', name: 'Next period', quantity: 1, unitPriceCents: 999 }] }),
    ];
    await putItems('orders', orders);
    await putItems('ledger', [{ vendorId: a.vendorId, sk: 'BALANCE', balanceCents: 9_350, updatedAt: new Date().toISOString(), payable: 'Y' }]);
    await dynamo.send(new UpdateCommand({ TableName: localTableName('payoutAccounts'), Key: { vendorId: a.vendorId }, UpdateExpression: 'REMOVE holdUntil' }));

    const fake = await startFakePayoutProvider();
    try {
      const email = provider.emailPayoutProvider(provider.envConfigSource({ PAYOUT_PROVIDER_URL: fake.url, PAYOUT_PROVIDER_API_KEY: fake.apiKey }));
      expect(await worker.payVendor({ vendorId: a.vendorId, periodId: '2026-11-2' }, { providers: { email }, feeCents: 100 })).toBe('paid');
    } finally {
      await fake.close();
    }
    const payoutId = `P-${a.vendorId}-2026-11-2`;
    const list = await api('/api/payouts', { token: a.token });
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ balanceCents: 0, minimumPayoutCents: 5_000, feeCents: 100, payouts: [{ payoutId, status: 'paid', amountCents: 9_350, feeCents: 100, paidCents: 9_250, destination: 's***@example.com' }] });
    expect((await api('/api/payouts?period=2026-10', { token: a.token })).body).toMatchObject({ payouts: [] });
    expect((await api('/api/payouts?period=2026-11', { token: a.token })).body).toMatchObject({ payouts: [{ payoutId }] });
    expect((await api('/api/payouts?period=november', { token: a.token })).status).toBe(400);

    const details = await api(`/api/payouts/${payoutId}`, { token: a.token });
    expect(details.status).toBe(200);
    expect(details.body).toMatchObject({
      payoutId,
      periodFrom: '2026-11-16',
      periodTo: '2026-11-30',
      paidCents: 9_250,
      sales: {
        orders: 2,
        totalCents: 11_000,
        commissionCents: orders[0]!.commissionCents + orders[1]!.commissionCents,
        products: [
          { sku: 'TEA-1', name: 'Oolong', unitPriceCents: 2_000, quantity: 4, amountCents: 8_000 },
          { sku: 'CAKE-1', name: 'Cakes', unitPriceCents: 1_500, quantity: 2, amountCents: 3_000 },
        ],
      },
    });
    const csv = await fetch(`${inject('stack').apiUrl}/api/payouts/${payoutId}/statement.csv`, { headers: { authorization: `Bearer ${a.token}` } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="statement-${payoutId}.csv"`);
    // Raw bytes: Response.text() would drop the byte-order mark.
    const lines = Buffer.from(await csv.arrayBuffer()).toString('utf8').split('\r\n');
    expect(lines[0]).toBe('\uFEFFOrder number,Placed at (UTC),Status,Gross (USD),Commission (USD),Fee (USD),Net (USD)');
    expect(lines.slice(1, 3)).toEqual([
      `GM-pa1,2026-11-20T18:00:00Z,paid,60.00,9.00,,51.00`,
      `GM-pa2,2026-11-25T18:00:00Z,fulfilled,50.00,7.50,,42.50`,
    ]);
    expect(lines.slice(3)).toEqual([
      'Orders 2026-11-16 to 2026-11-30,,,110.00,16.50,,93.50',
      expect.stringMatching(new RegExp(`^Payout ${payoutId} from balance,[^,]+,paid,,,,93.50$`)),
      'Transfer fee,,,,,-1.00,-1.00',
      'Paid to you,,,,,,92.50',
      '',
    ]);
    const other = await fetch(`${inject('stack').apiUrl}/api/payouts/${payoutId}/statement.csv`, { headers: { authorization: `Bearer ${b.token}` } });
    expect(other.status).toBe(404);
    expect(await other.json()).toMatchObject({ error: 'payout_not_found' });

    expect((await api(`/api/payouts/${payoutId}`, { token: b.token })).status).toBe(404);
    expect((await api(`/api/payouts/P-${b.vendorId}-2026-11-2`, { token: b.token })).status).toBe(404);
  });
});
