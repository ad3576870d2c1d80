import { stubFetch, USER_ID, type FetchCall } from '../../amplify-mock';

/** GET /api/me of the demo admin (ops@example.com): group admins, no vendor record (issue 11). */
export const adminMe = {
  userId: USER_ID,
  email: 'ops@example.com',
  groups: ['admins'],
  roles: ['admin'],
  status: null,
  vendorId: null,
  vendorName: null,
  language: null,
  payoutAccountId: null,
};

type Answer = { status: number; body?: unknown };

/**
 * The API as the demo admin sees it: /api/me, then `routes` (the first that answers, by URL and method),
 * and 403 for anything else (a vendor route).
 */
export function adminApi(routes: (call: FetchCall) => Answer | undefined): FetchCall[] {
  return stubFetch((call) => {
    if (call.url === '/api/me' && call.method === 'GET') return { status: 200, body: adminMe };
    if (call.url === '/api/me') return { status: 404, body: { error: 'vendor_not_found', message: 'Vendor not found for user user-1' } };
    return routes(call) ?? { status: 403, body: { error: 'vendor_not_approved', message: 'Your vendor account is not approved.' } };
  });
}
