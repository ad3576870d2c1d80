import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { BulkJob, BulkLast } from '../../contracts/bulk';
import type { ProductView } from '../../contracts/listings/model';
import { completeForm } from '../lambdas/listings/fixtures';
import { api } from '../support/auth';
import { approvedVendor, type TestVendor } from './orders-fixtures';

/**
 * Bulk price and stock (issue 15) through the local API and the worker the local stack runs
 * in-process (as SQS would run lib/bulk.ts's): dry run, apply with a concurrent single edit, the
 * report, the 24-hour undo with an edit made after the apply, and the refusals.
 */
let vendor: TestVendor;
let products: ProductView[];

const upload = (csv: string | Buffer, fileName = 'edited.csv') =>
  api('/api/inventory/bulk', { method: 'POST', token: vendor.token, body: JSON.stringify({ fileName, content: Buffer.from(csv).toString('base64') }) });
const action = (jobId: string, what: 'apply' | 'undo') => api(`/api/inventory/bulk/${jobId}`, { method: 'POST', token: vendor.token, body: JSON.stringify({ action: what }) });
const offerOf = async (productId: string) => ((await api(`/api/products/${productId}`, { token: vendor.token })).body as ProductView).offer;
const patchOffer = (productId: string, offer: { price: string; compareAtPrice: string; inventory: number }) =>
  api(`/api/products/${productId}/offer`, { method: 'PATCH', token: vendor.token, body: JSON.stringify({ ...offer, outOfStock: false }) });

async function until(jobId: string, status: BulkJob['status']): Promise<BulkJob> {
  for (let i = 0; i < 100; i++) {
    const res = await api(`/api/inventory/bulk/${jobId}`, { token: vendor.token });
    const job = res.body as BulkJob;
    if (job.status === status) return job;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`job ${jobId} never became ${status}`);
}

beforeAll(async () => {
  vendor = await approvedVendor('bulk.job', 'Bulk Job Grocers');
  products = [];
  for (const [i, price] of ['10.00', '20.00', '30.00', '40.00'].entries()) {
    const res = await api('/api/products', { method: 'POST', token: vendor.token, body: JSON.stringify({ values: completeForm({ nameEn: `Bulk item ${i}`, price, compareAtPrice: '', images: [], nutritionLabel: '' }), submit: false }) });
    if (res.status !== 201) throw new Error(`POST /api/products: ${res.status} ${JSON.stringify(res.body)}`);
    products.push(res.body as ProductView);
  }
  await patchOffer(products[0]!.productId, { price: '10.00', compareAtPrice: '12.00', inventory: 5 });
}, 60_000);

describe('bulk price and stock', () => {
  it('refuses a file it cannot read (400 bulk_file_invalid), and a malformed body (400 validation_error)', async () => {
    expect(await upload('name,price\nx,1\n')).toMatchObject({ status: 400, body: { error: 'bulk_file_invalid' } });
    expect(await upload(Buffer.from([0xff, 0x00, 0x81, 0xfe, 0x80, 0x80]))).toMatchObject({ status: 400, body: { error: 'bulk_file_invalid' } });
    const bad = await api('/api/inventory/bulk', { method: 'POST', token: vendor.token, body: JSON.stringify({ fileName: 'x.csv', content: 'not base64!' }) });
    expect(bad).toMatchObject({ status: 400, body: { error: 'validation_error', fields: { content: 'bulk_file_base64' } } });
  });

  it('dry run → apply (a concurrent single edit reported, not overwritten) → report → undo within 24 h', { timeout: 60_000 }, async () => {
    const [p0, p1, p2, p3] = products as [ProductView, ProductView, ProductView, ProductView];
    const csv = ['SKU,Price (USD),Compare-at price (USD),Stock', `${p0.sku},11.50,,`, `${p1.sku},21.00,,7`, `${p2.sku},"3,000",,`, `${p3.sku},40.00,,`, '99999-9999,1,,'].join('\r\n');
    const dry = await upload(csv);
    expect(dry.status).toBe(201);
    const job = dry.body as BulkJob;
    expect(job).toMatchObject({ status: 'ready', summary: { rows: 5, changes: 2, unchanged: 1, errors: 2 }, progress: { done: 0, total: 2 } });
    expect(job.rows.map((r) => [r.sku, r.kind, r.error])).toEqual([
      [p0.sku, 'change', undefined],
      [p1.sku, 'change', undefined],
      [p2.sku, 'error', 'price_format'],
      ['99999-9999', 'error', 'unknown_sku'],
    ]);
    expect(job.rows[0]).toMatchObject({ old: { priceCents: 1000, compareAtCents: 1200, inventory: 5 }, new: { priceCents: 1150, compareAtCents: 1200, inventory: 5 } });
    // Nothing is applied by the dry run.
    expect(await offerOf(p0.productId)).toMatchObject({ priceCents: 1000 });

    // Someone edits p1 in the inventory dialog after the dry run: the apply must not overwrite it.
    expect((await patchOffer(p1.productId, { price: '25.00', compareAtPrice: '', inventory: 3 })).status).toBe(200);

    const started = await action(job.jobId, 'apply');
    expect(started.status).toBe(202);
    const applied = await until(job.jobId, 'applied');
    expect(applied).toMatchObject({ applyReport: { written: 1, changed: 1, gone: 0 }, progress: { done: 2, total: 2 } });
    expect(applied.rows.find((r) => r.sku === p1.sku)).toMatchObject({ outcome: 'changed' });
    expect(applied.rows.find((r) => r.sku === p0.sku)).toMatchObject({ outcome: 'applied' });
    expect(Date.parse(applied.undoUntil!) - Date.parse(applied.appliedAt!)).toBe(24 * 60 * 60 * 1000);
    expect(await offerOf(p0.productId)).toMatchObject({ priceCents: 1150, compareAtCents: 1200, inventory: 5 });
    expect(await offerOf(p1.productId)).toMatchObject({ priceCents: 2500, inventory: 3 });

    // Applied once only.
    expect(await action(job.jobId, 'apply')).toMatchObject({ status: 409, body: { error: 'bulk_job_not_ready' } });
    // The last applied job is what the page offers to undo.
    const last = (await api('/api/inventory/bulk', { token: vendor.token })).body as BulkLast;
    expect(last.job).toMatchObject({ jobId: job.jobId, status: 'applied', undoUntil: applied.undoUntil });

    // Undo puts p0 back.
    expect((await action(job.jobId, 'undo')).status).toBe(202);
    const undone = await until(job.jobId, 'undone');
    expect(undone).toMatchObject({ undoReport: { written: 1, changed: 0 } });
    expect(undone.undoUntil).toBeUndefined();
    expect(await offerOf(p0.productId)).toMatchObject({ priceCents: 1000, compareAtCents: 1200, inventory: 5 });
    expect(await offerOf(p1.productId)).toMatchObject({ priceCents: 2500, inventory: 3 });
    expect(await action(job.jobId, 'undo')).toMatchObject({ status: 409, body: { error: 'bulk_undo_unavailable' } });
  });

  it('undo leaves a product changed after the apply as it is, and only the last applied job can be undone', { timeout: 60_000 }, async () => {
    const [, , p2, p3] = products as [ProductView, ProductView, ProductView, ProductView];
    const first = (await upload(`sku,price\n${p2.sku},31\n`)).body as BulkJob;
    await action(first.jobId, 'apply');
    await until(first.jobId, 'applied');
    const second = (await upload(`sku,stock\n${p2.sku},9\n${p3.sku},8\n`)).body as BulkJob;
    expect(second.summary).toMatchObject({ changes: 2 });
    await action(second.jobId, 'apply');
    await until(second.jobId, 'applied');
    // The first job is no longer the last bulk change.
    expect(await action(first.jobId, 'undo')).toMatchObject({ status: 409, body: { error: 'bulk_undo_unavailable' } });
    expect(((await api(`/api/inventory/bulk/${first.jobId}`, { token: vendor.token })).body as BulkJob).undoUntil).toBeUndefined();

    // p3 is edited after the apply: the undo reports it and leaves the edit.
    await patchOffer(p3.productId, { price: '44.00', compareAtPrice: '', inventory: 1 });
    await action(second.jobId, 'undo');
    const undone = await until(second.jobId, 'undone');
    expect(undone.undoReport).toEqual({ written: 1, changed: 1, gone: 0 });
    expect(undone.rows.find((r) => r.sku === p3.sku)).toMatchObject({ outcome: 'undo_changed' });
    expect(await offerOf(p2.productId)).toMatchObject({ priceCents: 3100, inventory: 0 });
    expect(await offerOf(p3.productId)).toMatchObject({ priceCents: 4400, inventory: 1 });
  });

  it("another vendor's job is 404, and the export is the caller's own catalogue in CSV", async () => {
    const other = await approvedVendor('bulk.other', 'Bulk Other Foods');
    const mine = (await upload(`sku,price\n${products[0]!.sku},12\n`)).body as BulkJob;
    expect(await api(`/api/inventory/bulk/${mine.jobId}`, { token: other.token })).toMatchObject({ status: 404, body: { error: 'bulk_job_not_found' } });
    const res = await fetch(`${inject('stack').apiUrl}/api/inventory/export.csv`, { headers: { authorization: `Bearer ${vendor.token}` } });
    const bytes = Buffer.from(await res.arrayBuffer());
    const text = bytes.toString('utf8');
    expect(res.headers.get('content-type')).toMatch(/text\/csv/);
    // UTF-8 with a byte-order mark (what Excel needs to read Chinese names), headed in the vendor's language.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(text.startsWith('\uFEFFSKU,Product,Price (USD),Compare-at price (USD),Stock\r\n')).toBe(true);
    expect(text).toContain(`${products[0]!.sku},Bulk item 0,10.00,12.00,5\r\n`);
    const template = await (await fetch(`${inject('stack').apiUrl}/api/inventory/export.csv?template=1&q=item%203`, { headers: { authorization: `Bearer ${vendor.token}` } })).text();
    expect(template.split('\r\n').slice(1, -1)).toEqual([`${products[3]!.sku},Bulk item 3,,,`]);
  });
});
