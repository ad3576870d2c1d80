import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { localTableName } from '../../contracts/tables';
import type { AdminOverview } from '../../contracts/admin';
import type { AdminSupportCase, SupportCaseDetail, SupportCasePage } from '../../contracts/support/thread';
import { demoAccounts } from '../../scripts/demo/accounts';
import { api, idTokenFor, useTestStackEnv } from '../support/auth';
import { approvedVendor, type TestVendor } from './orders-fixtures';

/**
 * Support case threads (issue 13, screen 4) through the local API: the vendor's list and case page,
 * the ops inbox, reply / close / reopen with their audit entries and the vendor's notification in the
 * same transaction, the status rules, and ownership (another vendor's case is 404).
 */
let a: TestVendor;
let b: TestVendor;
let admin: string;

const json = (body: unknown) => JSON.stringify(body);
const openCase = async (v: TestVendor, message: string, category = 'ask_question') => {
  const res = await api('/api/support', { method: 'POST', token: v.token, body: json({ category, message, vendorId: v.vendorId }) });
  expect(res.status).toBe(201);
  return (res.body as { caseId: string }).caseId;
};
const adminPath = (v: TestVendor, caseId: string, action = '') => `/api/admin/support/${v.vendorId}/${caseId}${action}`;
const reply = (v: TestVendor, caseId: string, message: string) => api(adminPath(v, caseId, '/reply'), { method: 'POST', token: admin, body: json({ message }) });
const close = (v: TestVendor, caseId: string) => api(adminPath(v, caseId, '/close'), { method: 'POST', token: admin, body: '{}' });
const reopen = (v: TestVendor, caseId: string) => api(adminPath(v, caseId, '/reopen'), { method: 'POST', token: admin, body: '{}' });
const answer = (v: TestVendor, caseId: string, message: string) => api(`/api/support/${caseId}/messages`, { method: 'POST', token: v.token, body: json({ message }) });

async function auditEntriesFor(caseId: string) {
  const { dynamo } = await import('../../lambdas/shared/clients');
  const out = await dynamo.send(
    new QueryCommand({
      TableName: localTableName('audit'),
      IndexName: 'byTarget',
      KeyConditionExpression: 'targetKey = :t',
      ExpressionAttributeValues: { ':t': `support_case#${caseId}` },
    }),
  );
  return (out.Items ?? []).sort((x, y) => String(x.entryKey).localeCompare(String(y.entryKey)));
}

async function inboxOf(v: TestVendor) {
  const { dynamo } = await import('../../lambdas/shared/clients');
  const out = await dynamo.send(
    new QueryCommand({ TableName: localTableName('notifications'), KeyConditionExpression: 'vendorId = :v AND begins_with(sk, :n)', ExpressionAttributeValues: { ':v': v.vendorId, ':n': 'N#' } }),
  );
  return out.Items ?? [];
}

beforeAll(async () => {
  useTestStackEnv();
  [a, b] = [await approvedVendor('threads.a', 'Thread A Foods'), await approvedVendor('threads.b', 'Thread B Foods')];
  admin = await idTokenFor(demoAccounts.admin.email, demoAccounts.admin.password);
}, 120_000);

describe('support case threads', () => {
  it('ops reply (answered, vendor notified, audited in the same change), the vendor answers (open again), ops close and reopen', async () => {
    const openCount = async () => ((await api('/api/admin/overview', { token: admin })).body as AdminOverview).queues.openSupportCases.count;
    const before = await openCount();
    const caseId = await openCase(a, 'My payout did not arrive.', 'payouts_category');
    // The Overview counts it while it waits for ops, and no longer once ops replied.
    expect(await openCount()).toBe(before + 1);

    const first = await api(adminPath(a, caseId), { token: admin });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      caseId,
      status: 'open',
      category: 'payouts_category',
      vendor: { vendorId: a.vendorId, name: 'Thread A Foods', email: a.email },
      messages: [{ author: 'vendor', body: 'My payout did not arrive.' }],
    });

    const replied = await reply(a, caseId, '  We sent it again today.  ');
    expect(replied.status).toBe(200);
    const afterReply = replied.body as AdminSupportCase;
    expect(afterReply).toMatchObject({ status: 'answered', lastAuthor: 'ops', messageCount: 2 });
    expect(await openCount()).toBe(before);
    expect(afterReply.messages.map((m) => [m.author, m.body])).toEqual([
      ['vendor', 'My payout did not arrive.'],
      ['ops', 'We sent it again today.'],
    ]);

    // The vendor's inbox has the reply, leading to the case page; the audit log has the reply (length, not text).
    const notes = (await inboxOf(a)).filter((n) => n.type === 'support_reply');
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ params: { caseId, message: 'We sent it again today.' }, link: `/support/${caseId}`, createdAt: afterReply.lastActivityAt });
    const [replyEntry] = await auditEntriesFor(caseId);
    expect(replyEntry).toMatchObject({
      action: 'support.replied',
      actor: { email: demoAccounts.admin.email },
      target: { type: 'support_case', id: caseId },
      vendorId: a.vendorId,
      before: { status: 'open' },
      after: { status: 'answered', messageLength: 'We sent it again today.'.length },
      at: afterReply.lastActivityAt,
    });

    // The vendor reads it on its own list and case page, and answers: the case waits for ops again.
    const list = await api('/api/support', { token: a.token });
    expect((list.body as SupportCasePage).items.find((c) => c.caseId === caseId)).toMatchObject({ status: 'answered', lastAuthor: 'ops', messageCount: 2 });
    const page = await api(`/api/support/${caseId}`, { token: a.token });
    expect((page.body as SupportCaseDetail).messages.at(-1)).toMatchObject({ author: 'ops', body: 'We sent it again today.' });
    const answered = await answer(a, caseId, 'Thank you, it arrived.');
    expect(answered.status).toBe(201);
    expect(answered.body).toMatchObject({ status: 'open', lastAuthor: 'vendor', messageCount: 3 });
    expect(await openCount()).toBe(before + 1);

    // Close, then a reply to the closed case is refused (409) and writes nothing; reopen, then close again.
    expect((await close(a, caseId)).body).toMatchObject({ status: 'closed' });
    const late = await reply(a, caseId, 'One more thing.');
    expect(late).toMatchObject({ status: 409, body: { error: 'support_case_closed', message: expect.stringContaining('closed') } });
    expect((await close(a, caseId)).status).toBe(409);
    expect((await reopen(a, caseId)).body).toMatchObject({ status: 'open' });
    expect(await reopen(a, caseId)).toMatchObject({ status: 409, body: { error: 'support_case_not_closed' } });

    const entries = await auditEntriesFor(caseId);
    expect(entries.map((e) => [e.action, e.before, e.after])).toEqual([
      ['support.replied', { status: 'open' }, { status: 'answered', messageLength: 23 }],
      ['support.closed', { status: 'open' }, { status: 'closed' }],
      ['support.reopened', { status: 'closed' }, { status: 'open' }],
    ]);
    // Only the one reply notified the vendor.
    expect((await inboxOf(a)).filter((n) => n.type === 'support_reply')).toHaveLength(1);

    // A vendor's answer to a closed case reopens it (no audit entry: not an ops action).
    await close(a, caseId);
    expect((await answer(a, caseId, 'Sorry, one more question.')).body).toMatchObject({ status: 'open', messageCount: 4 });
    expect(await auditEntriesFor(caseId)).toHaveLength(4);
  });

  it('a close racing a reply: exactly one order wins, and a reply after the close is a 409 with nothing written', async () => {
    const caseId = await openCase(a, 'Race probe.');
    const [r, c] = await Promise.all([reply(a, caseId, 'Racing reply.'), close(a, caseId)]);
    expect(c.status).toBe(200);
    const final = (await api(adminPath(a, caseId), { token: admin })).body as AdminSupportCase;
    expect(final.status).toBe('closed');
    const replies = final.messages.filter((m) => m.author === 'ops');
    if (r.status === 200) {
      // The reply went first: it is in the thread and the log, then the close.
      expect(replies).toHaveLength(1);
      expect((await auditEntriesFor(caseId)).map((e) => e.action)).toEqual(['support.replied', 'support.closed']);
    } else {
      expect(r).toMatchObject({ status: 409, body: { error: 'support_case_closed' } });
      expect(replies).toHaveLength(0);
      expect((await auditEntriesFor(caseId)).map((e) => e.action)).toEqual(['support.closed']);
      expect((await inboxOf(a)).filter((n) => (n.params as { caseId?: string }).caseId === caseId && n.type === 'support_reply')).toHaveLength(0);
    }
  });

  it('a vendor reads and answers only its own cases: another vendor’s case id is 404, as one that does not exist', async () => {
    const caseId = await openCase(b, 'B only.');
    expect(await api(`/api/support/${caseId}`, { token: a.token })).toMatchObject({ status: 404, body: { error: 'support_case_not_found' } });
    expect(await answer(a, caseId, 'Not mine.')).toMatchObject({ status: 404, body: { error: 'support_case_not_found' } });
    expect(await api('/api/support/SC-20260101-000000-0000', { token: b.token })).toMatchObject({ status: 404 });
    expect((await api(`/api/support/${caseId}`, { token: b.token })).status).toBe(200);
    const listA = (await api('/api/support', { token: a.token })).body as SupportCasePage;
    expect(listA.items.every((c) => c.vendorId === a.vendorId)).toBe(true);
    expect(JSON.stringify(listA)).not.toContain(caseId);
    // Nothing changed on B's case.
    expect((await api(`/api/support/${caseId}`, { token: b.token })).body).toMatchObject({ status: 'open', messageCount: 1 });
  });

  it('the ops inbox: by status, oldest open first, filtered by category and by vendor, cursor-paged without gaps', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) ids.push(await openCase(b, `Inbox probe ${i}`, 'report_bug'));
    const byVendor = (await api(`/api/admin/support?status=open&vendorId=${b.vendorId}&category=report_bug`, { token: admin })).body as SupportCasePage;
    // A vendor's partition is ordered by case id: the opening second, then the id's random part.
    expect(byVendor.items.map((c) => c.caseId)).toEqual([...ids].sort());

    // All open cases, oldest first, page by page: every case once, in createdAt order.
    const seen: string[] = [];
    const times: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await api(`/api/admin/support?status=open${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { token: admin });
      expect(res.status).toBe(200);
      const page = res.body as SupportCasePage;
      for (const c of page.items) {
        seen.push(c.caseId);
        times.push(c.createdAt);
        expect(c.status).toBe('open');
      }
      cursor = page.nextCursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    expect([...times].sort()).toEqual(times);
    for (const id of ids) expect(seen).toContain(id);

    // A cursor of one filter is refused on another; a bad filter is a 400.
    const first = (await api(`/api/admin/support?status=open&vendorId=${b.vendorId}`, { token: admin })).body as SupportCasePage;
    expect(first.items.length).toBeGreaterThan(0);
    expect(await api('/api/admin/support?status=pending', { token: admin })).toMatchObject({ status: 400, body: { error: 'validation_error' } });
    expect(await api('/api/admin/support?vendorId=x', { token: admin })).toMatchObject({ status: 400 });
    expect(await api('/api/admin/support?cursor=AAAA', { token: admin })).toMatchObject({ status: 400, body: { error: 'invalid_cursor' } });

    // Replied and closed cases leave the open queue; the overview counts what is open.
    await reply(b, ids[0]!, 'Looking into it.');
    await close(b, ids[1]!);
    const open = (await api(`/api/admin/support?status=open&vendorId=${b.vendorId}&category=report_bug`, { token: admin })).body as SupportCasePage;
    expect(open.items.map((c) => c.caseId)).toEqual([...ids].sort().filter((id) => id !== ids[0] && id !== ids[1]));
    const answeredList = (await api(`/api/admin/support?status=answered&vendorId=${b.vendorId}`, { token: admin })).body as SupportCasePage;
    expect(answeredList.items.map((c) => c.caseId)).toContain(ids[0]);
    const closedList = (await api(`/api/admin/support?status=closed&category=report_bug`, { token: admin })).body as SupportCasePage;
    expect(closedList.items.map((c) => c.caseId)).toContain(ids[1]);
  });

  it('bad input is a 400 with { error, message }, an unknown case a 404', async () => {
    const caseId = await openCase(a, 'Input probe.');
    expect(await reply(a, caseId, '   ')).toMatchObject({ status: 400, body: { error: 'validation_error', fields: { message: expect.any(String) } } });
    expect(await reply(a, caseId, 'x'.repeat(5_001))).toMatchObject({ status: 400 });
    expect(await api(adminPath(a, caseId, '/close'), { method: 'POST', token: admin, body: json({ force: true }) })).toMatchObject({ status: 400 });
    expect(await answer(a, caseId, '')).toMatchObject({ status: 400 });
    expect(await api(`/api/admin/support/${b.vendorId}/${caseId}`, { token: admin })).toMatchObject({ status: 404, body: { error: 'support_case_not_found' } });
    expect(await reply(b, caseId, 'Wrong vendor.')).toMatchObject({ status: 404 });
    expect(await api(`/api/admin/support/V-1/${'x'.repeat(3_000)}`, { token: admin })).toMatchObject({ status: 404 });
  });
});
