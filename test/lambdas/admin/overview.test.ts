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

/** Answers each queue's query from `pages[table/index/partition]`, one page per call, with LastEvaluatedKey between pages. */
function serve(pages: Record<string, Record<string, unknown>[][]>) {
  ddb.on(QueryCommand).callsFake((input: QueryCommandInput) => {
    const key = `${input.TableName}/${input.IndexName}/${String(input.ExpressionAttributeValues?.[':pk'])}`;
    const list = pages[key] ?? [[]];
    const at = input.ExclusiveStartKey ? Number(input.ExclusiveStartKey.page) : 0;
    return { Items: list[at], ...(at + 1 < list.length ? { LastEvaluatedKey: { page: at + 1 } } : {}) };
  });
}

const call = async (claims = idClaims({ sub: 'ops-1', email: 'ops@example.com', 'cognito:groups': 'admins' })) => {
  const res = await handler(apiEvent('GET', '/api/admin/overview', { claims }), context);
  return { status: res.statusCode, body: JSON.parse(res.body) as Record<string, unknown> };
};

beforeEach(() => ddb.reset());

describe('summarizeQueue', () => {
  it('counts every page of the partition and finds the oldest wait, whatever the page order', async () => {
    serve({
      'vendors-test/byStatus/pending': [
        [{ createdAt: '2026-03-02T08:00:00.000Z' }, { createdAt: '2026-03-03T08:00:00.000Z' }],
        [{ createdAt: '2026-02-27T23:59:00.000Z' }],
      ],
    });
    expect(await summarizeQueue(QUEUE_SOURCES.vendorApplications)).toEqual({ count: 3, oldestAt: '2026-02-27T23:59:00.000Z' });
    expect(ddb.commandCalls(QueryCommand)).toHaveLength(2);
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
    expect(await summarizeQueue(QUEUE_SOURCES.openSupportCases)).toEqual({ count: 2, oldestAt: '2026-03-05T00:00:00.000Z' });
  });

  it('asks for bank transfers written to the batch only (pending bank payouts with submittedAt), projecting only the time', async () => {
    serve({ 'ledger-test/byPayoutStatus/pending': [[{ submittedAt: '2026-03-06T01:00:00.000Z' }]] });
    expect(await summarizeQueue(QUEUE_SOURCES.bankTransfersAwaiting)).toEqual({ count: 1, oldestAt: '2026-03-06T01:00:00.000Z' });
    const input = ddb.commandCalls(QueryCommand)[0]!.args[0].input;
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
  it('answers an admin every queue, read from its index partition (never a scan)', async () => {
    serve({
      'vendors-test/byStatus/pending': [[{ createdAt: '2026-03-01T00:00:00.000Z' }]],
      'products-test/byReviewQueue/pending': [[{ revisionSort: '2026-03-02T00:00:00.000Z#P-1' }], [{ revisionSort: '2026-03-03T00:00:00.000Z#P-2' }]],
      'support-cases-test/byStatus/open': [[]],
      'ledger-test/byPayoutStatus/failed': [[{ updatedAt: '2026-03-04T00:00:00.000Z' }, { updatedAt: '2026-03-01T12:00:00.000Z' }]],
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
