import { describe, expect, it } from 'vitest';
import { routeKey, routes } from '../../../contracts/routes';
import type { MemberRole } from '../../../contracts/team';
import { expectations, expectedFor, MEMBERS, PRINCIPALS, reachesHandler, STEP_UP_ROUTES, UNVERIFIED, type Principal } from './authz-matrix';

/**
 * The authorization matrix's table on its own (issue 25: its pure part runs without a stack; the stack
 * test test/integration/authz-matrix.test.ts sends every cell). A route added to contracts/routes.ts
 * without an entry fails here, as does an entry that contradicts the route's access level or roles.
 */
describe('the authorization matrix table', () => {
  it('has an expectation for every route, and none for a route that no longer exists', () => {
    const keys = routes.map(routeKey);
    expect(keys.filter((k) => !expectations[k]), 'routes without an expectation').toEqual([]);
    expect(Object.keys(expectations).filter((k) => !keys.includes(k)), 'expectations for routes that do not exist').toEqual([]);
  });

  it('gives a status for exactly the callers each route lets reach its handler', () => {
    for (const r of routes) {
      const given = Object.keys(expectations[routeKey(r)]!.expect).sort();
      expect({ route: routeKey(r), given }).toEqual({ route: routeKey(r), given: [...reachesHandler[r.access]].sort() });
    }
  });

  it('answers every cell: unverified tokens 401 before any handler, the access level 403 with its code', () => {
    for (const r of routes) {
      for (const principal of PRINCIPALS) {
        const cell = expectedFor(r, principal);
        if (UNVERIFIED.includes(principal)) expect(cell, `${routeKey(r)} ${principal}`).toEqual({ status: 401, error: 'unauthorized' });
        else if (!reachesHandler[r.access].includes(principal)) {
          const code = r.access === 'admin' ? (principal === 'adminWithoutTotp' ? 'admin_mfa_required' : 'not_admin') : principal === 'removed' ? 'membership_ended' : 'vendor_not_approved';
          expect(cell, `${routeKey(r)} ${principal}`).toEqual({ status: 403, error: code });
        } else expect(cell.status, `${routeKey(r)} ${principal}`).toBe(expectations[routeKey(r)]!.expect[principal]);
      }
    }
  });

  it("refuses a team member exactly the vendor routes whose roles (contracts/routes.ts) leave the member's role out, with role_not_allowed", () => {
    const roleOf: Partial<Record<Principal, MemberRole>> = { manager: 'manager', inventory: 'inventory', finance: 'finance' };
    for (const r of routes) {
      if (r.access !== 'vendor') continue;
      for (const member of MEMBERS) {
        const allowed = r.roles.includes(roleOf[member]!);
        const cell = expectedFor(r, member);
        if (allowed) expect(cell.status, `${routeKey(r)} ${member}`).not.toBe(403);
        else expect(cell, `${routeKey(r)} ${member}`).toEqual({ status: 403, error: 'role_not_allowed' });
      }
      // The owner holds every role: a route refuses it only for want of a step-up (another vendor's 403s are ids or step-up too).
      expect(expectedFor(r, 'owner').status, `${routeKey(r)} owner`).not.toBe(403);
    }
  });

  it('names only existing routes behind a step-up, each a change the owner may make', () => {
    const keys = routes.map(routeKey);
    for (const key of STEP_UP_ROUTES) {
      expect(keys).toContain(key);
      expect(key).not.toMatch(/^GET /);
      expect(expectations[key]!.expect.owner, key).toBeLessThan(300);
    }
  });

  it('builds every request from ids alone, with no placeholder left in a path', () => {
    const ids = {
      vendorId: 'V-1',
      productId: 'P-1',
      deletableProductId: 'P-2',
      payoutId: 'P-V-1-2026-11-2',
      supportCaseId: 'C-1',
      memberDeletable: {},
      invitedMemberId: 'M-1',
      withdrawnMemberId: 'M-2',
      bulkJobId: 'B-1',
    };
    for (const r of routes) {
      for (const principal of PRINCIPALS) {
        const { params = {} } = expectations[routeKey(r)]!.request(ids, principal);
        const names = [...r.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
        expect(names.filter((n) => !params[n]), `${routeKey(r)} ${principal}`).toEqual([]);
      }
    }
  });
});
