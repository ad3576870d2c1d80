import { beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { productTabCounts, tabCountUpdate, tabDelta } from '../../../lambdas/listings/store';

process.env.PRODUCTS_TABLE = 'products-test';
process.env.COUNTERS_TABLE = 'counters-test';
const ddb = mockClient(DynamoDBDocumentClient);
beforeEach(() => ddb.reset());

const live = { publishedAt: '2026-03-01T00:00:00.000Z' } as never;
const rev = (state: 'draft' | 'pending' | 'rejected') => ({ state }) as never;

describe('tab deltas (issue 15)', () => {
  it('moves exactly the tabs a write changes', () => {
    expect(tabDelta(null, { revision: rev('draft') })).toEqual({ draft: 1 });
    expect(tabDelta({ revision: rev('draft') }, { revision: rev('pending') })).toEqual({ draft: -1, pending: 1 });
    expect(tabDelta({ revision: rev('pending') }, { live })).toEqual({ pending: -1, published: 1 });
    expect(tabDelta({ live, revision: rev('pending') }, { live })).toEqual({ pending: -1 });
    expect(tabDelta({ live }, { live })).toEqual({});
    expect(tabDelta({ live, revision: rev('rejected') }, null)).toEqual({ published: -1, rejected: -1 });
    expect(tabCountUpdate('V-1', {})).toBeNull();
    expect(tabCountUpdate('V-1', { draft: -1, pending: 1 })!.Update).toEqual({
      TableName: 'counters-test',
      Key: { name: 'sku#V-1' },
      UpdateExpression: 'ADD #tabDraft :tabDraft, #tabPending :tabPending',
      ExpressionAttributeNames: { '#tabDraft': 'tabDraft', '#tabPending': 'tabPending' },
      ExpressionAttributeValues: { ':tabDraft': -1, ':tabPending': 1 },
    });
  });
});

describe('productTabCounts', () => {
  it('reads the counters once they are counted: no query of the products', async () => {
    ddb.on(GetCommand).resolves({ Item: { name: 'sku#V-1', tabsCounted: true, tabPublished: 7, tabPending: 3, tabRejected: -1 } });
    expect(await productTabCounts('V-1')).toEqual({ published: 7, pending: 3, rejected: 0, draft: 0 });
    expect(ddb.commandCalls(QueryCommand)).toHaveLength(0);
  });

  it('counts the partition once, stores the figures only if no write moved them meanwhile, and counts again if one did', async () => {
    ddb.on(GetCommand).resolvesOnce({ Item: { name: 'sku#V-1', value: 9, tabDraft: 1 } }).resolves({ Item: { name: 'sku#V-1', value: 9, tabDraft: 2 } });
    ddb.on(QueryCommand).resolves({ Items: [{ live }, { live, revision: rev('pending') }, { revision: rev('draft') }, { revision: rev('draft') }] });
    ddb.on(UpdateCommand).rejectsOnce(new ConditionalCheckFailedException({ message: 'moved', $metadata: {} })).resolves({});
    expect(await productTabCounts('V-1')).toEqual({ published: 2, pending: 1, rejected: 0, draft: 2 });
    const [first, second] = ddb.commandCalls(UpdateCommand).map((c) => c.args[0].input);
    expect(first).toMatchObject({
      ConditionExpression: 'attribute_not_exists(#counted) AND attribute_not_exists(#published) AND attribute_not_exists(#pending) AND attribute_not_exists(#rejected) AND #draft = :was_draft',
      ExpressionAttributeValues: { ':published': 2, ':pending': 1, ':rejected': 0, ':draft': 2, ':was_draft': 1, ':true': true },
    });
    expect(second!.ExpressionAttributeValues).toMatchObject({ ':was_draft': 2 });
    expect(ddb.commandCalls(QueryCommand)[0]!.args[0].input).toMatchObject({ TableName: 'products-test', ConsistentRead: true, ExpressionAttributeValues: { ':vendorId': 'V-1' } });
  });
});
