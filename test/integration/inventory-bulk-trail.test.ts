import { beforeAll, describe, expect, it } from 'vitest';
import { activityPageSchema, type ActivityEntry } from '../../contracts/activity';
import type { BulkJob } from '../../contracts/bulk';
import type { ProductView } from '../../contracts/listings/model';
import { createdProduct, listingsVendor, products, type ListingsVendor } from '../lambdas/listings/stack-fixtures';
import { api, useTestStackEnv } from '../support/auth';
import { withTwoStep } from './orders-fixtures';
import { teamMember, type TestMember } from './team-fixtures';

/**
 * Bulk price and stock changes leave the trail of single edits (issue 15 + issue 14), through the
 * local API and the worker the local stack runs in-process: each product an apply or an undo writes
 * gets its activity entries (the person who started it as the actor — a team member or the owner —
 * and the job named), and a product crossing to or below its low-stock level gets exactly one
 * `stock_low` notice; one already low gets none, and a product changed after the dry run gets no
 * entry from the job.
 */
let owner: ListingsVendor;
let member: TestMember;
let memberUserId: string;

const offerBody = (o: Record<string, unknown>) => ({ price: '12.50', compareAtPrice: '', outOfStock: false, ...o });
const subOf = (token: string): string => (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub;

/** A published product (approved by review) with `inventory` and, if given, its own low-stock level. */
async function published(name: string, inventory: number, lowStockThreshold = ''): Promise<ProductView> {
  const p = await createdProduct(owner, true, { nameEn: name });
  const { reviewProduct } = await import('../../lambdas/listings/review');
  await reviewProduct({ productId: p.productId, decision: 'approve' }, { userId: 'cli:test', email: 'cli:test' });
  const res = await products.offer(owner.token, p.productId, offerBody({ inventory: String(inventory), lowStockThreshold }));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as ProductView;
}

const upload = (token: string, csv: string) =>
  api('/api/inventory/bulk', { method: 'POST', token, body: JSON.stringify({ fileName: 'trail.csv', content: Buffer.from(csv).toString('base64') }) });
const action = (token: string, jobId: string, what: 'apply' | 'undo') => api(`/api/inventory/bulk/${jobId}`, { method: 'POST', token, body: JSON.stringify({ action: what }) });

async function until(token: string, jobId: string, status: BulkJob['status']): Promise<BulkJob> {
  for (let i = 0; i < 150; i++) {
    const job = (await api(`/api/inventory/bulk/${jobId}`, { token })).body as BulkJob;
    if (job.status === status) return job;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`job ${jobId} never became ${status}`);
}

/** The owner's activity log (GET /api/activity, owner only), every page. */
async function activity(query = ''): Promise<ActivityEntry[]> {
  const items: ActivityEntry[] = [];
  let cursor: string | null = null;
  do {
    const res = await api(`/api/activity?limit=100${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { token: owner.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const page = activityPageSchema.parse(res.body);
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return items;
}

const stockLowNotices = async (productId: string) =>
  ((await api('/api/notifications', { token: owner.token })).body as { items: { type: string; params: { productId?: string; inventory?: number; threshold?: number } }[] }).items.filter(
    (n) => n.type === 'stock_low' && n.params.productId === productId,
  );

/** An entry as compared: action, product, values, actor, via. */
const shape = (e: ActivityEntry) => ({ action: e.action, product: e.target?.id, before: e.before, after: e.after, actor: e.actor, via: e.via });

beforeAll(async () => {
  useTestStackEnv();
  const shop = await listingsVendor('bulk.trail', 'Bulk Trail Foods');
  // Inviting a team member needs two-step sign-in on (issue 14's step-up).
  owner = { ...shop, ...(await withTwoStep(shop)) };
  member = await teamMember(owner, 'inventory', 'bulk.trail.member');
  memberUserId = subOf(member.token);
}, 120_000);

describe('bulk changes leave the trail of single edits', () => {
  it('apply (by a team member) and undo (by the owner) write the activity entries and one stock_low notice per crossing', { timeout: 120_000 }, async () => {
    // A crosses its own level (8); B is low already (vendor default 5); C changes only its price;
    // D crosses the vendor's default (5); E is edited after the dry run.
    const a = await published('Trail Oolong', 40, '8');
    const b = await published('Trail Jasmine', 3);
    const c = await published('Trail Pu-erh', 30);
    const d = await published('Trail Matcha', 30);
    const e = await published('Trail Genmaicha', 30);
    const ids = new Set([a, b, c, d, e].map((p) => p.productId));
    const mine = async (jobId: string) => (await activity()).filter((x) => x.target && ids.has(x.target.id) && x.via?.id === jobId);
    const noticesBefore = await Promise.all([a, b, c, d, e].map(async (p) => (await stockLowNotices(p.productId)).length));
    // Published with stock 0 (low) and then given stock: no crossing, no notice yet.
    expect(noticesBefore).toEqual([0, 0, 0, 0, 0]);

    const csv = ['sku,price,stock', `${a.sku},11.00,6`, `${b.sku},,2`, `${c.sku},13.00,`, `${d.sku},,5`, `${e.sku},,1`].join('\n');
    const dry = await upload(member.token, csv);
    expect(dry.status, JSON.stringify(dry.body)).toBe(201);
    const job = dry.body as BulkJob;
    expect(job.summary).toMatchObject({ changes: 5, errors: 0 });
    // Someone changes E after the dry run: the apply leaves it (and writes no entry for it).
    expect((await products.offer(owner.token, e.productId, offerBody({ inventory: '31' }))).status).toBe(200);

    expect((await action(member.token, job.jobId, 'apply')).status).toBe(202);
    const applied = await until(member.token, job.jobId, 'applied');
    expect(applied.applyReport).toEqual({ written: 4, changed: 1, gone: 0 });

    const byMember = { userId: memberUserId, email: member.email };
    const viaApply = { type: 'bulk_apply', id: job.jobId };
    expect((await mine(job.jobId)).map(shape)).toEqual(
      expect.arrayContaining([
        { action: 'product.price_changed', product: a.productId, before: { priceCents: 1250 }, after: { priceCents: 1100 }, actor: byMember, via: viaApply },
        { action: 'product.stock_changed', product: a.productId, before: { inventory: 40 }, after: { inventory: 6 }, actor: byMember, via: viaApply },
        { action: 'product.stock_changed', product: b.productId, before: { inventory: 3 }, after: { inventory: 2 }, actor: byMember, via: viaApply },
        { action: 'product.price_changed', product: c.productId, before: { priceCents: 1250 }, after: { priceCents: 1300 }, actor: byMember, via: viaApply },
        { action: 'product.stock_changed', product: d.productId, before: { inventory: 30 }, after: { inventory: 5 }, actor: byMember, via: viaApply },
      ]),
    );
    expect(await mine(job.jobId)).toHaveLength(5);
    // The person filter finds the member's changes by their e-mail (any case).
    expect((await activity(`&actor=${encodeURIComponent(member.email.toUpperCase())}`)).filter((x) => x.via?.id === job.jobId)).toHaveLength(5);

    // One notice for each crossing, naming the level that applies (A's own 8, D the default 5); none for B (low already), C or E.
    expect(await stockLowNotices(a.productId)).toEqual([expect.objectContaining({ params: expect.objectContaining({ inventory: 6, threshold: 8 }) })]);
    expect(await stockLowNotices(d.productId)).toEqual([expect.objectContaining({ params: expect.objectContaining({ inventory: 5, threshold: 5 }) })]);
    for (const p of [b, c, e]) expect(await stockLowNotices(p.productId)).toEqual([]);
    // The bulk change kept A's own level.
    expect(((await products.get(owner.token, a.productId)).body as ProductView).offer).toMatchObject({ inventory: 6, lowStockThreshold: 8, lowStock: true });

    // Undo by the owner: the reverse entries, the owner as the actor; back above the level is no notice.
    expect((await action(owner.token, job.jobId, 'undo')).status).toBe(202);
    const undone = await until(owner.token, job.jobId, 'undone');
    expect(undone.undoReport).toEqual({ written: 4, changed: 0, gone: 0 });
    const byOwner = { userId: owner.userId, email: owner.email };
    const viaUndo = { type: 'bulk_undo', id: job.jobId };
    expect((await mine(job.jobId)).filter((x) => x.via?.type === 'bulk_undo').map(shape)).toEqual(
      expect.arrayContaining([
        { action: 'product.price_changed', product: a.productId, before: { priceCents: 1100 }, after: { priceCents: 1250 }, actor: byOwner, via: viaUndo },
        { action: 'product.stock_changed', product: a.productId, before: { inventory: 6 }, after: { inventory: 40 }, actor: byOwner, via: viaUndo },
        { action: 'product.stock_changed', product: b.productId, before: { inventory: 2 }, after: { inventory: 3 }, actor: byOwner, via: viaUndo },
        { action: 'product.price_changed', product: c.productId, before: { priceCents: 1300 }, after: { priceCents: 1250 }, actor: byOwner, via: viaUndo },
        { action: 'product.stock_changed', product: d.productId, before: { inventory: 5 }, after: { inventory: 30 }, actor: byOwner, via: viaUndo },
      ]),
    );
    expect(await mine(job.jobId)).toHaveLength(10);
    expect(await stockLowNotices(a.productId)).toHaveLength(1);
    expect(await stockLowNotices(d.productId)).toHaveLength(1);
    expect(await stockLowNotices(b.productId)).toEqual([]);
    // A single edit records no `via`.
    expect((await activity()).filter((x) => x.target?.id === e.productId && x.after?.inventory === 31).map((x) => x.via)).toEqual([undefined]);
  });
});
