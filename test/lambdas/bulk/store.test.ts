import { beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { tables } from '../../../contracts/tables';
import { catalogueBySku } from '../../../lambdas/bulk/store';

process.env.PRODUCTS_TABLE = 'products-test';

const ddb = mockClient(DynamoDBDocumentClient);
beforeEach(() => ddb.reset());

describe('catalogueBySku (the dry run’s read, issue 24 item 23)', () => {
  it('reads the vendor’s SKU index, eventually consistent, only what that index projects, page by page', async () => {
    const item = (n: number) => ({ productId: `P-${n}`, sku: `ab-${n}`, nameEn: `Tea ${n}`, nameZh: `茶 ${n}`, priceCents: 100 * n, compareAtCents: null, inventory: n, version: 2 });
    ddb.on(QueryCommand).resolvesOnce({ Items: [item(1), item(2)], LastEvaluatedKey: { vendorId: 'V-1', sku: 'ab-2', productId: 'P-2' } }).resolves({ Items: [item(3)] });
    const bySku = await catalogueBySku('V-1');
    expect([...bySku.keys()]).toEqual(['AB-1', 'AB-2', 'AB-3']);
    expect(bySku.get('AB-3')).toEqual(item(3));
    const queries = ddb.commandCalls(QueryCommand).map((c) => c.args[0].input);
    expect(queries).toHaveLength(2);
    const index = tables.products.globalIndexes!.find((i) => i.indexName === 'byVendorSku')!;
    for (const q of queries) {
      expect(q).toMatchObject({ TableName: 'products-test', IndexName: 'byVendorSku', ExpressionAttributeValues: { ':vendorId': 'V-1' } });
      // A global index cannot be read consistently (DynamoDB refuses it); the apply writes only onto the version seen.
      expect(q.ConsistentRead).toBeFalsy();
      const projected = Object.values(q.ExpressionAttributeNames!).filter((name) => name !== 'vendorId');
      for (const name of projected) expect(['productId', 'sku', ...index.include!]).toContain(name);
    }
    expect(queries[1]!.ExclusiveStartKey).toEqual({ vendorId: 'V-1', sku: 'ab-2', productId: 'P-2' });
  });
});
