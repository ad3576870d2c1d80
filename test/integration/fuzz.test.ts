import { beforeAll, describe, expect, inject, it } from 'vitest';
import { completeForm } from '../lambdas/listings/fixtures';
import { demoAccounts } from '../../scripts/demo/accounts';
import { api, idTokenFor } from '../support/auth';
import { expired, forged, tampered } from '../support/tokens';
import { failureExamples, fuzzRequests, fuzzRuns, fuzzSeed, missedRoutes, type Answer, type FuzzContext, type FuzzRequest } from '../lambdas/route-table/fuzz-requests';
import { approvedVendor, orderItem, putItems } from './orders-fixtures';

/**
 * Fuzzing the whole route table through the local API server: 1,000 requests in `npm test`, 10,000 in
 * `npm run bench:fuzz` (`FUZZ_RUNS` changes the count), made by the generator of
 * test/lambdas/route-table/fuzz-requests.ts (malformed JSON, wrong types, huge values, prototype keys,
 * bad and foreign ids, odd query strings, bad tokens). The promise: no answer is ≥ 500, and every 4xx
 * is JSON `{ error, message }` with both strings.
 *
 * Seeded: the seed is printed; `FUZZ_SEED=<seed>` replays the same requests. Most requests carry the
 * token of a vendor created here, so handlers really parse bodies and queries and whatever the fuzzer
 * writes lands in that throwaway account, never in the demo vendor's data; the ops console's routes
 * go mostly as the demo admin; the rest are anonymous or carry broken tokens.
 */
const SEED = fuzzSeed();
const RUNS = fuzzRuns(1_000);
const CONCURRENCY = 8;

let ctx: FuzzContext;

const tokens: Record<FuzzRequest['token'], string | undefined> = { vendor: undefined, admin: undefined, none: undefined, garbage: 'not.a.jwt', tampered: undefined, expired: undefined, forged: undefined, notBearer: undefined };

beforeAll(async () => {
  const vendor = await approvedVendor('fuzz', 'Fuzz Foods');
  Object.assign(tokens, {
    vendor: vendor.token,
    admin: await idTokenFor(demoAccounts.admin.email, demoAccounts.admin.password),
    tampered: tampered(vendor.token, { 'cognito:groups': ['admins'] }),
    expired: expired(vendor.token),
    forged: forged(vendor.token),
    notBearer: vendor.token,
  });
  const productIds: string[] = [];
  // Real ids and cursors of the fuzz vendor's own, so some requests get past "not found" into the handlers' deeper paths.
  for (let i = 0; i < 3; i += 1) {
    const res = await api('/api/products', { method: 'POST', token: vendor.token, body: JSON.stringify({ values: completeForm({ images: [], nutritionLabel: '', nameEn: `Fuzz ${i}` }), submit: false }) });
    if (res.status !== 201) throw new Error(`POST /api/products: ${res.status} ${JSON.stringify(res.body)}`);
    productIds.push((res.body as { productId: string }).productId);
  }
  await putItems(
    'orders',
    [1, 2, 3].map((n) => orderItem(vendor.vendorId, { orderId: `fz${n}`, placedAt: `2026-11-1${n}T18:00:00Z`, status: 'paid', lines: [{ sku: 'FZ-1', name: 'Fuzz', quantity: n, unitPriceCents: 1_000 }] })),
  );
  const cursor = async (path: string) => {
    const res = await api(path, { token: vendor.token });
    const next = (res.body as { nextCursor?: string }).nextCursor;
    if (!next) throw new Error(`${path} gave no cursor: ${res.status} ${JSON.stringify(res.body)}`);
    return next;
  };
  ctx = {
    vendorId: vendor.vendorId,
    productIds,
    cursors: { products: await cursor('/api/products?tab=draft&limit=1'), inventory: await cursor('/api/inventory?limit=1'), orders: await cursor('/api/orders?limit=1') },
  };
}, 60_000);

/** Requests sent a second time because the kept-alive connection closed under them (see `send`). */
let resent = 0;

async function send(apiUrl: string, r: FuzzRequest): Promise<Answer> {
  const headers: Record<string, string> = {};
  const token = tokens[r.token];
  if (token) headers.authorization = r.token === 'notBearer' ? token : `Bearer ${token}`;
  if (r.contentType) headers['content-type'] = r.contentType;
  const withBody = r.body !== undefined && !['GET', 'HEAD'].includes(r.method);
  const request = () => fetch(`${apiUrl}${r.path}${r.query}`, { method: r.method, headers, body: withBody ? r.body : undefined });
  let res: Response;
  try {
    res = await request();
  } catch (err) {
    // At load 35 the server's keep-alive timeout (5 s) can close an idle pooled connection just as
    // fetch reuses it ("other side closed"). Sent once more, on a new connection: a server that drops
    // the connection for this request drops it again, and that second failure fails the test.
    if ((err as { cause?: { code?: string } }).cause?.code !== 'UND_ERR_SOCKET') throw err;
    resent += 1;
    res = await request();
  }
  return { request: r, status: res.status, body: r.method === 'HEAD' ? '' : await res.text() };
}

describe('fuzzing the route table through the local API server', () => {
  it(`${RUNS.toLocaleString('en-US')} generated requests: none answers ≥ 500, every 4xx is { error, message }`, async () => {
    const requests = fuzzRequests(ctx, { seed: SEED, runs: RUNS });
    console.log(`fuzz: seed ${SEED} (replay: FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS} npx vitest run --project stack test/integration/fuzz.test.ts), ${requests.length} requests, ${CONCURRENCY} in flight`);

    const { apiUrl } = inject('stack');
    const started = performance.now();
    const answers: Answer[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < requests.length) {
          const r = requests[next++]!;
          answers.push(await send(apiUrl, r));
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;

    const byStatus = new Map<number, number>();
    for (const a of answers) byStatus.set(a.status, (byStatus.get(a.status) ?? 0) + 1);
    console.log(
      `fuzz: ${answers.length} answers in ${seconds.toFixed(1)} s (${(answers.length / seconds).toFixed(0)}/s; ${resent} sent again after their connection closed); statuses ${[...byStatus].sort(([x], [y]) => x - y).map(([s, n]) => `${s}×${n}`).join(' ')}`,
    );
    const { failures, examples } = failureExamples(answers);
    if (failures) console.log(`fuzz: ${failures} failing answers (seed ${SEED}); one example per route and failure:\n${examples.map(({ key, example }) => `  ${key}\n    ${JSON.stringify(example)}`).join('\n')}`);

    expect(answers).toHaveLength(RUNS);
    // Every route of the table was exercised (at 1,000 requests each of them gets about 15).
    expect(missedRoutes(answers.map((a) => a.request))).toEqual([]);
    expect(examples).toEqual([]);
  }, 600_000);
});
