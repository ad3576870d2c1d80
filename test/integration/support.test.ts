import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import { demoAccounts } from '../../scripts/demo/accounts';
import { api, idTokenFor, signUpVendor, useTestStackEnv } from '../support/auth';
import { isErrorBody } from '../support/error-body';

const post = (token: string, body: unknown) => api('/api/support', { method: 'POST', token, body: JSON.stringify(body) });

describe('POST /api/support against the local stack', () => {
  it('stores the case, writes the ops notification to the local outbox, and answers 201', async () => {
    const { approved } = demoAccounts;
    const token = await idTokenFor(approved.email, approved.password);
    const res = await post(token, { category: 'payouts_category', message: 'Where is my payout for November?', vendorId: 'V-10001' });
    expect(res.status).toBe(201);
    const { caseId } = res.body as { caseId: string };
    const outbox = path.join(inject('stack').dataDir, 'outbox');
    expect(readdirSync(outbox)).toContain(`${caseId}.json`);
    const mail = JSON.parse(readFileSync(path.join(outbox, `${caseId}.json`), 'utf8')) as { subject: string; body: string };
    expect(mail.subject).toContain('V-10001');
    expect(mail.body).toContain('Where is my payout for November?');
  });

  it('answers 403 for another vendor’s id and for pending or rejected vendors', async () => {
    const { approved, pending, rejected } = demoAccounts;
    const token = await idTokenFor(approved.email, approved.password);
    expect((await post(token, { category: 'report_bug', message: 'x', vendorId: 'V-10002' })).status).toBe(403);
    for (const a of [pending, rejected]) {
      const res = await post(await idTokenFor(a.email, a.password), { category: 'report_bug', message: 'x', vendorId: 'V-10001' });
      expect(res).toMatchObject({ status: 403, body: { error: 'vendor_not_approved' } });
    }
  });

  it('never answers 500 to bad input', async () => {
    const { approved } = demoAccounts;
    const token = await idTokenFor(approved.email, approved.password);
    const bodies: unknown[] = [null, [], 42, 'text', {}, { category: null }, { category: 'ask_question', message: 7, vendorId: 'V-10001' }, { category: 'ask_question', message: 'ok', vendorId: ['V-10001'] }];
    for (const body of bodies) {
      const res = await post(token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(isErrorBody(res.body), JSON.stringify(res.body)).toBe(true);
    }
  });

  it('lets a vendor open at most 10 cases an hour, even when they arrive at once', async () => {
    useTestStackEnv();
    const email = `support.rate.${Date.now()}@example.com`;
    await signUpVendor(email, 'Fresh!Vendor2026', 'Rate Limit Grocers');
    const { reviewVendor } = await import('../../lambdas/vendor/review');
    const { vendor } = await reviewVendor(email, { decision: 'approve' }, 'test');
    const token = await idTokenFor(email, 'Fresh!Vendor2026');
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => post(token, { category: 'ask_question', message: `Question ${i}`, vendorId: vendor.vendorId })),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(2);
    const limited = results.find((r) => r.status === 429)!;
    expect(limited.body).toMatchObject({ error: 'support_rate_limited', message: expect.stringContaining('at most 10 support cases an hour') });
  });
});
