import { beforeAll, describe, expect, inject, it } from 'vitest';
import { AUDIT_CSV_COLUMNS, auditPageSchema, type AuditAction, type AuditPage } from '../../contracts/audit';
import { auditItemOf, type AuditEvent } from '../../lambdas/audit/record';
import { demoAccounts } from '../../scripts/demo/accounts';
import { isErrorBody } from '../support/error-body';
import { api, idTokenFor } from '../support/auth';
import { putItems } from './orders-fixtures';

/**
 * The audit log API (issue 13) through the local API server on DynamoDB Local. Entries are put in the
 * layout lambdas/audit/record.ts writes, dated in 2031 with operators and targets of this run only, so
 * entries the other tests' ops actions write never mix in: the day range or an operator isolates them.
 */
const run = Date.now().toString(36);
const alice = `alice.${run}@example.com`;
const bob = `bob.${run}@example.com`;
let token: string;

/** 30 entries, one a minute on 2031-03-01 and 2031-03-02: alternately Alice's and Bob's, three actions in turn, two vendors. */
const actions: AuditAction[] = ['vendor.approved', 'product.rejected', 'payout.retried'];
const events: AuditEvent[] = Array.from({ length: 30 }, (_, i) => ({
  at: new Date(Date.UTC(2031, 2, i < 15 ? 1 : 2, 9, i)).toISOString(),
  actor: { userId: `sub-${i % 2 ? 'bob' : 'alice'}`, email: i % 2 ? bob : alice },
  action: actions[i % 3]!,
  target: { type: i % 3 === 0 ? 'vendor' : i % 3 === 1 ? 'product' : 'payout', id: i % 3 === 0 ? `V-${run}-${i % 2}` : `X-${run}-${i}` },
  vendorId: `V-${run}-${i % 2}`,
  before: { status: 'pending' },
  after: { status: i % 3 === 1 ? 'rejected' : 'approved' },
  reason: i % 3 === 1 ? `=HYPERLINK("x") reason ${i}, "quoted"` : null,
}));

const list = async (query: string): Promise<AuditPage> => {
  const res = await api(`/api/admin/audit?${query}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return auditPageSchema.parse(res.body);
};
const all = async (query: string): Promise<AuditPage['items']> => {
  const items: AuditPage['items'] = [];
  let cursor: string | null = null;
  do {
    const page: AuditPage = await list(`${query}&limit=7${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(page.items.length).toBeLessThanOrEqual(7);
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return items;
};

beforeAll(async () => {
  token = await idTokenFor(demoAccounts.admin.email, demoAccounts.admin.password);
  await putItems('audit', events.map((e, i) => auditItemOf(e, `A-${run}-${String(i).padStart(2, '0')}`)));
}, 60_000);

describe('the audit log API', () => {
  it('lists newest first, cursor-paged, every entry exactly once', async () => {
    const items = await all('from=2031-03-01&to=2031-03-02');
    const ours = items.filter((e) => e.auditId.startsWith(`A-${run}-`));
    expect(ours.map((e) => e.auditId)).toEqual(events.map((_, i) => `A-${run}-${String(i).padStart(2, '0')}`).reverse());
    expect(ours[0]).toEqual({
      auditId: `A-${run}-29`,
      at: '2031-03-02T09:29:00.000Z',
      actor: { userId: 'sub-bob', email: bob },
      action: 'payout.retried',
      target: { type: 'payout', id: `X-${run}-29` },
      vendorId: `V-${run}-1`,
      before: { status: 'pending' },
      after: { status: 'approved' },
      reason: null,
    });
  });

  it('filters by operator, action, target and day, alone and combined', async () => {
    const alices = await all(`actor=${encodeURIComponent(alice.toUpperCase())}`);
    expect(alices).toHaveLength(15);
    expect(alices.every((e) => e.actor.email === alice)).toBe(true);

    const bobRejects = await all(`actor=${encodeURIComponent(bob)}&action=product.rejected`);
    expect(bobRejects.map((e) => e.auditId)).toEqual([25, 19, 13, 7, 1].map((i) => `A-${run}-${String(i).padStart(2, '0')}`));

    const vendorTarget = await all(`targetType=vendor&targetId=${encodeURIComponent(`V-${run}-0`)}`);
    expect(vendorTarget.map((e) => e.auditId)).toEqual([24, 18, 12, 6, 0].map((i) => `A-${run}-${String(i).padStart(2, '0')}`));

    const secondDay = await all(`actor=${encodeURIComponent(alice)}&from=2031-03-02&to=2031-03-02`);
    expect(secondDay.map((e) => e.at.slice(0, 10))).toEqual(Array(7).fill('2031-03-02'));
  });

  it('a cursor belongs to its filter; bad filters are 400 with the error shape', async () => {
    const first = await list(`actor=${encodeURIComponent(alice)}&limit=2`);
    expect(first.nextCursor).not.toBeNull();
    const other = await api(`/api/admin/audit?actor=${encodeURIComponent(bob)}&cursor=${encodeURIComponent(first.nextCursor!)}`, { token });
    expect(other.status).toBe(400);
    expect(other.body).toMatchObject({ error: 'invalid_cursor' });
    for (const query of ['action=vendor.deleted', 'targetType=vendor', 'from=2031-03-02&to=2031-03-01', 'from=2031-02-30', 'limit=0', 'limit=1000', 'cursor=%7B%7D', 'constructor=1']) {
      const res = await api(`/api/admin/audit?${query}`, { token });
      expect({ query, status: res.status }).toEqual({ query, status: 400 });
      expect(isErrorBody(res.body), query).toBe(true);
    }
  });

  it('exports the filter as CSV: fixed columns, UTC times, formulas guarded, quotes doubled', async () => {
    const res = await fetch(`${inject('stack').apiUrl}/api/admin/audit.csv?actor=${encodeURIComponent(bob)}&action=product.rejected`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/);
    const text = await res.text();
    const lines = text.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines[0]).toBe(AUDIT_CSV_COLUMNS.join(','));
    expect(lines).toHaveLength(6);
    expect(lines[1]).toBe(
      `2031-03-02T09:25:00.000Z,${bob},sub-bob,product.rejected,product,X-${run}-25,V-${run}-1,"{""status"":""pending""}","{""status"":""rejected""}","'=HYPERLINK(""x"") reason 25, ""quoted""",A-${run}-25`,
    );
  });
});
