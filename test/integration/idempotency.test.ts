import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { ProductView } from '../../contracts/listings/model';
import { formWithImages, listingsVendor, tabIds, type ListingsVendor } from '../lambdas/listings/stack-fixtures';
import { api, useTestStackEnv } from '../support/auth';

/**
 * Issue 10: a retried `POST /api/products` or `POST /api/support` created a second product or case.
 * With an `Idempotency-Key`, a repeat answers the first answer and creates nothing.
 */
let v: ListingsVendor;

beforeAll(async () => {
  useTestStackEnv();
  v = await listingsVendor('idempotency', 'Idempotent Foods');
});

const post = (p: string, token: string, body: unknown, key?: string) =>
  api(p, { method: 'POST', token, body: JSON.stringify(body), headers: key === undefined ? {} : { 'Idempotency-Key': key } });

describe('POST /api/products with an Idempotency-Key', () => {
  it('creates one product for a request sent twice, and answers both with it', async () => {
    const body = { values: await formWithImages(v, { nameEn: 'Idempotent Rice' }), submit: false };
    const key = randomUUID();
    const first = await post('/api/products', v.token, body, key);
    const second = await post('/api/products', v.token, body, key);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    const [a, b] = [first.body as ProductView, second.body as ProductView];
    expect(b.productId).toBe(a.productId);
    expect(b.sku).toBe(a.sku);
    const drafts = await tabIds(v.token, 'draft');
    expect(drafts.filter((id) => id === a.productId)).toHaveLength(1);
    // Nothing else was created: the vendor has exactly this product.
    expect(drafts).toEqual([a.productId]);
  });

  it('creates one product when the repeats arrive at the same moment', async () => {
    const body = { values: await formWithImages(v, { nameEn: 'Concurrent Rice' }), submit: false };
    const key = randomUUID();
    const before = await tabIds(v.token, 'draft');
    const answers = await Promise.all(Array.from({ length: 4 }, () => post('/api/products', v.token, body, key)));
    expect(answers.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    expect(new Set(answers.map((r) => (r.body as ProductView).productId)).size).toBe(1);
    expect((await tabIds(v.token, 'draft')).length).toBe(before.length + 1);
  });

  it('refuses the key with another body (422), a malformed key (400), and without a key creates as before', async () => {
    const values = await formWithImages(v, { nameEn: 'Keyed Tea' });
    const key = randomUUID();
    expect((await post('/api/products', v.token, { values, submit: false }, key)).status).toBe(201);
    const before = await tabIds(v.token, 'draft');
    expect(await post('/api/products', v.token, { values: { ...values, nameEn: 'Other Tea' }, submit: false }, key)).toEqual({
      status: 422,
      body: { error: 'idempotency_key_reused', message: expect.any(String) },
    });
    for (const bad of ['short', 'x'.repeat(129), 'has space', 'ünïcode-key-1234']) {
      const res = await post('/api/products', v.token, { values, submit: false }, bad);
      expect({ bad, status: res.status, body: res.body }).toEqual({ bad, status: 400, body: { error: 'invalid_idempotency_key', message: expect.any(String) } });
    }
    expect(await tabIds(v.token, 'draft')).toEqual(before);
    // The same key is another request for another vendor.
    const other = await listingsVendor('idempotency.other', 'Other Idempotent Foods');
    expect((await post('/api/products', other.token, { values: await formWithImages(other), submit: false }, key)).status).toBe(201);
    // No key: each request creates.
    const plain = { values: await formWithImages(v, { nameEn: 'Unkeyed Tea' }), submit: false };
    const [x, y] = [await post('/api/products', v.token, plain), await post('/api/products', v.token, plain)];
    expect((x.body as ProductView).productId).not.toBe((y.body as ProductView).productId);
  });
});

describe('POST /api/support with an Idempotency-Key', () => {
  it('opens one case for a request sent twice (one ops e-mail), answers both alike; another body is 422', async () => {
    const body = { category: 'ask_question', message: `Idempotent question ${randomUUID()}`, vendorId: v.vendorId };
    const key = randomUUID();
    const outbox = path.join(inject('stack').dataDir, 'outbox');
    const mails = () => (existsSync(outbox) ? readdirSync(outbox).length : 0);
    const before = mails();
    const answers = [await post('/api/support', v.token, body, key), ...(await Promise.all([post('/api/support', v.token, body, key), post('/api/support', v.token, body, key)]))];
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    expect(answers[1]!.body).toEqual(answers[0]!.body);
    expect(answers[2]!.body).toEqual(answers[0]!.body);
    expect(mails()).toBe(before + 1);
    expect((await post('/api/support', v.token, { ...body, message: 'Something else' }, key)).status).toBe(422);
    expect(mails()).toBe(before + 1);
  });
});
