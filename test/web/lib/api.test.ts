import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { auth, configure, signedInUser, stubFetch } from '../amplify-mock';
import { apiRequest, ApiError, parseAnswer } from '../../../web/src/lib/api';
import { ordersPageSchema } from '../../../contracts/order-answers';
import { resetAuthForTests } from '../../../web/src/lib/auth-client';
import { resetConfigForTests } from '../../../web/src/lib/config';

vi.mock('aws-amplify', () => ({ Amplify: { configure } }));
vi.mock('aws-amplify/auth', () => auth);
vi.mock('aws-amplify/utils', () => ({ ConsoleLogger: {} }));

describe('apiRequest', () => {
  beforeEach(() => {
    resetConfigForTests();
    resetAuthForTests();
    signedInUser('demo.vendor@example.com', 'the-id-token');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.clearAllMocks();
  });

  it('sends the ID token as a bearer token and parses JSON', async () => {
    const calls = stubFetch(() => ({ status: 200, body: { ok: true } }));
    await expect(apiRequest('/api/me')).resolves.toEqual({ ok: true });
    expect(calls[0]).toMatchObject({ url: '/api/me', method: 'GET', headers: { authorization: 'Bearer the-id-token' } });
    expect(auth.fetchAuthSession).toHaveBeenCalledWith({ forceRefresh: false });
    expect(configure).toHaveBeenCalledTimes(1);
  });

  it('asks for fresh tokens when told to, and sends JSON bodies', async () => {
    const calls = stubFetch(() => ({ status: 200, body: {} }));
    await apiRequest('/api/support', { method: 'POST', body: { message: 'hi' }, forceRefresh: true });
    expect(auth.fetchAuthSession).toHaveBeenCalledWith({ forceRefresh: true });
    expect(calls[0]).toMatchObject({ method: 'POST', headers: { 'content-type': 'application/json' }, body: { message: 'hi' } });
  });

  it("turns an error answer into an ApiError with the server's code and message", async () => {
    stubFetch(() => ({ status: 404, body: { error: 'vendor_not_found', message: 'Vendor not found for user user-1' } }));
    const err = await apiRequest('/api/me').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 404, code: 'vendor_not_found', message: 'Vendor not found for user user-1' });
  });

  it('copes with an error answer that is not JSON', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => (url === '/config.json' ? new Response(JSON.stringify({ region: 'r', userPoolId: 'p', userPoolClientId: 'c', authFlowType: 'USER_SRP_AUTH', apiBaseUrl: '', productImagesBucket: 'b', marketplaceTimeZone: 'America/Los_Angeles' })) : new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }))),
    );
    await expect(apiRequest('/api/me')).rejects.toMatchObject({ status: 502, code: 'http_502', message: 'Bad Gateway' });
  });

  it('sends an Idempotency-Key when given one, and none otherwise', async () => {
    const calls = stubFetch(() => ({ status: 201, body: { caseId: 'SC-1' } }));
    await apiRequest('/api/support', { method: 'POST', body: { message: 'hi' }, idempotencyKey: 'key-1234567' });
    await apiRequest('/api/support', { method: 'POST', body: { message: 'hi' } });
    expect(calls.map((c) => c.headers['idempotency-key'])).toEqual(['key-1234567', undefined]);
  });

  it('fails with 401 unauthenticated without a session', async () => {
    auth.fetchAuthSession.mockResolvedValue({ tokens: undefined });
    const calls = stubFetch(() => ({ status: 200, body: {} }));
    await expect(apiRequest('/api/me')).rejects.toMatchObject({ status: 401, code: 'unauthenticated' });
    expect(calls).toHaveLength(0);
  });
});

describe('parseAnswer: answers are read with their schemas from contracts/', () => {
  const order = { orderId: 'O-1', orderNumber: '1001', placedAt: '2026-03-08T09:30:00.000Z', status: 'paid', totalCents: 1250, quantity: 1, lines: [{ name: 'Tea', sku: '10001-0001', quantity: 1, unitPriceCents: 1250 }] };

  it('gives the answer as the schema reads it', () => {
    expect(parseAnswer(ordersPageSchema, { orders: [order], nextCursor: null }, 'GET /api/orders')).toEqual({ orders: [order], nextCursor: null });
  });

  it.each([
    ['an HTML page', '<html>Bad gateway</html>'],
    ['an unknown status', { orders: [{ ...order, status: 'shipped' }], nextCursor: null }],
    ['cents that are not integers', { orders: [{ ...order, totalCents: 12.5 }], nextCursor: null }],
    ['a missing field', { orders: [{ ...order, lines: undefined }], nextCursor: null }],
  ])('turns %s into ApiError invalid_response, which the pages show as their error state', (_what, data) => {
    expect(() => parseAnswer(ordersPageSchema, data, 'GET /api/orders')).toThrow(expect.objectContaining({ name: 'ApiError', status: 200, code: 'invalid_response', message: 'GET /api/orders answered an unexpected shape.' }));
  });
});
