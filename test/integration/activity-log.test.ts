import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ACTIVITY_CSV_COLUMNS, activityPageSchema, type ActivityAction, type ActivityEntry, type ActivityPage } from '../../contracts/activity';
import type { ProductView } from '../../contracts/listings/model';
import type * as ActivityRecord from '../../lambdas/activity/record';
import type { ActivityEvent } from '../../lambdas/activity/record';
import { completeForm } from '../lambdas/listings/fixtures';
import { products } from '../lambdas/listings/stack-fixtures';
import { isErrorBody } from '../support/error-body';
import { marketplaceDay } from '../../lambdas/shared/dates';
import { demoAccounts } from '../../scripts/demo/accounts';
import { api, idTokenFor, useTestStackEnv } from '../support/auth';
import { approvedVendor, putItems, withTwoStep, type TestVendor } from './orders-fixtures';

/**
 * The vendor activity log (issue 14) through the local API server on DynamoDB Local: changes made
 * through the API record their entries in their own transaction; each vendor reads only its own log;
 * the filters and the CSV. Entries for the filter tests are put in the layout lambdas/activity/record.ts
 * writes, dated in 2031, so the changes the other tests make never mix in.
 */
let a: TestVendor;
let b: TestVendor;
let record: typeof ActivityRecord;

const draft = completeForm({ images: [], nutritionLabel: '' });
const list = async (vendor: TestVendor, query = ''): Promise<ActivityPage> => {
  const res = await api(`/api/activity${query ? `?${query}` : ''}`, { token: vendor.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return activityPageSchema.parse(res.body);
};
const all = async (vendor: TestVendor, query: string): Promise<ActivityEntry[]> => {
  const items: ActivityEntry[] = [];
  let cursor: string | null = null;
  do {
    const page: ActivityPage = await list(vendor, `${query}&limit=4${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(page.items.length).toBeLessThanOrEqual(4);
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return items;
};
async function newDraft(vendor: TestVendor, nameEn: string): Promise<ProductView> {
  const res = await products.create(vendor.token, { ...draft, nameEn }, false);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as ProductView;
}

beforeAll(async () => {
  useTestStackEnv();
  [a, b] = [await approvedVendor('activity.a', 'Activity A Foods'), await approvedVendor('activity.b', 'Activity B Foods')];
  record = await import('../../lambdas/activity/record');
}, 120_000);

describe('changes through the API', () => {
  it('a price change through the offer API yields exactly one entry, with the product and the prices before and after', async () => {
    const p = await newDraft(a, 'Jasmine Rice 1 kg');
    expect((await list(a)).items).toEqual([]);
    const res = await products.offer(a.token, p.productId, { price: '11.50', compareAtPrice: '15', inventory: 0, outOfStock: false });
    expect(res.status).toBe(200);
    const { items } = await list(a);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      action: 'product.price_changed',
      actor: { userId: a.userId, email: a.email },
      target: { type: 'product', id: p.productId, label: 'Jasmine Rice 1 kg' },
      before: { priceCents: 1250 },
      after: { priceCents: 1150 },
    });
    // The same offer again changes nothing and records nothing; stock and out of stock are an entry each.
    expect((await products.offer(a.token, p.productId, { price: '11.50', compareAtPrice: '15', inventory: 0, outOfStock: false })).status).toBe(200);
    expect((await list(a)).items).toHaveLength(1);
    expect((await products.offer(a.token, p.productId, { price: '11.50', compareAtPrice: '15', inventory: '40', outOfStock: true })).status).toBe(200);
    const after = (await list(a)).items;
    // One change, two entries at the same instant (their order between them is the ids').
    expect(after).toHaveLength(3);
    expect(after.slice(0, 2).map((e) => [e.action, e.before, e.after])).toEqual(
      expect.arrayContaining([
        ['product.stock_changed', { inventory: 0 }, { inventory: 40 }],
        ['product.stock_changed', { outOfStock: false }, { outOfStock: true }],
      ]),
    );
    expect(after[0]!.at).toBe(after[1]!.at);
  });

  it('a failed change writes none: a refused body, and a write whose condition fails takes its entry with it', async () => {
    const p = await newDraft(a, 'Oolong Tea 100 g');
    const before = (await all(a, 'action=product.price_changed')).length;
    expect((await products.offer(a.token, p.productId, { price: '1,00', compareAtPrice: '', inventory: 0, outOfStock: false })).status).toBe(400);
    expect((await products.offer(b.token, p.productId, { price: '1.00', compareAtPrice: '', inventory: 0, outOfStock: false })).status).toBe(404);
    // The product write and its entry in one transaction: a stale version cancels both.
    const { putProduct, getProduct, VersionConflict } = await import('../../lambdas/listings/store');
    const { offerActivity } = await import('../../lambdas/listings/activity');
    const { changeOffer } = await import('../../lambdas/listings/product-states');
    const item = (await getProduct(a.vendorId, p.productId))!;
    const next = changeOffer(item, { price: 100, compareAtPrice: undefined, inventory: 0, outOfStock: false }, new Date().toISOString());
    await expect(putProduct(next, item.version - 1, undefined, offerActivity(item, next, { userId: a.userId, email: a.email }, new Date()))).rejects.toBeInstanceOf(VersionConflict);
    expect(await all(a, 'action=product.price_changed')).toHaveLength(before);
    expect((await getProduct(a.vendorId, p.productId))!.priceCents).toBe(1250);
  });

  it('submitting for review and changing the payout method are recorded; the payout entry is masked', async () => {
    // The payout method needs two-step sign-in on and a recent sign-in with it (issue 14, step-up).
    a = await withTwoStep(a);
    const res = await api('/api/payout-method', { method: 'PUT', token: a.token, body: JSON.stringify({ method: 'email', email: 'payouts.activity@example.com' }) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [entry] = (await list(a, 'action=payout_method.changed')).items;
    expect(entry).toMatchObject({ actor: { userId: a.userId }, before: null, after: { method: 'email', destination: 'p***@example.com' } });
    expect(JSON.stringify(entry)).not.toContain('payouts.activity@');
  });

  it('vendor A never sees vendor B’s activity, whatever the filter or cursor', async () => {
    const p = await newDraft(b, 'Secret Sauce of B');
    expect((await products.offer(b.token, p.productId, { price: '9.99', compareAtPrice: '', inventory: 0, outOfStock: false })).status).toBe(200);
    expect((await list(b)).items.map((e) => e.target?.id)).toContain(p.productId);
    const aEverything = await all(a, 'from=2000-01-01');
    expect(aEverything.length).toBeGreaterThan(0);
    expect(aEverything.some((e) => e.actor.userId === b.userId || e.target?.id === p.productId)).toBe(false);
    expect(await all(a, `actor=${encodeURIComponent(b.email)}`)).toEqual([]);
    expect(await all(a, `actor=${encodeURIComponent(b.userId)}`)).toEqual([]);
    // B's cursor is not A's.
    const bPage = await list(b, 'limit=1');
    if (bPage.nextCursor) {
      const res = await api(`/api/activity?limit=1&cursor=${encodeURIComponent(bPage.nextCursor)}`, { token: a.token });
      expect(res).toMatchObject({ status: 400, body: { error: 'invalid_cursor' } });
    }
    // The vendor id is never a parameter.
    expect((await api(`/api/activity?vendorId=${encodeURIComponent(b.vendorId)}`, { token: a.token })).status).toBe(400);
  });
});

describe('filters, paging and the CSV', () => {
  const staff = { userId: 'sub-staff-activity', email: 'Staff.Activity@Example.com' };
  const actions: ActivityAction[] = ['product.price_changed', 'product.stock_changed', 'member.invited'];
  let events: ActivityEvent[];
  beforeAll(async () => {
    /** 12 entries on 2031-03-01 and 2031-03-02, alternately the owner's and the staff member's, three actions in turn. */
    events = Array.from({ length: 12 }, (_, i) => ({
      vendorId: a.vendorId,
      at: new Date(Date.UTC(2031, 2, i < 6 ? 1 : 2, 9, i)),
      actor: i % 2 ? staff : { userId: a.userId, email: a.email },
      action: actions[i % 3]!,
      target: { type: 'product', id: `P-ACT${String(i).padStart(5, '0')}`, label: i === 11 ? '=HYPERLINK("x"), "quoted"' : `Product ${i}` },
      before: { priceCents: 1000 + i },
      after: { priceCents: 2000 + i },
    }));
    await putItems('activity', events.map((e, i) => record.activityItemOf(e, `act-${String(i).padStart(2, '0')}`)));
  });
  const ids = (items: ActivityEntry[]) => items.filter((e) => e.activityId.startsWith('act-')).map((e) => Number(e.activityId.slice(4)));

  it('lists newest first, cursor-paged, every entry exactly once', async () => {
    expect(ids(await all(a, 'from=2031-03-01&to=2031-03-02'))).toEqual([11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
  });

  it('filters by person (e-mail in any case, or user id), action and UTC days, alone and combined', async () => {
    expect(ids(await all(a, `actor=${encodeURIComponent(staff.email.toUpperCase())}`))).toEqual([11, 9, 7, 5, 3, 1]);
    expect(ids(await all(a, `actor=${staff.userId}`))).toEqual([11, 9, 7, 5, 3, 1]);
    expect(ids(await all(a, 'action=member.invited&from=2031-01-01'))).toEqual([11, 8, 5, 2]);
    expect(ids(await all(a, `action=member.invited&actor=${staff.userId}`))).toEqual([11, 5]);
    expect(ids(await all(a, 'action=product.price_changed&from=2031-03-02&to=2031-03-02'))).toEqual([9, 6]);
  });

  it('a cursor belongs to its filter; bad filters are 400 with the error shape', async () => {
    const first = await list(a, `actor=${staff.userId}&limit=2`);
    expect(first.nextCursor).not.toBeNull();
    const other = await api(`/api/activity?action=member.invited&cursor=${encodeURIComponent(first.nextCursor!)}`, { token: a.token });
    expect(other).toMatchObject({ status: 400, body: { error: 'invalid_cursor' } });
    for (const query of ['action=product.deleted', 'from=2031-03-02&to=2031-03-01', 'from=2031-02-30', 'limit=0', 'limit=1000', 'cursor=%7B%7D', 'constructor=1']) {
      const res = await api(`/api/activity?${query}`, { token: a.token });
      expect({ query, status: res.status }).toEqual({ query, status: 400 });
      expect(isErrorBody(res.body), query).toBe(true);
    }
  });

  it('exports the filter as CSV: fixed columns, marketplace times with their UTC offset (one clock, issue 24 item 14), formulas guarded, quotes doubled', async () => {
    const res = await fetch(`${inject('stack').apiUrl}/api/activity.csv?actor=${staff.userId}&action=member.invited`, { headers: { authorization: `Bearer ${a.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    // Named by the marketplace's day (one clock, issue 24 item 14), not UTC's: they differ for 8 hours a day.
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="activity-${a.vendorId}-${marketplaceDay(new Date())}.csv"`);
    const lines = (await res.text()).replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines).toEqual([
      ACTIVITY_CSV_COLUMNS.join(','),
      `2031-03-02T01:11:00-08:00,${staff.email},${staff.userId},member.invited,product,P-ACT00011,"'=HYPERLINK(""x""), ""quoted""","{""priceCents"":1011}","{""priceCents"":2011}",act-11`,
      `2031-03-01T01:05:00-08:00,${staff.email},${staff.userId},member.invited,product,P-ACT00005,Product 5,"{""priceCents"":1005}","{""priceCents"":2005}",act-05`,
    ]);
    // B's export has none of A's.
    const bCsv = await fetch(`${inject('stack').apiUrl}/api/activity.csv?from=2031-01-01`, { headers: { authorization: `Bearer ${b.token}` } });
    expect((await bCsv.text()).replace(/^\uFEFF/, '').trimEnd().split('\r\n')).toEqual([ACTIVITY_CSV_COLUMNS.join(',')]);
  });
});

describe('the demo vendor', () => {
  it('has seeded entries (scripts/demo/activity.ts), so the page is not empty in npm start', async () => {
    const { approved } = demoAccounts;
    const token = await idTokenFor(approved.email, approved.password);
    const res = await api('/api/activity?limit=100', { token });
    expect(res.status).toBe(200);
    const { items } = activityPageSchema.parse(res.body);
    const seeded = items.filter((e) => e.actor.email === approved.email);
    expect(new Set(seeded.map((e) => e.action))).toEqual(new Set(['payout_method.changed', 'product.submitted', 'product.price_changed', 'product.stock_changed']));
    expect(seeded.find((e) => e.action === 'product.price_changed')).toMatchObject({ target: { type: 'product', label: 'High Mountain Oolong Tea Leaves' }, before: { priceCents: 1990 }, after: { priceCents: 1850 } });
  });
});
