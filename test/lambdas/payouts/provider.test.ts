import { describe, expect, it } from 'vitest';
import { attemptKey } from '../../../lambdas/payouts/model';
import { emailPayoutProvider, TransientProviderError, type PayoutRequest } from '../../../lambdas/payouts/provider';

const config = { emailProvider: () => Promise.resolve({ baseUrl: 'https://payouts.example.test', apiKey: 'k-1' }) };
const request: PayoutRequest = {
  payoutId: 'P-V-10001-2026-11-2',
  amountCents: 4_900,
  account: { vendorId: 'V-10001', payoutAccountId: 'PA-V-10001-1', method: 'email', email: 'shop@example.com', updatedAt: '2026-11-01T00:00:00Z' },
};
const answer = (status: number, body: unknown) => () => Promise.resolve(new Response(JSON.stringify(body), { status }));

describe('e-mail payout provider client', () => {
  it('sends the payout id as idempotency key with the credentials, and maps success to paid', async () => {
    const calls: [string, RequestInit][] = [];
    const fetchImpl = ((url: URL, init: RequestInit) => {
      calls.push([String(url), init]);
      return Promise.resolve(new Response(JSON.stringify({ id: 'PP-1', status: 'succeeded' }), { status: 201 }));
    }) as unknown as typeof fetch;
    expect(await emailPayoutProvider(config, fetchImpl).pay(request)).toEqual({ status: 'paid', reference: 'PP-1' });
    const [url, init] = calls[0]!;
    expect(url).toBe('https://payouts.example.test/v1/payouts');
    expect(init.headers).toMatchObject({ authorization: 'Bearer k-1', 'idempotency-key': 'P-V-10001-2026-11-2' });
    expect(JSON.parse(String(init.body))).toEqual({ recipientEmail: 'shop@example.com', amountCents: 4_900, currency: 'USD', reference: 'P-V-10001-2026-11-2' });
  });

  it('maps a refusal to failed (re-credit) and anything uncertain to a transient error (retry, same key)', async () => {
    const provider = (status: number, body: unknown) => emailPayoutProvider(config, answer(status, body) as unknown as typeof fetch);
    expect(await provider(200, { id: 'PP-2', status: 'failed', failureReason: 'recipient_unavailable' }).pay(request)).toEqual({ status: 'failed', reason: 'recipient_unavailable' });
    expect(await provider(422, { failureReason: 'invalid_recipient' }).pay(request)).toEqual({ status: 'failed', reason: 'invalid_recipient' });
    for (const status of [500, 503, 429, 409, 408]) await expect(provider(status, {}).pay(request)).rejects.toBeInstanceOf(TransientProviderError);
    await expect(provider(200, { status: 'processing' }).pay(request)).rejects.toBeInstanceOf(TransientProviderError);
    const offline = emailPayoutProvider(config, (() => Promise.reject(new TypeError('fetch failed'))) as unknown as typeof fetch);
    await expect(offline.pay(request)).rejects.toBeInstanceOf(TransientProviderError);
  });

  it("sends a retry's own key (issue 13): the payout id with the retry number, so the first refusal is not replayed", async () => {
    const keys: unknown[] = [];
    const fetchImpl = ((_url: URL, init: RequestInit) => {
      keys.push((init.headers as Record<string, string>)['idempotency-key']);
      return Promise.resolve(new Response(JSON.stringify({ id: 'PP-9', status: 'succeeded' }), { status: 201 }));
    }) as unknown as typeof fetch;
    expect(attemptKey({ payoutId: request.payoutId })).toBe('P-V-10001-2026-11-2');
    expect(attemptKey({ payoutId: request.payoutId, retryCount: 2 })).toBe('P-V-10001-2026-11-2.r2');
    await emailPayoutProvider(config, fetchImpl).pay({ ...request, idempotencyKey: attemptKey({ payoutId: request.payoutId, retryCount: 1 }) });
    expect(keys).toEqual(['P-V-10001-2026-11-2.r1']);
  });
});
