import { beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { payoutMethodView, savePayoutAccount, type Destination } from '../../../lambdas/payouts/accounts';
import { summarize, type PayoutAccountItem } from '../../../lambdas/payouts/model';
import { HttpError } from '../../../lambdas/shared/errors';

process.env.VENDORS_TABLE = 'vendors-test';
process.env.PAYOUT_ACCOUNTS_TABLE = 'payout-accounts-test';
process.env.NOTIFICATIONS_TABLE = 'notifications-test';

const ddb = mockClient(DynamoDBDocumentClient);
const NOW = new Date('2026-11-20T10:00:00Z');
const bank: Destination = {
  method: 'bank',
  accountType: 'business',
  country: 'DE',
  currency: 'EUR',
  business: { phone: '+49 30 1234567', street: 'Hauptstraße 1', city: 'Berlin', postalCode: '10115', country: 'DE' },
  bankName: 'Commerzbank',
  accountHolderName: 'Shop GmbH',
  accountNumber: 'DE89370400440532013000',
  swiftBic: 'COBADEFFXXX',
};
const saved: PayoutAccountItem = { vendorId: 'V-10001', payoutAccountId: 'PA-OLD', holdUntil: '2026-11-10T00:00:00.000Z', updatedAt: '2026-11-07T00:00:00.000Z', ...bank };
const vendor = { userId: 'u-1', vendorId: 'V-10001', payoutAccountId: 'PA-OLD', payoutMethod: summarize(saved) };
const cancelled = (...codes: string[]) =>
  new TransactionCanceledException({ message: 'cancelled', $metadata: {}, CancellationReasons: codes.map((Code) => ({ Code })) });
const writes = () => ddb.commandCalls(TransactWriteCommand).map((c) => c.args[0].input.TransactItems!);

beforeEach(() => ddb.reset());

describe('savePayoutAccount (write-only on payout accounts)', () => {
  it('never reads the payout-accounts table: every call is a conditional transaction', async () => {
    ddb.on(TransactWriteCommand).resolves({});
    await savePayoutAccount({ userId: 'u-2', vendorId: 'V-10002' }, { method: 'email', email: 'shop@example.com' }, NOW);
    await savePayoutAccount(vendor, bank, NOW);
    expect(ddb.calls().map((c) => c.args[0].constructor.name)).toEqual(['TransactWriteCommand', 'TransactWriteCommand']);
    for (const tx of writes()) expect(tx[0]!.Put).not.toHaveProperty('ReturnValuesOnConditionCheckFailure');
  });

  it('a first destination: created only if absent, with a new id and a hold; the vendor record gets the masked copy', async () => {
    ddb.on(TransactWriteCommand).resolves({});
    const summary = await savePayoutAccount({ userId: 'u-2', vendorId: 'V-10002' }, bank, NOW);
    const [put, update] = writes()[0]!;
    expect(put!.Put).toMatchObject({ TableName: 'payout-accounts-test', ConditionExpression: 'attribute_not_exists(vendorId)', Item: { accountNumber: bank.method === 'bank' ? bank.accountNumber : '', holdUntil: '2026-11-23T10:00:00.000Z' } });
    expect(update!.Update).toMatchObject({ TableName: 'vendors-test', ConditionExpression: 'vendorId = :vendorId AND attribute_not_exists(payoutAccountId)' });
    expect(update!.Update!.ExpressionAttributeValues![':summary']).toEqual(summary);
    expect(JSON.stringify(update!.Update)).not.toContain('0532013000');
    expect(summary).toMatchObject({ method: 'bank', accountNumberLast4: '3000', destination: '•••• 3000', payoutAccountId: expect.stringMatching(/^PA-[0-9A-F]{10}$/) });
  });

  it('the same destination keeps id and hold: asked of DynamoDB as a condition on every stored field', async () => {
    ddb.on(TransactWriteCommand).resolves({});
    const summary = await savePayoutAccount(vendor, bank, NOW);
    expect(writes()).toHaveLength(1);
    const put = writes()[0]![0]!.Put!;
    expect(put).toMatchObject({ Item: { payoutAccountId: 'PA-OLD', holdUntil: saved.holdUntil } });
    expect(put.ConditionExpression).toMatch(/^payoutAccountId = :previous AND /);
    for (const field of ['method', 'accountType', 'country', 'currency', 'bankName', 'accountHolderName', 'accountNumber', 'swiftBic', 'street', 'postalCode']) {
      expect(Object.values(put.ExpressionAttributeNames!)).toContain(field);
    }
    expect(put.ConditionExpression).toContain('attribute_not_exists(#d_business.#d_addressMore)');
    expect(summary).toMatchObject({ payoutAccountId: 'PA-OLD', holdUntil: saved.holdUntil });
  });

  it('another number fails that condition and is written as a new destination with a new hold', async () => {
    ddb.on(TransactWriteCommand).rejectsOnce(cancelled('ConditionalCheckFailed', 'None')).resolves({});
    const summary = await savePayoutAccount(vendor, { ...bank, accountNumber: 'DE02120300000000202051' }, NOW);
    expect(writes()).toHaveLength(2);
    expect(writes()[1]![0]!.Put).toMatchObject({ ConditionExpression: 'payoutAccountId = :previous', Item: { accountNumber: 'DE02120300000000202051', holdUntil: '2026-11-23T10:00:00.000Z' } });
    expect(summary.payoutAccountId).not.toBe('PA-OLD');
    expect(summary).toMatchObject({ accountNumberLast4: '2051', holdUntil: '2026-11-23T10:00:00.000Z' });
  });

  it('a concurrent change of the destination is a 409, not a lost write', async () => {
    ddb.on(TransactWriteCommand).rejects(cancelled('None', 'ConditionalCheckFailed'));
    await expect(savePayoutAccount(vendor, bank, NOW)).rejects.toMatchObject({ statusCode: 409, code: 'payout_method_conflict' });
    ddb.reset();
    ddb.on(TransactWriteCommand).rejects(cancelled('ConditionalCheckFailed', 'None'));
    const err = await savePayoutAccount(vendor, { method: 'email', email: 'x@example.com' }, NOW).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect(err).toMatchObject({ statusCode: 409 });
  });
});

/**
 * A payout-accounts table that answers the Put's condition the way DynamoDB does, for the conditions
 * savePayoutAccount writes (`a = :v`, `attribute_not_exists(a)`, joined by AND; `#n` names, dotted
 * paths), so "is this the destination we already have?" is decided by the real expression.
 */
function fakePayoutAccounts(stored: PayoutAccountItem) {
  let current: Record<string, unknown> = structuredClone(stored) as unknown as Record<string, unknown>;
  const resolve = (path: string, names: Record<string, string>) =>
    path.split('.').reduce<unknown>((at, part) => (at && typeof at === 'object' ? (at as Record<string, unknown>)[names[part] ?? part] : undefined), current);
  const holds = (expression: string, names: Record<string, string>, values: Record<string, unknown>) =>
    expression.split(' AND ').every((term) => {
      const absent = /^attribute_not_exists\((.+)\)$/.exec(term);
      if (absent) return resolve(absent[1]!, names) === undefined;
      const [path, value] = term.split(' = ');
      if (!path || !value || !(value in values)) throw new Error(`the fake table cannot read "${term}"`);
      return JSON.stringify(resolve(path, names)) === JSON.stringify(values[value]);
    });
  ddb.on(TransactWriteCommand).callsFake((input: { TransactItems: { Put?: { Item: Record<string, unknown>; ConditionExpression: string; ExpressionAttributeNames?: Record<string, string>; ExpressionAttributeValues?: Record<string, unknown> } }[] }) => {
    const put = input.TransactItems[0]!.Put!;
    if (!holds(put.ConditionExpression, put.ExpressionAttributeNames ?? {}, put.ExpressionAttributeValues ?? {})) throw cancelled('ConditionalCheckFailed', 'None');
    current = structuredClone(put.Item);
    return {};
  });
}

describe('savePayoutAccount: the same destination is the whole destination (issue 24, item 9)', () => {
  const changes: [string, Partial<Destination>][] = [
    ['the account holder', { accountHolderName: 'Someone Else GmbH' }],
    ['the bank', { bankName: 'Deutsche Bank' }],
    ['the account type', { accountType: 'personal' }],
    ['the bank country', { country: 'AT' }],
    ['the business address', { business: { ...(bank.method === 'bank' ? bank.business : ({} as never)), street: 'Nebenstraße 9' } }],
    ['an added address line', { business: { ...(bank.method === 'bank' ? bank.business : ({} as never)), addressMore: 'Hinterhaus' } }],
  ];
  it.each(changes)('keeping the IBAN while changing %s is a new destination: new id and a new hold', async (_what, change) => {
    fakePayoutAccounts(saved);
    const summary = await savePayoutAccount(vendor, { ...bank, ...change } as Destination, NOW);
    expect(summary.payoutAccountId).not.toBe('PA-OLD');
    expect(summary.holdUntil).toBe('2026-11-23T10:00:00.000Z');
    expect(writes()).toHaveLength(2);
  });

  it('the very same destination again keeps its id and its hold', async () => {
    fakePayoutAccounts({ ...saved, business: { ...(bank.method === 'bank' ? bank.business : ({} as never)), addressMore: 'Hinterhaus' } } as PayoutAccountItem);
    const again = { ...bank, business: { ...(bank.method === 'bank' ? bank.business : ({} as never)), addressMore: 'Hinterhaus' } } as Destination;
    const summary = await savePayoutAccount({ ...vendor, payoutMethod: summarize({ ...saved, ...again } as PayoutAccountItem) }, again, NOW);
    expect(summary).toMatchObject({ payoutAccountId: 'PA-OLD', holdUntil: saved.holdUntil });
    expect(writes()).toHaveLength(1);
  });
});

describe('payoutMethodView', () => {
  it('shows the masked copy, the hold only while it lasts, and nothing when no method is set', () => {
    expect(payoutMethodView(undefined, NOW)).toEqual({ method: null, holdDays: 3 });
    const view = payoutMethodView(summarize({ ...saved, holdUntil: '2026-11-21T00:00:00.000Z' }), NOW);
    expect(view).toMatchObject({ method: 'bank', holdUntil: '2026-11-21T00:00:00.000Z', accountNumberLast4: '3000' });
    expect(JSON.stringify(view)).not.toContain('0532013000');
    expect(payoutMethodView(summarize(saved), NOW)).toMatchObject({ holdUntil: null });
  });
});
