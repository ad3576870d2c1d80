/**
 * Helpers of the products API tests against the local stack (test/integration/listings-*.test.ts):
 * approved vendors with their identity id, and images uploaded into s3rver under that identity
 * and checked valid, as the browser's Amplify upload and the server-side image check make them.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { localTableName } from '../../../contracts/tables';
import type { ProductView } from '../../../contracts/listings/model';
import type { ProductFormValues } from '../../../contracts/listings/schema';
import { localIdentityId, productImageKey, productImagesBucket } from '../../../contracts/buckets';
import { LOCAL_REGION } from '../../../scripts/local/cognito';
import { api } from '../../support/auth';
import { approvedVendor, type TestVendor } from '../../integration/orders-fixtures';
import { png } from '../images/fixtures';
import { completeForm } from './fixtures';

export interface ListingsVendor extends TestVendor {
  /** The identity the browser uploads under; locally derived from the token's sub (docs/decisions.md). */
  identityId: string;
}

export async function listingsVendor(label: string, name: string): Promise<ListingsVendor> {
  const vendor = await approvedVendor(label, name);
  const claims = JSON.parse(Buffer.from(vendor.token.split('.')[1]!, 'base64url').toString()) as { sub: string };
  return { ...vendor, identityId: localIdentityId(LOCAL_REGION, claims.sub) };
}

const clients = async () => ({
  s3: (await import('../../../lambdas/shared/s3')).s3Client(),
  dynamo: (await import('../../../lambdas/shared/clients')).dynamo,
});

/**
 * Puts a real PNG into s3rver under `identityId`'s product folder and waits until the image check
 * (lambdas/images, run by s3rver's event as in the cloud) has recorded it valid. `contentType` is
 * the Content-Type stored with the object (the browser's upload chooses it; the check looks only at
 * the bytes). Returns the key.
 */
export async function uploadImage(identityId: string, folder = randomUUID(), contentType = 'image/png'): Promise<string> {
  const { s3, dynamo } = await clients();
  const key = productImageKey(identityId, folder, randomUUID(), 'png');
  await s3.send(new PutObjectCommand({ Bucket: productImagesBucket.localName, Key: key, Body: png(4), ContentType: contentType }));
  const table = localTableName('imageChecks');
  for (let waited = 0; waited < 20_000; waited += 100) {
    const check = (await dynamo.send(new GetCommand({ TableName: table, Key: { key }, ConsistentRead: true }))).Item;
    if (check?.status === 'valid') return key;
    if (check?.status === 'rejected') throw new Error(`The image check rejected ${key}: ${String(check.reason)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`The image check did not record ${key} within 20 s`);
}

export async function objectExists(key: string): Promise<boolean> {
  const { s3 } = await clients();
  try {
    await s3.send(new HeadObjectCommand({ Bucket: productImagesBucket.localName, Key: key }));
    return true;
  } catch (err) {
    if ((err as Error).name === 'NotFound') return false;
    throw err;
  }
}

/** The complete item form with `images` fresh uploads and a fresh nutrition label, all the vendor's. */
export async function formWithImages(vendor: ListingsVendor, overrides: Partial<ProductFormValues> = {}, images = 2): Promise<ProductFormValues> {
  const folder = randomUUID();
  const keys = await Promise.all(Array.from({ length: images + 1 }, () => uploadImage(vendor.identityId, folder)));
  return completeForm({ images: keys.slice(1), nutritionLabel: keys[0]!, ...overrides });
}

const json = (body: unknown) => ({ body: JSON.stringify(body) });

/** The products API as the web calls it. */
export const products = {
  create: (token: string, values: unknown, submit: boolean) => api('/api/products', { method: 'POST', token, ...json({ values, submit }) }),
  get: (token: string, id: string) => api(`/api/products/${id}`, { token }),
  save: (token: string, id: string, values: unknown, submit: boolean) => api(`/api/products/${id}`, { method: 'PUT', token, ...json({ values, submit }) }),
  submit: (token: string, id: string) => api(`/api/products/${id}/submit`, { method: 'POST', token }),
  remove: (token: string, id: string) => api(`/api/products/${id}`, { method: 'DELETE', token }),
  offer: (token: string, id: string, offer: unknown) => api(`/api/products/${id}/offer`, { method: 'PATCH', token, ...json(offer) }),
  list: (token: string, query = '') => api(`/api/products${query}`, { token }),
  inventory: (token: string, query = '') => api(`/api/inventory${query}`, { token }),
};

/** Creates a product and returns its view (fails the test on anything but 201). */
export async function createdProduct(vendor: ListingsVendor, submit: boolean, overrides: Partial<ProductFormValues> = {}): Promise<ProductView> {
  const res = await products.create(vendor.token, await formWithImages(vendor, overrides), submit);
  if (res.status !== 201) throw new Error(`POST /api/products: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as ProductView;
}

/** Product ids of every page of a tab. */
export async function tabIds(token: string, tab: string): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | undefined;
  do {
    const res = await products.list(token, `?tab=${tab}&limit=100${cursor ? `&cursor=${cursor}` : ''}`);
    if (res.status !== 200) throw new Error(`GET /api/products: ${res.status} ${JSON.stringify(res.body)}`);
    const page = res.body as { items: ProductView[]; nextCursor?: string };
    ids.push(...page.items.map((p) => p.productId));
    cursor = page.nextCursor;
  } while (cursor);
  return ids;
}
