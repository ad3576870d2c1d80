import { beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { DynamoDBDocumentClient, GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ACTIVITY_CSV_COLUMNS, activityPageSchema, type ActivityEntry } from '../../../contracts/activity';
import { activityCsvHeader, activityCsvRow } from '../../../lambdas/activity/csv';
import { handler } from '../../../lambdas/activity/handler';
import { activityEntryOf, activityItemOf, activityWrite } from '../../../lambdas/activity/record';
import { keyRange, plan, readActivityPage } from '../../../lambdas/activity/store';
import { offerActivity, productLabel, submittedActivity } from '../../../lambdas/listings/activity';
import type { ProductItem } from '../../../lambdas/listings/product-states';
import { savePayoutAccount, type Destination } from '../../../lambdas/payouts/accounts';
import { summarize, type PayoutAccountItem } from '../../../lambdas/payouts/model';
import { encodeCursor } from '../../../lambdas/shared/cursor';
import { apiEvent, context, idClaims } from '../events';

Object.assign(process.env, {
  ACTIVITY_TABLE: 'activity-test',
  VENDORS_TABLE: 'vendors-test',
  PAYOUT_ACCOUNTS_TABLE: 'payout-accounts-test',
  NOTIFICATIONS_TABLE: 'notifications-test',
});

const ddb = mockClient(DynamoDBDocumentClient);
const AT = new Date('2026-11-20T10:00:00.000Z');
const actor = { userId: 'sub-owner', email: 'Owner@Example.com' };
const priceEvent = {
  vendorId: 'V-10001',
  actor,
  action: 'product.price_changed' as const,
  target: { type: 'product', id: 'P-0123456789', label: 'Jasmine Rice 1 kg' },
  before: { priceCents: 1200 },
  after: { priceCents: 1150 },
  at: AT,
};

beforeEach(() => ddb.reset());

describe('activityWrite', () => {
  it('is one put on a new key with the entry and the keys of the table and its indexes', () => {
    const write = activityWrite(priceEvent);
    expect(Object.keys(write)).toEqual(['Put']);
    expect(write.Put).toMatchObject({ TableName: 'activity-test', ConditionExpression: 'attribute_not_exists(entryKey)' });
    const item = write.Put!.Item!;
    expect(item).toMatchObject({
      vendorId: 'V-10001',
      entryKey: expect.stringMatching(/^2026-11-20T10:00:00\.000Z#[0-9a-f-]{36}$/),
      vendorAction: 'V-10001#product.price_changed',
      vendorActor: 'V-10001#sub-owner',
      vendorActorEmail: 'V-10001#owner@example.com',
      at: '2026-11-20T10:00:00.000Z',
      action: 'product.price_changed',
      before: { priceCents: 1200 },
      after: { priceCents: 1150 },
    });
    // Two entries of one transaction never share a key.
    expect(activityWrite(priceEvent).Put!.Item!.entryKey).not.toBe(item.entryKey);
  });

  it('answers the entry without its keys; an entry without target or values is null there', () => {
    const item = activityItemOf({ vendorId: 'V-10001', actor, action: 'mfa.enabled', at: AT }, 'act-1');
    expect(activityEntryOf(item)).toEqual({ activityId: 'act-1', at: AT.toISOString(), actor, action: 'mfa.enabled', target: null, before: null, after: null });
    expect(activityEntryOf(activityItemOf(priceEvent, 'act-2'))).toEqual({
      activityId: 'act-2',
      at: AT.toISOString(),
      actor,
      action: 'product.price_changed',
      target: priceEvent.target,
      before: { priceCents: 1200 },
      after: { priceCents: 1150 },
    });
  });

  it('refuses what the contract does not allow, so the change fails rather than the log', () => {
    expect(() => activityWrite({ ...priceEvent, action: 'product.deleted' as never })).toThrow();
    expect(() => activityWrite({ ...priceEvent, vendorId: '' })).toThrow();
    expect(() => activityWrite({ ...priceEvent, before: { nested: { a: 1 } as never } })).toThrow();
  });
});

describe('reading the log', () => {
  it('plans every read inside the caller’s vendor: its partition, or an index keyed by the vendor', () => {
    expect(plan('V-1', {})).toEqual({ pk: { name: 'vendorId', value: 'V-1' }, rest: [] });
    expect(plan('V-1', { action: 'mfa.disabled' })).toEqual({ index: 'byAction', pk: { name: 'vendorAction', value: 'V-1#mfa.disabled' }, rest: [] });
    expect(plan('V-1', { actor: 'Staff@Example.com' })).toEqual({ index: 'byActorEmail', pk: { name: 'vendorActorEmail', value: 'V-1#staff@example.com' }, rest: [] });
    expect(plan('V-1', { actor: 'sub-9', action: 'product.submitted' })).toEqual({
      index: 'byActor',
      pk: { name: 'vendorActor', value: 'V-1#sub-9' },
      rest: [{ name: '#f0', attr: 'vendorAction', value: 'V-1#product.submitted' }],
    });
    // Marketplace days (issue 24, item 14), as the page shows the times: America/Los_Angeles here, whose
    // clocks go back on Nov 1, 2026 (PDT, UTC-7, until 09:00Z; then PST, UTC-8).
    expect(keyRange({ from: '2026-11-01', to: '2026-11-02' })).toEqual({ lower: '2026-11-01T07:00:00.000Z', upper: '2026-11-03T07:59:59.999Z#\uffff' });
    expect(keyRange({ from: '2026-03-08' })).toEqual({ lower: '2026-03-08T08:00:00.000Z' });
    expect(keyRange({ to: '2026-03-08' })).toEqual({ upper: '2026-03-09T06:59:59.999Z#\uffff' });
  });

  it('queries newest first and keeps reading past filtered-out pages until the page is full', async () => {
    const items = (n: number, from: number) => Array.from({ length: n }, (_, i) => activityItemOf({ ...priceEvent, at: new Date(AT.getTime() - (from + i) * 60_000) }, `a-${from + i}`));
    ddb
      .on(QueryCommand)
      .resolvesOnce({ Items: items(2, 0), LastEvaluatedKey: { vendorId: 'V-10001', entryKey: 'k1' } })
      .resolvesOnce({ Items: items(3, 2), LastEvaluatedKey: { vendorId: 'V-10001', entryKey: 'k2' } });
    const page = await readActivityPage('V-10001', { from: '2026-11-01' }, 4);
    expect(page.items.map((e) => e.activityId)).toEqual(['a-0', 'a-1', 'a-2', 'a-3']);
    expect(page.next).toEqual({ vendorId: 'V-10001', entryKey: items(4, 0)[3]!.entryKey });
    const input = ddb.commandCalls(QueryCommand)[0]!.args[0].input;
    expect(input).toMatchObject({ TableName: 'activity-test', ScanIndexForward: false, KeyConditionExpression: '#pk = :pk AND #ek >= :lower', ExpressionAttributeValues: { ':pk': 'V-10001' } });
    expect(input.IndexName).toBeUndefined();
  });
});

async function call(query: Record<string, string>, sub = 'sub-owner') {
  ddb.on(QueryCommand, { TableName: 'vendors-test' }).resolves({ Items: [] });
  const event = apiEvent('GET', '/api/activity', { claims: idClaims({ sub, email: 'owner@example.com' }), query });
  const res = await handler(event, context);
  return { status: res.statusCode, body: JSON.parse(res.body) as Record<string, unknown> };
}

describe('GET /api/activity', () => {
  beforeEach(() => {
    ddb.on(GetCommand, { TableName: 'vendors-test' }).resolves({ Item: { userId: 'sub-owner', email: 'owner@example.com', status: 'approved', vendorId: 'V-10001', vendorName: 'Golden Harvest Foods', language: 'en' } });
  });

  it('reads the caller’s own vendor only, and answers the contract’s page with a cursor', async () => {
    const item = activityItemOf(priceEvent, 'a-1');
    ddb.on(QueryCommand, { TableName: 'activity-test' }).resolves({ Items: [item], LastEvaluatedKey: { vendorId: 'V-10001', entryKey: item.entryKey } });
    const res = await call({ limit: '1' });
    expect(res.status).toBe(200);
    const page = activityPageSchema.parse(res.body);
    expect(page.items).toHaveLength(1);
    expect(page.nextCursor).toEqual(expect.any(String));
    const queries = ddb.commandCalls(QueryCommand).filter((c) => c.args[0].input.TableName === 'activity-test');
    expect(queries[0]!.args[0].input.ExpressionAttributeValues).toMatchObject({ ':pk': 'V-10001' });
  });

  it('refuses bad filters and cursors with 400, never reading the table', async () => {
    expect((await call({ action: 'product.deleted' })).body).toMatchObject({ error: 'validation_error', fields: { action: expect.any(String) } });
    expect((await call({ from: '2026-11-31' })).body).toMatchObject({ error: 'validation_error', fields: { from: expect.any(String) } });
    expect((await call({ from: '2026-11-05', to: '2026-11-01' })).body).toMatchObject({ error: 'validation_error', fields: { from: expect.any(String) } });
    expect((await call({ vendorId: 'V-10002' })).status).toBe(400);
    expect((await call({ cursor: 'not a cursor!' })).body).toMatchObject({ error: 'invalid_cursor' });
    // Another vendor's cursor, and a well-formed one whose position lies in another vendor's partition.
    const scope = JSON.stringify(['activity', undefined, undefined, undefined, undefined]);
    expect((await call({ cursor: encodeCursor('V-10002', scope, { vendorId: 'V-10002', entryKey: 'x' }) })).body).toMatchObject({ error: 'invalid_cursor' });
    expect((await call({ cursor: encodeCursor('V-10001', scope, { vendorId: 'V-10002', entryKey: 'x' }) })).body).toMatchObject({ error: 'invalid_cursor' });
    expect(ddb.commandCalls(QueryCommand).filter((c) => c.args[0].input.TableName === 'activity-test')).toHaveLength(0);
  });
});

describe('the activity CSV', () => {
  const entry: ActivityEntry = {
    activityId: 'a-1',
    at: '2026-11-20T10:00:00.000Z',
    actor: { userId: 'sub-owner', email: 'owner@example.com' },
    action: 'product.price_changed',
    target: { type: 'product', id: 'P-0123456789', label: '=cmd|" /C calc"!A0, rice' },
    before: { priceCents: 1200 },
    after: { priceCents: 1150 },
  };

  it('has the fixed machine columns, marketplace times with their offset, codes as stored, values as JSON and formulas guarded', () => {
    expect(activityCsvHeader()).toBe(`\uFEFF${ACTIVITY_CSV_COLUMNS.join(',')}\r\n`);
    expect(ACTIVITY_CSV_COLUMNS[0]).toBe('at');
    const row = activityCsvRow(entry);
    // 10:00Z on Nov 20 is 02:00 in Los Angeles (PST): the time the page shows, the instant kept exact by the offset.
    expect(row.startsWith('2026-11-20T02:00:00-08:00,owner@example.com,sub-owner,product.price_changed,product,P-0123456789,')).toBe(true);
    // A label that looks like a formula is neutralised; quotes doubled inside a quoted field.
    expect(row).toContain(`"'=cmd|"" /C calc""!A0, rice"`);
    expect(row).toContain('"{""priceCents"":1200}","{""priceCents"":1150}",a-1\r\n');
    expect(activityCsvRow({ ...entry, target: null, before: null, after: null })).toBe('2026-11-20T02:00:00-08:00,owner@example.com,sub-owner,product.price_changed,,,,,,a-1\r\n');
  });
});

describe('the payout method’s entry', () => {
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
  const old: PayoutAccountItem = { vendorId: 'V-10001', payoutAccountId: 'PA-OLD', updatedAt: '2026-11-07T00:00:00.000Z', method: 'email', email: 'jane@example.com' };
  const vendor = { userId: 'u-1', vendorId: 'V-10001', payoutAccountId: 'PA-OLD', payoutMethod: summarize(old) };

  it('a new destination is recorded in its own transaction, masked: never the account number', async () => {
    ddb.on(TransactWriteCommand).resolves({});
    await savePayoutAccount(vendor, bank, AT, actor);
    const [items] = ddb.commandCalls(TransactWriteCommand).map((c) => c.args[0].input.TransactItems!);
    const entries = items!.filter((i) => i.Put?.TableName === 'activity-test');
    expect(entries).toHaveLength(1);
    expect(entries[0]!.Put!.Item).toMatchObject({
      action: 'payout_method.changed',
      actor,
      before: { method: 'email', destination: 'j***@example.com' },
      after: { method: 'bank', destination: '•••• 3000' },
    });
    expect(JSON.stringify(entries[0])).not.toContain('0532013000');
  });

  it('the same destination saved again, or a save with no signed-in user, records nothing', async () => {
    ddb.on(TransactWriteCommand).resolves({});
    await savePayoutAccount(vendor, { method: 'email', email: 'jane@example.com' }, AT, actor);
    await savePayoutAccount({ userId: 'u-2', vendorId: 'V-10002' }, bank, AT);
    const all = ddb.commandCalls(TransactWriteCommand).flatMap((c) => c.args[0].input.TransactItems!);
    expect(all.filter((i) => i.Put?.TableName === 'activity-test')).toEqual([]);
  });
});

describe('the product entries (lambdas/listings/activity.ts)', () => {
  const base = {
    vendorId: 'V-10001',
    productId: 'P-0123456789',
    sku: '10001-0001',
    version: 3,
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
    priceCents: 1200,
    compareAtCents: 1500,
    inventory: 40,
    outOfStock: false,
    offerUpdatedAt: '2026-11-01T00:00:00.000Z',
    nameEn: 'Jasmine Rice 1 kg',
    nameZh: '茉莉香米',
  } as ProductItem;

  it('one entry per changed offer field, with only that field before and after; none when nothing changed', () => {
    expect(offerActivity(base, { ...base }, actor, AT)).toEqual([]);
    const next = { ...base, priceCents: 1150, inventory: 35 } as ProductItem;
    delete next.compareAtCents;
    const entries = offerActivity(base, next, actor, AT).map((w) => w.Put!.Item!);
    expect(entries.map((e) => [e.action, e.before, e.after])).toEqual([
      ['product.price_changed', { priceCents: 1200 }, { priceCents: 1150 }],
      ['product.price_changed', { compareAtCents: 1500 }, { compareAtCents: null }],
      ['product.stock_changed', { inventory: 40 }, { inventory: 35 }],
    ]);
    expect(entries[0]).toMatchObject({ vendorId: 'V-10001', actor, target: { type: 'product', id: 'P-0123456789', label: 'Jasmine Rice 1 kg' } });
  });

  it('a submission names the product as shoppers see it: English, else Chinese, else the SKU', () => {
    expect(submittedActivity(base, actor, AT).Put!.Item).toMatchObject({ action: 'product.submitted', target: { label: 'Jasmine Rice 1 kg' }, before: null, after: null });
    expect(productLabel({ ...base, nameEn: '' })).toBe('茉莉香米');
    expect(productLabel({ ...base, nameEn: '', nameZh: '' })).toBe('10001-0001');
  });
});
