import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, idTokenFor, signUpVendor, testStackPortsEnv, useTestStackEnv } from '../support/auth';

const run = promisify(execFile);
const password = 'Fresh!Vendor2026';
const support = (token: string, vendorId: string | null) =>
  api('/api/support', { method: 'POST', token, body: JSON.stringify({ category: 'ask_question', message: 'Hello', vendorId }) });

/** The CLI an operator runs, against the test stack. */
async function reviewCli(...args: string[]): Promise<{ code: number; out: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'scripts/ops/vendor-review.ts', '--profile', 'test', ...args], {
      env: { ...process.env, ...testStackPortsEnv(), LOG_LEVEL: 'SILENT' },
    });
    return { code: 0, out: stdout + stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
}

beforeAll(() => useTestStackEnv());

describe('vendor review lifecycle', () => {
  it('keeps a pending applicant out until `vendor:review approve`, which assigns the next vendor id', async () => {
    const email = `review.approve.${Date.now()}@example.com`;
    await signUpVendor(email, password, 'Harbor Fresh Seafood');
    const before = await idTokenFor(email, password);
    expect((await api('/api/me', { token: before })).body).toMatchObject({ status: 'pending', vendorId: null });
    expect((await support(before, null)).status).toBe(403);

    const cli = await reviewCli(email, 'approve');
    expect(cli.code).toBe(0);
    const vendorId = /approved as (V-\d+)/.exec(cli.out)?.[1];
    expect(Number(vendorId?.slice(2))).toBeGreaterThan(10001);

    const after = await idTokenFor(email, password);
    const claims = JSON.parse(Buffer.from(after.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
    expect(claims).toMatchObject({ 'custom:status': 'approved', 'cognito:groups': ['vendors'] });
    expect((await api('/api/me', { token: after })).body).toMatchObject({ status: 'approved', vendorId });
    expect((await support(after, vendorId!)).status).toBe(201);

    // Repeating it changes nothing; rejecting an approved vendor is refused.
    expect((await reviewCli(email, 'approve')).out).toContain(`was already approved as ${vendorId}`);
    const reject = await reviewCli(email, 'reject', 'Changed our mind');
    expect(reject.code).toBe(1);
    expect(reject.out).toContain('already approved');
  });

  it('records the reason of a rejection, which the vendor then reads', async () => {
    const email = `review.reject.${Date.now()}@example.com`;
    await signUpVendor(email, password, 'Mountain Honey Farm');
    expect((await reviewCli(email, 'reject', 'Your', 'food-safety certificate has expired.')).code).toBe(0);
    const token = await idTokenFor(email, password);
    expect((await api('/api/me', { token })).body).toMatchObject({ status: 'rejected', vendorId: null, rejectionReason: 'Your food-safety certificate has expired.' });
  });

  it('hands out distinct vendor ids to concurrent approvals', async () => {
    const { reviewVendor } = await import('../../lambdas/vendor/review');
    const emails = Array.from({ length: 4 }, (_, i) => `review.concurrent.${Date.now()}.${i}@example.com`);
    for (const e of emails) await signUpVendor(e, password, `Concurrent ${e}`);
    const results = await Promise.all(emails.map((e) => reviewVendor(e, { decision: 'approve' }, 'test')));
    const ids = results.map((r) => r.vendor.vendorId);
    expect(new Set(ids).size).toBe(4);
    expect(ids.every((id) => /^V-\d+$/.test(id!))).toBe(true);
  });

  it('explains usage mistakes and unknown users in one line', async () => {
    // Independent runs, started together (each is a process of its own, as an operator's would be).
    const [maybe, noReason, unknown] = await Promise.all([
      reviewCli('someone@example.com', 'maybe'),
      reviewCli('someone@example.com', 'reject'),
      reviewCli('nobody.here@example.com', 'approve'),
    ]);
    expect(maybe.out).toContain('Usage: npm run vendor:review');
    expect(noReason.out).toContain('needs a reason');
    expect(unknown.out).toContain('No user signed up with nobody.here@example.com');
  });
});
