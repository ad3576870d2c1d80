import { beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { DynamoDBDocumentClient, QueryCommand, ScanCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { AdminGetUserCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { handler } from '../../../lambdas/admin/handler';
import { instantOf, QUEUE_SOURCES, summarizeQueue } from '../../../lambdas/admin/queues';
import { tables } from '../../../contracts/tables';
import { apiEvent, context, idClaims } from '../events';

for (const def of Object.values(tables)) process.env[def.envVar] = `${def.name}-test`;
const ddb = mockClient(DynamoDBDocumentClient);
process.env.USER_POOL_ID = 'pool-test';
process.env.AWS_REGION ??= 'us-west-2';
// The admin check (issue 14): the operator has two-step sign-in on.
mockClient(CognitoIdentityProviderClient).on(AdminGetUserCommand).resolves({ UserMFASettingList: ['SOFTWARE_TOKEN_MFA'] });

/**
 * Answers each queue's query from `pages[table/index/partition]` (the items in the index's order, the filter
 * already applied), one page per call with LastEvaluatedKey between pages, as DynamoDB does: `Select: 'COUNT'`
 * answers Count and no items, `Limit` stops the page early. `returned` counts the items handed back.
 */
let returned = 0;
function serve(pages: Record<string, Record<string, unknown>[][]>) {
  returned = 0;
  ddb.on(QueryCommand).callsFake((input: QueryCommandInput) => {
    // DynamoDB refuses a name used in an expression and not defined, or defined and not used.
    const used = new Set([input.KeyConditionExpression, input.FilterExpression, input.ProjectionExpression].join(' ').match(/#\w+/g));
    const defined = new Set(Object.keys(input.ExpressionAttributeNames ?? {}));
    if ([...used].some((n) => !defined.has(n)) || [...defined].some((n) => !used.has(n))) throw new Error(`ValidationException: names used ${[...used].join(',')}, defined ${[...defined].join(',')}`);
    const key = `${input.TableName}/${input.IndexName}/${String(input.ExpressionAttributeValues?.[':pk'])}`;
    const list = pages[key] ?? [[]];
    const at = input.ExclusiveStartKey ? Number(input.ExclusiveStartKey.page) : 0;
    const page = list[at] ?? [];
    const more = at + 1 < list.length ? { LastEvaluatedKey: { page: at + 1 } } : {};
    if (input.Select === 'COUNT') return { Count: page.length, ScannedCount: page.length, ...more };
    const items = input.Limit ? page.slice(0, input.Limit) : page;
    returned += items.length;
    return { Items: items, Count: items.length, ...(input.Limit && input.Limit < page.length ? { LastEvaluatedKey: { page: at } } : more) };
  });
}

const call = async (claims = idClaims({ sub: 'ops-1', email: 'ops@example.com', 'cognito:groups': 'admins' })) => {
  const res = await handler(apiEvent('GET', '/api/admin/overview', { claims }), context);
  return { status: res.statusCode, body: JSON.parse(res.body) as Record<string, unknown> };
};

beforeEach(() => ddb.reset());

describe('summarizeQueue', () => {
  it('counts every page of the partition with COUNT queries and reads one item, the oldest, for its wait', async () => {
    const waiting = (from: number, n: number) => Array.from({ length: n }, (_, i) => ({ createdAt: new Date(Date.UTC(2026, 1, 1) + (from + i) * 60_000).toISOString() }));
    serve({ 'vendors-test/byStatus/pending': [waiting(0, 1000), waiting(1000, 1000), waiting(2000, 500)] });
    expect(await summarizeQueue(QUEUE_SOURCES.vendorApplications)).toEqual({ count: 2500, oldestAt: '2026-02-01T00:00:00.000Z' });
    // Issue 24: the handler counts; it does not receive the waiting items (it received all 2,500 before).
    expect(returned).toBe(1);
    const counts = ddb.commandCalls(QueryCommand).filter((c) => c.args[0].input.Select === 'COUNT');
    expect(counts).toHaveLength(3);
    const oldest = ddb.commandCalls(QueryCommand).find((c) => c.args[0].input.Select !== 'COUNT')!.args[0].input;
    expect(oldest).toMatchObject({ IndexName: 'byStatus', Limit: 1, ScanIndexForward: true, ProjectionExpression: '#since' });
  });

  it('reads the submission time out of revisionSort for products in review', async () => {
    serve({ 'products-test/byReviewQueue/pending': [[{ revisionSort: '2026-03-01T10:00:00.000Z#P-10001-0002' }, { revisionSort: '2026-03-04T10:00:00.000Z#P-10002-0001' }]] });
    expect(await summarizeQueue(QUEUE_SOURCES.productsInReview)).toEqual({ count: 2, oldestAt: '2026-03-01T10:00:00.000Z' });
  });

  it('answers 0 and no oldest for an empty queue', async () => {
    serve({});
    expect(await summarizeQueue(QUEUE_SOURCES.openSupportCases)).toEqual({ count: 0, oldestAt: null });
  });

  it('counts an item without a readable time but gives it no age', async () => {
    serve({ 'support-cases-test/byStatus/open': [[{ createdAt: 'garbage' }, { createdAt: '2026-03-05T00:00:00.000Z' }]] });
    expect(await summarizeQueue(QUEUE_SOURCES.openSupportCases)).toEqual({ count: 2, oldestAt: null });
  });

  it('asks for bank transfers written to the batch only (pending bank payouts with submittedAt), projecting only the time', async () => {
    serve({ 'ledger-test/byPayoutStatus/pending': [[], [{ submittedAt: '2026-03-06T01:00:00.000Z' }, { submittedAt: '2026-03-05T01:00:00.000Z' }], [{ submittedAt: '2026-03-07T01:00:00.000Z' }]] });
    expect(await summarizeQueue(QUEUE_SOURCES.bankTransfersAwaiting)).toEqual({ count: 3, oldestAt: '2026-03-05T01:00:00.000Z' });
    // The filter applies after Limit, so the oldest is read page by page up to the first page with a match, no further.
    expect(returned).toBe(2);
    const count = ddb.commandCalls(QueryCommand).find((c) => c.args[0].input.Select === 'COUNT')!.args[0].input;
    expect(count).toMatchObject({ IndexName: 'byPayoutStatus', FilterExpression: '#method = :bank AND attribute_exists(#since)' });
    const input = ddb.commandCalls(QueryCommand).find((c) => c.args[0].input.Select !== 'COUNT')!.args[0].input;
    expect(input.Limit).toBeUndefined();
    expect(input).toMatchObject({ IndexName: 'byPayoutStatus', FilterExpression: '#method = :bank AND attribute_exists(#since)', ProjectionExpression: '#since' });
    expect(input.ExpressionAttributeNames).toMatchObject({ '#pk': 'status', '#since': 'submittedAt', '#method': 'method' });
    expect(input.ExpressionAttributeValues).toMatchObject({ ':pk': 'pending', ':bank': 'bank' });
  });
});

describe('instantOf', () => {
  it('keeps the instant before # and refuses what is not a time', () => {
    expect(instantOf('2026-03-01T10:00:00.000Z#P-1')).toBe('2026-03-01T10:00:00.000Z');
    expect(instantOf('2026-03-01T10:00:00Z')).toBe('2026-03-01T10:00:00.000Z');
    expect(instantOf('')).toBeNull();
    expect(instantOf(undefined)).toBeNull();
    expect(instantOf('soon#P-1')).toBeNull();
  });
});

describe('GET /api/admin/overview', () => {
  it('answers an admin every queue, counted on its index partition (never a scan, only the oldest item read)', async () => {
    serve({
      'vendors-test/byStatus/pending': [[{ createdAt: '2026-03-01T00:00:00.000Z' }]],
      'products-test/byReviewQueue/pending': [[{ revisionSort: '2026-03-02T00:00:00.000Z#P-1' }], [{ revisionSort: '2026-03-03T00:00:00.000Z#P-2' }]],
      'support-cases-test/byStatus/open': [[]],
      'ledger-test/byPayoutStatus/failed': [[{ updatedAt: '2026-03-01T12:00:00.000Z' }, { updatedAt: '2026-03-04T00:00:00.000Z' }]],
      'ledger-test/byPayoutStatus/pending': [[{ submittedAt: '2026-03-05T00:00:00.000Z' }]],
    });
    const res = await call();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      generatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      queues: {
        vendorApplications: { count: 1, oldestAt: '2026-03-01T00:00:00.000Z' },
        productsInReview: { count: 2, oldestAt: '2026-03-02T00:00:00.000Z' },
        openSupportCases: { count: 0, oldestAt: null },
        failedPayouts: { count: 2, oldestAt: '2026-03-01T12:00:00.000Z' },
        bankTransfersAwaiting: { count: 1, oldestAt: '2026-03-05T00:00:00.000Z' },
      },
    });
    expect(ddb.commandCalls(ScanCommand)).toHaveLength(0);
    // One item per queue with a match (the oldest), the bank transfers' first page.
    expect(returned).toBe(4);
  });

  it('answers a vendor 403 not_admin and reads nothing', async () => {
    serve({});
    expect(await call(idClaims())).toMatchObject({ status: 403, body: { error: 'not_admin' } });
    expect(ddb.commandCalls(QueryCommand)).toHaveLength(0);
  });

  it('answers a call without verified claims 401', async () => {
    const res = await handler(apiEvent('GET', '/api/admin/overview', { claims: null }), context);
    expect(res.statusCode).toBe(401);
  });

  it('answers 500 with a reference, no internals, when an index cannot be read', async () => {
    ddb.on(QueryCommand).rejects(new Error('ResourceNotFoundException: byStatus at 10.0.0.1'));
    const res = await call();
    expect(res.status).toBe(500);
    expect(JSON.stringify(res.body)).not.toContain('10.0.0.1');
  });
});
