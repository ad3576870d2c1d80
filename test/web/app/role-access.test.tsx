import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { routes, type Route } from '../../../contracts/routes';
import { MEMBER_ROLES, mayOpen, type MemberRole, type PageKey } from '../../../contracts/team-roles';
import { appRoutes } from '../../../web/src/app/routes';
import { auth, configure, meBody, signedInUser, storeAmplifySession, stubFetch, type FetchCall } from '../amplify-mock';
import { renderApp, resetAppState } from '../render-app';

vi.mock('aws-amplify', () => ({ Amplify: { configure } }));
vi.mock('aws-amplify/auth', () => auth);
vi.mock('aws-amplify/utils', () => ({ ConsoleLogger: {} }));

/**
 * Roles once (issue 25, item 4): the web opens a vendor page to the roles of its `area`
 * (contracts/team-roles.ts `PAGE_ROLES`), the API serves a route to its `roles` (contracts/routes.ts).
 * For every area of the web's vendor pages and every team role, this opens each of its pages as a member
 * of that role and records the API calls it makes (the page's and the header's), then checks both ways:
 * - a role the web lets in: every call is one the API accepts for that role (else the member sees a
 *   page of "not allowed" errors);
 * - a role the web keeps out: at least one of the page's calls is refused to it (else the web hides a
 *   page the API would serve).
 * Each call is answered 503: the test is about which routes a page asks for, not what it shows.
 */

const SOON = { timeout: 15_000 };

/** A value for each route parameter (the page asks for it; the answer does not matter). */
const concrete = (path: string) => path.replace(':orderId', 'O-1').replace(':productId', 'P-1').replace(':caseId', 'SC-1');

/** The contract route a call is for: its method and its path against the route's `{param}` template. */
function contractRoute(call: FetchCall): Route | undefined {
  const path = new URL(call.url, 'http://localhost').pathname;
  return routes.find((r) => r.method === call.method && new RegExp(`^${r.path.replace(/\{[^}]+\}/g, '[^/]+').replace(/\./g, '\\.')}$`).test(path));
}

const accepts = (route: Route, role: MemberRole) => route.access === 'signed-in' || (route.access === 'vendor' && route.roles.includes(role));
const label = (call: FetchCall) => `${call.method} ${new URL(call.url, 'http://localhost').pathname}`;

const vendorPages = appRoutes.filter((r): r is (typeof appRoutes)[number] & { area: PageKey } => r.access === 'vendor' && r.area !== undefined);

/** Opens `path` as a member with `role` and answers once the page shows and nothing it loads is loading any more. */
async function callsOf(path: string, role: MemberRole): Promise<FetchCall[]> {
  storeAmplifySession();
  const me = meBody({ memberRole: role, accountHolder: role === 'owner' });
  const calls = stubFetch((call) => (call.url === '/api/me' ? { status: 200, body: me } : { status: 503, body: { error: 'service_unavailable', message: 'x' } }));
  renderApp(path);
  // The first page of the file loads the shell's and the page's code: give it time on a busy machine.
  await screen.findByRole('heading', { level: 1 }, { timeout: 60_000 });
  expect(screen.queryByTestId('not-allowed'), `${path} as ${role}`).toBeNull();
  await waitFor(() => expect(document.querySelector('.load-status[data-state="loading"]')).toBeNull(), SOON);
  return calls.filter((c) => c.url.startsWith('/api/'));
}

describe('roles once: the web opens a page to exactly the roles the API serves its calls to (issue 25, item 4)', () => {
  beforeAll(async () => {
    await resetAppState();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    localStorage.clear();
    sessionStorage.clear();
  });

  it('every vendor page of the web route table has an area, and every area is a page', () => {
    expect(appRoutes.filter((r) => r.access === 'vendor' && r.area === undefined)).toEqual([]);
  });

  const areas = [...new Set(vendorPages.map((r) => r.area))];
  it.each(areas)('%s', { timeout: 240_000 }, async (area) => {
    signedInUser();
    const seen = new Map<string, Route>();
    const problems: string[] = [];
    for (const { path } of vendorPages.filter((r) => r.area === area)) {
      for (const role of MEMBER_ROLES.filter((r) => mayOpen(r, area))) {
        for (const call of await callsOf(concrete(path), role)) {
          const route = contractRoute(call);
          if (!route) problems.push(`${label(call)}: not in contracts/routes.ts`);
          else if (!accepts(route, role)) problems.push(`${path} is open to ${role} in the web, but the API refuses ${role} ${label(call)}`);
          else seen.set(label(call), route);
        }
        cleanup();
        vi.unstubAllGlobals();
      }
    }
    // The web opens or closes a whole area at once: some call of its pages must be refused to each role it keeps out.
    for (const role of MEMBER_ROLES.filter((r) => !mayOpen(r, area))) {
      if ([...seen.values()].every((route) => accepts(route, role))) {
        problems.push(`${area} is closed to ${role} in the web, but the API serves ${role} every call its pages make (${[...seen.keys()].join(', ')})`);
      }
    }
    expect(problems).toEqual([]);
  });
});
