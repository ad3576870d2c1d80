import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ProductView } from '../../contracts/listings/model';
import { createdProduct, listingsVendor, products, tabIds, type ListingsVendor } from '../lambdas/listings/stack-fixtures';
import { testStackPortsEnv, useTestStackEnv } from '../support/auth';

const run = promisify(execFile);

/** The review command an operator runs, against the test stack. */
async function reviewCli(...args: string[]): Promise<{ code: number; out: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'scripts/ops/listings-review.ts', '--profile', 'test', ...args], {
      env: { ...process.env, ...testStackPortsEnv(), LOG_LEVEL: 'SILENT' },
    });
    return { code: 0, out: stdout + stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
}

let vendor: ListingsVendor;
beforeAll(async () => {
  useTestStackEnv();
  vendor = await listingsVendor('listings.review', 'Review CLI Foods');
});

const get = async (id: string) => (await products.get(vendor.token, id)).body as ProductView;

describe('npm run listings:review', () => {
  it('lists the queue oldest first, rejects with every reason, and approves a resubmission', async () => {
    const first = await createdProduct(vendor, true, { nameEn: 'Black Sesame Paste', nameZh: '黑芝麻醬' });
    const second = await createdProduct(vendor, true, { nameEn: 'Dried Shiitake' });

    const list = await reviewCli('--list');
    expect(list.code).toBe(0);
    const lines = list.out.split('\n');
    const at = (id: string) => lines.findIndex((l) => l.includes(id));
    expect(at(first.productId)).toBeGreaterThanOrEqual(0);
    expect(at(first.productId)).toBeLessThan(at(second.productId));
    expect(lines[at(first.productId)]).toContain(`${vendor.vendorId}  ${first.sku}  new      Black Sesame Paste / 黑芝麻醬`);

    const rejected = await reviewCli(first.productId, 'reject', 'image_background', 'The ingredients list is in Chinese only; add English.');
    expect(rejected).toEqual({ code: 0, out: expect.stringContaining(`✔ ${first.productId} Black Sesame Paste (${vendor.vendorId}, SKU ${first.sku}) is now rejected`) });
    expect(await get(first.productId)).toMatchObject({
      editable: true,
      revision: { state: 'rejected', rejectionReasons: ['image_background', 'The ingredients list is in Chinese only; add English.'] },
    });
    expect(await tabIds(vendor.token, 'rejected')).toContain(first.productId);
    expect((await reviewCli('--list')).out).not.toContain(first.productId);

    // Edit & Resubmit → Pending; approve → Published.
    expect((await products.submit(vendor.token, first.productId)).status).toBe(200);
    expect(await tabIds(vendor.token, 'pending')).toContain(first.productId);
    const approved = await reviewCli(first.productId, 'approve');
    expect(approved).toEqual({ code: 0, out: expect.stringContaining(`${first.productId} Black Sesame Paste (${vendor.vendorId}, SKU ${first.sku}) is now published`) });
    expect(await get(first.productId)).toMatchObject({ revision: null, live: { content: { nameEn: 'Black Sesame Paste' } } });
    expect(await tabIds(vendor.token, 'published')).toContain(first.productId);

    // Reviewing it again is refused with a reason an operator understands.
    const again = await reviewCli(first.productId, 'approve');
    expect(again.code).toBe(1);
    expect(again.out).toContain(`Product ${first.productId} is not awaiting review (it is published with no changes).`);
  });

  it('explains usage mistakes and unknown products in one line', async () => {
    // Independent runs, started together (each is a process of its own, as an operator's would be).
    const [maybe, noReason, approvalReason, unknown, long] = await Promise.all([
      reviewCli('P-0123456789', 'maybe'),
      reviewCli('P-0123456789', 'reject'),
      reviewCli('P-0123456789', 'approve', 'looks good'),
      reviewCli('P-FFFFFFFFFF', 'approve'),
      reviewCli('P-0123456789', 'reject', 'x'.repeat(501)),
    ]);
    expect(maybe.out).toContain('Usage: npm run listings:review');
    expect(noReason.out).toContain('needs at least one reason');
    expect(approvalReason.out).toContain('An approval takes no reasons');
    expect(unknown).toEqual({ code: 1, out: expect.stringContaining('There is no product P-FFFFFFFFFF.') });
    expect(long.out).toContain('at most 500 characters');
  });
});
