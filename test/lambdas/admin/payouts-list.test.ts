import { beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { DynamoDBDocumentClient, QueryCommand, ScanCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { listAdminPayouts } from '../../../lambdas/admin/payouts';
import { tables } from '../../../contracts/tables';

for (const def of Object.values(tables)) process.env[def.envVar] = `${def.name}-test`;
const ddb = mockClient(DynamoDBDocumentClient);

/** 60 pending payouts in index order (updatedAt): every third an e-mail payout (not awaiting), the rest bank transfers written to the batch. */
const pending = Array.from({ length: 60 }, (_, i) => {
  const vendorId = `V-${20_000 + i}`;
  const at = new Date(Date.UTC(2026, 2, 1, 0, i)).toISOString();
  const bank = i % 3 !== 0;
  return {
    vendorId, sk: 'PAYOUT#2026-02-2', payoutId: `P-${vendorId}-2026-02-2`, periodId: '2026-02-2', periodFrom: '2026-02-16', periodTo: '2026-02-28',
    status: 'pending', amountCents: 10_000, feeCents: 100, paidCents: 9_900, method: bank ? 'bank' : 'email', destinationMasked: bank ? '•••• 1234' : 'a***@example.com',
    payoutAccountId: `PA-${vendorId}`, createdAt: at, updatedAt: at, ...(bank ? { submittedAt: at } : {}),
  };
});

/** The byPayoutStatus index as DynamoDB answers it: `Limit` items evaluated from after ExclusiveStartKey, the filter applied after. */
function serveIndex() {
  ddb.on(QueryCommand).callsFake((input: QueryCommandInput) => {
    if (input.TableName === 'vendors-test') return { Items: [] };
    expect(input.IndexName).toBe('byPayoutStatus');
    const start = input.ExclusiveStartKey ? pending.findIndex((p) => p.vendorId === input.ExclusiveStartKey!.vendorId) + 1 : 0;
    const evaluated = pending.slice(start, start + (input.Limit ?? 1000));
    const items = input.FilterExpression ? evaluated.filter((p) => p.method === 'bank' && p.submittedAt) : evaluated;
    const last = evaluated.at(-1);
    const more = start + evaluated.length < pending.length;
    return { Items: items, ...(more && last ? { LastEvaluatedKey: { status: 'pending', updatedAt: last.updatedAt, vendorId: last.vendorId, sk: last.sk } } : {}) };
  });
}

beforeEach(() => ddb.reset());

describe('the console payout lists (cursor-paged through an index, never a scan)', () => {
  it('pages the bank transfers awaiting confirmation oldest first, 25 a page, each once, with no empty last page', async () => {
    serveIndex();
    const first = await listAdminPayouts('awaiting', {});
    expect(first.items).toHaveLength(25);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await listAdminPayouts('awaiting', { cursor: first.nextCursor! });
    expect(second.nextCursor).toBeNull();
    const ids = [...first.items, ...second.items].map((p) => p.payoutId);
    expect(ids).toEqual(pending.filter((p) => p.method === 'bank').map((p) => p.payoutId));
    expect(second.items.every((p) => p.method === 'bank' && p.submittedAt !== null && p.vendorName === null)).toBe(true);
    expect(ddb.commandCalls(ScanCommand)).toHaveLength(0);
  });

  it("refuses another list's cursor and one it did not issue (400 invalid_cursor)", async () => {
    serveIndex();
    const { nextCursor } = await listAdminPayouts('awaiting', {});
    await expect(listAdminPayouts('failed', { cursor: nextCursor! })).rejects.toMatchObject({ statusCode: 400, code: 'invalid_cursor' });
    await expect(listAdminPayouts('awaiting', { cursor: 'bm90LWEtY3Vyc29y' })).rejects.toMatchObject({ statusCode: 400, code: 'invalid_cursor' });
  });
});
