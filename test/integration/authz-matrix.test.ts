import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, afterAll, describe, expect, inject, it } from 'vitest';
import { routeKey, routes, type Route } from '../../contracts/routes';
import { localTableName } from '../../contracts/tables';
import { demoAccounts } from '../../scripts/demo/accounts';
import { startFakePayoutProvider } from '../../scripts/local/payout-provider-fake';
import { LOCAL_USER_POOL_ID } from '../../scripts/local/cognito';
import { api, cognitoCall, idTokenFor, turnOnTotp } from '../support/auth';
import { claimsOf, expired, forged, resigned, tampered } from '../support/tokens';
import { draftValues, expectations, expectedFor, PRINCIPALS, STEP_UP_ROUTES, type Ids, type Principal } from '../lambdas/route-table/authz-matrix';
import { approvedVendor, orderItem, putItems, type TestVendor } from './orders-fixtures';
import { invite, teamMember } from './team-fixtures';

/**
 * The authorization matrix through the local API server: every route of contracts/routes.ts × every
 * kind of caller (the table, its callers and the rules for who reaches a handler are in
 * test/lambdas/route-table/authz-matrix.ts, checked without a stack by its unit test, which also
 * fails when a route has no expectation). Here every cell is sent, with B's ids, and must answer
 * the status the table gives.
 */
let a: TestVendor;
let b: TestVendor;
let ids: Ids;
const tokens = {} as Record<Principal, string | undefined>;

/** B's two-step key (B turns it on in beforeAll). */
let bTotpSecret: string;
const B_PASSWORD = 'Fresh!Vendor2026';

beforeAll(async () => {
  [a, b] = [await approvedVendor('matrix.a', 'Matrix A Foods'), await approvedVendor('matrix.b', 'Matrix B Foods')];
  // Issue 14: B, the owner, has two-step sign-in on (the step-up of the payout method and the team) and signs in with a code.
  bTotpSecret = await turnOnTotp(b.email, B_PASSWORD);
  b = { ...b, token: await idTokenFor(b.email, B_PASSWORD, bTotpSecret) };
  // A second admin, without two-step sign-in (no vendor record, as the seeded ops account).
  const noTotpAdmin = `matrix.admin.${Date.now()}@example.com`;
  await cognitoCall('AdminCreateUser', { UserPoolId: LOCAL_USER_POOL_ID, Username: noTotpAdmin, MessageAction: 'SUPPRESS', UserAttributes: [{ Name: 'email', Value: noTotpAdmin }, { Name: 'email_verified', Value: 'true' }] });
  await cognitoCall('AdminSetUserPassword', { UserPoolId: LOCAL_USER_POOL_ID, Username: noTotpAdmin, Password: B_PASSWORD, Permanent: true });
  await cognitoCall('AdminAddUserToGroup', { UserPoolId: LOCAL_USER_POOL_ID, Username: noTotpAdmin, GroupName: 'admins' });
  const { pending, rejected, noRecord, admin } = demoAccounts;
  Object.assign(tokens, {
    anonymous: undefined,
    tampered: tampered(a.token, { sub: claimsOf(b.token).sub }),
    expired: expired(b.token),
    forged: forged(b.token),
    pending: await idTokenFor(pending.email, pending.password),
    rejected: await idTokenFor(rejected.email, rejected.password),
    noRecord: await idTokenFor(noRecord.email, noRecord.password),
    admin: await idTokenFor(admin.email, admin.password),
    otherVendor: a.token,
    owner: b.token,
    // Set below, once B's team exists.
    removed: undefined,
    manager: undefined,
    inventory: undefined,
    finance: undefined,
    adminWithoutTotp: await idTokenFor(noTotpAdmin, B_PASSWORD),
  } satisfies Record<Principal, string | undefined>);

  // B's ids: two drafts and a payout paid by the real worker (as test/integration/payouts-api.test.ts makes one).
  const draft = async () => {
    const res = await api('/api/products', { method: 'POST', token: b.token, body: JSON.stringify({ values: draftValues, submit: false }) });
    if (res.status !== 201) throw new Error(`POST /api/products: ${res.status} ${JSON.stringify(res.body)}`);
    return (res.body as { productId: string }).productId;
  };
  const [productId, deletableProductId] = [await draft(), await draft()];
  const method = await api('/api/payout-method', { method: 'PUT', token: b.token, body: JSON.stringify({ method: 'email', email: 'matrix.b@example.com' }) });
  if (method.status !== 200) throw new Error(`PUT /api/payout-method: ${method.status}`);
  await putItems('orders', [orderItem(b.vendorId, { orderId: 'mx1', placedAt: '2026-11-20T18:00:00Z', status: 'paid', lines: [{ sku: 'MX-1', name: 'Matrix Tea', quantity: 4, unitPriceCents: 2_500 }] })]);
  await putItems('ledger', [{ vendorId: b.vendorId, sk: 'BALANCE', balanceCents: 8_500, updatedAt: new Date().toISOString(), payable: 'Y' }]);
  const { dynamo } = await import('../../lambdas/shared/clients');
  await dynamo.send(new UpdateCommand({ TableName: localTableName('payoutAccounts'), Key: { vendorId: b.vendorId }, UpdateExpression: 'REMOVE holdUntil' }));
  const worker = await import('../../lambdas/payouts/worker-handler');
  const provider = await import('../../lambdas/payouts/provider');
  const fake = await startFakePayoutProvider();
  try {
    const email = provider.emailPayoutProvider(provider.envConfigSource({ PAYOUT_PROVIDER_URL: fake.url, PAYOUT_PROVIDER_API_KEY: fake.apiKey }));
    const outcome = await worker.payVendor({ vendorId: b.vendorId, periodId: '2026-11-2' }, { providers: { email }, feeCents: 100 });
    if (outcome !== 'paid') throw new Error(`payVendor: ${outcome}`);
  } finally {
    await fake.close();
  }
  const opened = await api('/api/support', { method: 'POST', token: b.token, body: JSON.stringify({ category: 'ask_question', message: 'Matrix case.', vendorId: b.vendorId }) });
  if (opened.status !== 201) throw new Error(`POST /api/support: ${opened.status}`);
  const supportCaseId = (opened.body as { caseId: string }).caseId;

  // B's team (issue 14): a member per role, and one B removed; two open invitations for the team rows.
  const [manager, inventory, finance, removed] = [await teamMember(b, 'manager'), await teamMember(b, 'inventory'), await teamMember(b, 'finance'), await teamMember(b, 'inventory', 'removed')];
  const gone = await api(`/api/team/members/${removed.memberId}`, { method: 'DELETE', token: b.token });
  if (gone.status !== 204) throw new Error(`DELETE /api/team/members: ${gone.status}`);
  Object.assign(tokens, { manager: manager.token, inventory: inventory.token, finance: finance.token, removed: removed.token });
  const invited = await invite(b, `matrix.role.${Date.now()}@example.com`, 'finance');
  const withdrawn = await invite(b, `matrix.withdrawn.${Date.now()}@example.com`, 'inventory');
  const dryRun = await api('/api/inventory/bulk', { method: 'POST', token: b.token, body: JSON.stringify({ fileName: 'matrix.csv', content: Buffer.from('sku,price\nMATRIX-1,1\n').toString('base64') }) });
  if (dryRun.status !== 201) throw new Error(`POST /api/inventory/bulk: ${dryRun.status}`);
  const bulkJobId = (dryRun.body as { jobId: string }).jobId;
  ids = {
    vendorId: b.vendorId,
    productId,
    deletableProductId,
    payoutId: `P-${b.vendorId}-2026-11-2`,
    supportCaseId,
    memberDeletable: { manager: await draft(), inventory: await draft() },
    invitedMemberId: invited.memberId,
    withdrawnMemberId: withdrawn.memberId,
    bulkJobId,
  };
}, 120_000);

afterAll(async () => {
  // PATCH /api/me's row set every reachable record to zh-TW: the pending demo account speaks English.
  if (tokens.pending) await api('/api/me', { method: 'PATCH', token: tokens.pending, body: JSON.stringify({ language: demoAccounts.pending.vendor.language }) });
});

async function call(route: Route, principal: Principal, token: string | undefined): Promise<{ status: number; text: string; json: unknown }> {
  const { params = {}, query = '', body } = expectations[routeKey(route)]!.request(ids, principal);
  const path = route.path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(params[name] ?? `missing-${name}`));
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${inject('stack').apiUrl}${path}${query}`, { method: route.method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    /* a CSV */
  }
  return { status: res.status, text, json };
}

describe('authorization matrix over contracts/routes.ts', () => {
  it('the forging helper signs exactly as cognito-local does: its re-signed token is accepted', async () => {
    // Without this control, the expired cells could pass because the helper signs badly, not because of `exp`.
    expect((await api('/api/me', { token: resigned(b.token) })).body).toMatchObject({ vendorId: b.vendorId });
  });

  for (const route of routes) {
    it(`${routeKey(route)} (${route.access})`, async () => {
      const cells: { principal: Principal; status: number; error?: string }[] = [];
      const wanted: typeof cells = [];
      // A change behind step-up wants a sign-in within 5 minutes: B signs in again (with its code) for those rows.
      if (STEP_UP_ROUTES.includes(routeKey(route))) tokens.owner = await idTokenFor(b.email, B_PASSWORD, bTotpSecret);
      for (const principal of PRINCIPALS) {
        const want = expectedFor(route, principal);
        const res = await call(route, principal, tokens[principal]);
        const errorBody = res.json as { error?: unknown; message?: unknown } | null;
        cells.push({ principal, status: res.status, ...(want.error ? { error: String(errorBody?.error) } : {}) });
        wanted.push({ principal, ...want });
        if (res.status >= 400) expect(errorBody, `${principal}: a ${res.status} is { error, message }`).toMatchObject({ error: expect.any(String), message: expect.any(String) });
        // Another vendor never sees B's ids in an answer, whatever its status.
        if (principal === 'otherVendor') for (const id of [ids.productId, ids.deletableProductId, ids.payoutId, ids.supportCaseId]) expect(res.text).not.toContain(id);
      }
      expect(cells).toEqual(wanted);
    });
  }
});
