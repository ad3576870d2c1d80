import { describe, expect, it } from 'vitest';
import { routeKey, routes } from '../../../contracts/routes';
import { failureExamples, fuzzRequests, fuzzRuns, fuzzSeed, missedRoutes, problem, PROTO_KEYS, type Answer, type FuzzContext, type FuzzRequest } from './fuzz-requests';

/**
 * The route-table fuzzer's generator and check without a stack (issue 25); the requests are sent by
 * test/integration/fuzz.test.ts and `npm run bench:fuzz`.
 */
const ctx: FuzzContext = {
  vendorId: 'V-10042',
  productIds: ['P-0000000001', 'P-0000000002', 'P-0000000003'],
  cursors: { products: 'eyJwcm9kdWN0cyI6MX0', inventory: 'eyJpbnZlbnRvcnkiOjF9', orders: 'eyJvcmRlcnMiOjF9' },
};
const SEED = 20_261_128;
const parses = (text: string) => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

describe('the fuzz request generator', () => {
  const requests = fuzzRequests(ctx, { seed: SEED, runs: 1_000 });
  const byKey = new Map(routes.map((r) => [routeKey(r), r]));

  it('replays a run from its seed and count, and another seed makes other requests', () => {
    expect(fuzzRequests(ctx, { seed: SEED, runs: 1_000 })).toEqual(requests);
    expect(fuzzRequests(ctx, { seed: SEED + 1, runs: 50 })).not.toEqual(requests.slice(0, 50));
  });

  it('exercises every route of the table in 1,000 requests (the count of `npm test`), whatever the seed', () => {
    expect(missedRoutes(requests)).toEqual([]);
    for (const seed of [1, 2, 3, 4, 5]) expect(missedRoutes(fuzzRequests(ctx, { seed, runs: 1_000 })), `seed ${seed}`).toEqual([]);
  });

  it('makes the promised kinds of bad request', () => {
    const bodies = requests.map((r) => r.body).filter((b): b is string => b !== undefined);
    const count = (what: (r: FuzzRequest) => boolean) => requests.filter(what).length;
    expect(bodies.filter((b) => !parses(b)).length, 'malformed JSON').toBeGreaterThan(50);
    expect(bodies.filter((b) => PROTO_KEYS.some((k) => b.includes(`"${k}"`))).length, 'prototype keys in bodies').toBeGreaterThan(20);
    expect(bodies.filter((b) => b.length >= 100_000).length, 'huge bodies').toBeGreaterThan(5);
    expect(count((r) => r.route !== '(no route)' && r.method !== byKey.get(r.route)!.method), 'wrong methods').toBeGreaterThan(20);
    expect(count((r) => r.route === '(no route)'), 'paths of no route').toBeGreaterThan(5);
    expect(count((r) => PROTO_KEYS.some((k) => r.query.includes(k))), 'prototype keys in queries').toBeGreaterThan(10);
    expect(count((r) => ctx.productIds.some((id) => r.path.includes(id))), "the vendor's own ids").toBeGreaterThan(20);
    expect(count((r) => r.path.includes(`P-${ctx.vendorId}-`)), "the vendor's payout ids").toBeGreaterThan(5);
    expect(count((r) => Object.values(ctx.cursors).some((c) => r.query.includes(c))), "the vendor's cursors").toBeGreaterThan(5);
    expect(new Set(requests.map((r) => r.token))).toEqual(new Set(['vendor', 'admin', 'none', 'garbage', 'tampered', 'expired', 'forged', 'notBearer']));
    expect(new Set(requests.map((r) => r.contentType))).toEqual(new Set([undefined, 'application/json', 'text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=latin1']));
  });

  it('sends most requests to a route with the token that reaches its handler: the admin on the console, the vendor elsewhere', () => {
    const tableRequests = requests.filter((r) => r.route !== '(no route)');
    const admin = tableRequests.filter((r) => byKey.get(r.route)!.access === 'admin');
    const others = tableRequests.filter((r) => byKey.get(r.route)!.access !== 'admin');
    expect(admin.filter((r) => r.token === 'admin').length / admin.length).toBeGreaterThan(0.6);
    expect(others.filter((r) => r.token === 'vendor').length / others.length).toBeGreaterThan(0.85);
    expect(others.some((r) => r.token === 'admin')).toBe(false);
  });

  it('mostly keeps a valid body with one change for the routes that have one, so handlers parse past the JSON', () => {
    const put = requests.filter((r) => r.route === 'PUT /api/payout-method' && r.body !== undefined && parses(r.body));
    expect(put.length).toBeGreaterThan(5);
    expect(put.some((r) => /"method":"(email|bank)"/.test(r.body!))).toBe(true);
  });

  it('fills every path parameter and keeps every path under /api/', () => {
    for (const r of requests) {
      expect(r.path.startsWith('/api'), r.path).toBe(true);
      expect(r.path, r.route).not.toMatch(/\{\w+\}/);
    }
  });
});

describe('the check of an answer', () => {
  const request: FuzzRequest = { method: 'POST', path: '/api/products', query: '', token: 'vendor', body: '{', route: 'POST /api/products' };
  const answer = (status: number, body: string, method = 'POST'): Answer => ({ request: { ...request, method }, status, body });

  it('passes 2xx and 3xx whatever the body, and a 4xx that is JSON { error, message } with both strings', () => {
    expect(problem(answer(200, 'a,b\n1,2'))).toBeNull();
    expect(problem(answer(204, ''))).toBeNull();
    expect(problem(answer(400, JSON.stringify({ error: 'validation_error', message: 'Check the form.', fields: {} })))).toBeNull();
  });

  it('fails any answer ≥ 500, a 4xx that is not JSON, and a 4xx without string error and message', () => {
    expect(problem(answer(500, JSON.stringify({ error: 'internal', message: 'x' })))).toBe('answered 500');
    expect(problem(answer(503, ''))).toBe('answered 503');
    expect(problem(answer(400, 'Bad Request'))).toBe('a 400 that is not JSON');
    expect(problem(answer(404, JSON.stringify({ error: 'not_found' })))).toBe('a 404 without string error and message');
    expect(problem(answer(403, JSON.stringify({ error: 403, message: 'Forbidden' })))).toBe('a 403 without string error and message');
    expect(problem(answer(401, 'null'))).toBe('a 401 without string error and message');
  });

  it('does not read the body of a HEAD answer (it has none)', () => {
    expect(problem(answer(404, '', 'HEAD'))).toBeNull();
    expect(problem(answer(500, '', 'HEAD'))).toBe('answered 500');
  });

  it('reports one example per route and kind of failure, and counts every failing answer', () => {
    const other = { ...request, route: 'GET /api/orders', method: 'GET', path: '/api/orders', body: undefined };
    const answers: Answer[] = [answer(500, ''), answer(500, 'again'), answer(400, 'text'), answer(201, '{}'), { request: other, status: 502, body: '' }];
    const { failures, examples } = failureExamples(answers);
    expect(failures).toBe(4);
    expect(examples.map((e) => e.key)).toEqual(['POST /api/products answered 500', 'POST /api/products a 400 that is not JSON', 'GET /api/orders answered 502']);
    expect(examples[0]!.example).toMatchObject({ why: 'answered 500', method: 'POST', url: '/api/products', token: 'vendor', body: '{' });
  });
});

describe('the run settings', () => {
  it('takes the seed and the count from FUZZ_SEED and FUZZ_RUNS, else a fresh seed and the default count', () => {
    expect(fuzzSeed({ FUZZ_SEED: '-12345' })).toBe(-12345);
    expect(Number.isInteger(fuzzSeed({}))).toBe(true);
    expect(fuzzRuns(1_000, {})).toBe(1_000);
    expect(fuzzRuns(1_000, { FUZZ_RUNS: '10000' })).toBe(10_000);
  });
});
