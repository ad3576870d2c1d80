import { beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand, TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { seedConsoleSupport } from '../../scripts/demo/console-support';

process.env.SUPPORT_CASES_TABLE = 'cases-test';
process.env.NOTIFICATIONS_TABLE = 'notifications-test';
process.env.AUDIT_TABLE = 'audit-test';
process.env.VENDORS_TABLE = 'vendors-test';
const ddb = mockClient(DynamoDBDocumentClient);
const NOW = new Date('2026-11-24T12:00:00.000Z');
const vendor = { vendorId: 'V-10001', userId: 'user-1', email: 'demo.vendor@example.com' };

/** A tiny table: what the seed put, read back by key. */
let items: Map<string, Record<string, unknown>>;
const key = (k: Record<string, unknown>) => `${String(k.vendorId)}|${String(k.caseId)}`;

beforeEach(() => {
  ddb.reset();
  items = new Map();
  ddb.on(GetCommand).callsFake((input: { Key: Record<string, unknown> }) => ({ Item: items.get(key(input.Key)) }));
  ddb.on(QueryCommand).resolves({ Items: [] });
  ddb.on(PutCommand).callsFake((input: { Item: Record<string, unknown> }) => {
    items.set(key(input.Item), input.Item);
    return {};
  });
  ddb.on(TransactWriteCommand).callsFake((input: TransactWriteCommandInput) => {
    for (const t of input.TransactItems ?? []) {
      if (t.Put?.TableName === 'cases-test') items.set(key(t.Put.Item!), t.Put.Item!);
      if (t.Update?.TableName === 'cases-test') {
        const current = items.get(key(t.Update.Key!))!;
        items.set(key(t.Update.Key!), { ...current, status: t.Update.ExpressionAttributeValues![':next'] });
      }
    }
    return {};
  });
});

const transactions = () => ddb.commandCalls(TransactWriteCommand).map((c) => c.args[0].input.TransactItems!);

describe('the support inbox demo work (npm start)', () => {
  it('opens an answered payouts case (reply notified and audited) and an open product case; a second run adds nothing', async () => {
    expect(await seedConsoleSupport(vendor, NOW)).toBe(true);
    const cases = [...items.values()].filter((i) => String(i.caseId).startsWith('SC-'));
    expect(cases.map((c) => [c.category, c.status, c.createdAt])).toEqual([
      ['payouts_category', 'answered', '2026-11-23T10:00:00.000Z'],
      ['add_remove_product', 'open', '2026-11-24T09:00:00.000Z'],
    ]);
    const reply = transactions().find((t) => t.some((i) => i.Put?.TableName === 'audit-test'))!;
    expect(reply.find((i) => i.Put?.TableName === 'audit-test')!.Put!.Item).toMatchObject({ action: 'support.replied', actor: { email: 'ops@example.com' }, vendorId: 'V-10001' });
    expect(reply.find((i) => i.Put?.TableName === 'notifications-test')!.Put!.Item).toMatchObject({ type: 'support_reply', link: `/support/${String(cases[0]!.caseId)}` });

    const writes = ddb.commandCalls(TransactWriteCommand).length + ddb.commandCalls(PutCommand).length;
    expect(await seedConsoleSupport(vendor, new Date(NOW.getTime() + 3_600_000))).toBe(false);
    expect(ddb.commandCalls(TransactWriteCommand).length + ddb.commandCalls(PutCommand).length).toBe(writes);
  });
});
