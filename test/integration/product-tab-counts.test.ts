import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { localTableName } from '../../contracts/tables';
import { completeForm } from '../lambdas/listings/fixtures';
import { api } from '../support/auth';
import { approvedVendor, type TestVendor } from './orders-fixtures';

/**
 * Issue 15: the product tabs' counts against the local stack — moved by creates and deletes in their
 * own transactions, and counted once from the partition for a vendor whose counters predate them.
 */
let vendor: TestVendor;
const draftValues = completeForm({ images: [], nutritionLabel: '' });

const counts = async () => {
  const res = await api('/api/products?tab=draft', { token: vendor.token });
  expect(res.status).toBe(200);
  return (res.body as { counts: Record<string, number> }).counts;
};
const draft = async () => {
  const res = await api('/api/products', { method: 'POST', token: vendor.token, body: JSON.stringify({ values: draftValues, submit: false }) });
  expect(res.status).toBe(201);
  return (res.body as { productId: string }).productId;
};

beforeAll(async () => {
  vendor = await approvedVendor('tabs', 'Tab Count Farms');
}, 60_000);

describe('product tab counts', () => {
  it('move with every create and delete', async () => {
    expect(await counts()).toEqual({ published: 0, pending: 0, rejected: 0, draft: 0 });
    const [first] = [await draft(), await draft(), await draft()];
    expect(await counts()).toEqual({ published: 0, pending: 0, rejected: 0, draft: 3 });
    expect((await api(`/api/products/${first}`, { method: 'DELETE', token: vendor.token })).status).toBe(204);
    expect(await counts()).toEqual({ published: 0, pending: 0, rejected: 0, draft: 2 });
  });

  it('are counted from the products once for counters written before them', async () => {
    const { dynamo } = await import('../../lambdas/shared/clients');
    // As before issue 15: the counters item without the tab figures (the products count and SKU sequence stay).
    await dynamo.send(
      new UpdateCommand({ TableName: localTableName('counters'), Key: { name: `sku#${vendor.vendorId}` }, UpdateExpression: 'REMOVE tabsCounted, tabDraft, tabPublished, tabPending, tabRejected' }),
    );
    expect(await counts()).toEqual({ published: 0, pending: 0, rejected: 0, draft: 2 });
    await draft();
    expect(await counts()).toEqual({ published: 0, pending: 0, rejected: 0, draft: 3 });
  });
});
