import { describe, expect, it, vi } from 'vitest';
import { appRoutes, isAdminPath, preloadRoutePage, routeAccess } from '../../../web/src/app/routes';

describe('route table (spec §2)', () => {
  // Guarded in the spec's sense = access 'vendor' (issue 11: who may open a route, not a boolean).
  it.each([
    ['/', false, 'public'],
    ['/forgot-password', false, 'public'],
    ['/reset-password', false, 'public'],
    ['/signup', false, 'public'],
    ['/signup-success', false, 'public'],
    ['/contact', false, 'public'],
    ['/dashboard', true, 'vendor'],
    ['/orders', true, 'vendor'],
    ['/payouts', true, 'vendor'],
    ['/products', true, 'vendor'],
    ['/products/new', true, 'vendor'],
    ['/products/P-10001-0007/edit', true, 'vendor'],
    ['/inventory', true, 'vendor'],
    // Issue 13: the vendor's support cases and one case's thread.
    ['/support', true, 'vendor'],
    ['/support/SC-20261120-093000-7F3A', true, 'vendor'],
    // Issue 15: one order's detail page.
    ['/orders/mo_2026030800001', true, 'vendor'],
  ])('%s: header %s, access %s', (path, header, access) => {
    expect(routeAccess(path)).toMatchObject({ header, access });
  });

  it('shows the header and does not guard every other route', () => {
    for (const path of ['/nope', '/dashboard/extra', '/orders/123/extra', '/products/P-1', '/products/P-1/edit/more', '/inventory/x', '/administrator']) {
      expect(routeAccess(path), path).toMatchObject({ header: true, access: 'public' });
    }
  });

  it('gives the /admin area to admins (issue 11), everyone else gets the header with the not-found page there', () => {
    for (const path of ['/admin', '/admin/', '/admin/vendors']) expect(routeAccess(path), path).toMatchObject({ header: true, access: 'admin', admin: true });
    expect(appRoutes.filter((r) => r.access === 'admin').map((r) => r.path)).toEqual(['/admin/*']);
  });

  it('treats a trailing slash like the route itself', () => {
    expect(routeAccess('/dashboard/')).toMatchObject({ header: true, access: 'vendor' });
    expect(routeAccess('/products/P-1/edit/')).toMatchObject({ header: true, access: 'vendor' });
  });

  it('checks the /admin prefix', () => {
    expect(isAdminPath('/admin')).toBe(true);
    expect(isAdminPath('/admin/vendors/V-1')).toBe(true);
    expect(isAdminPath('/administrator')).toBe(false);
    expect(isAdminPath('/dashboard')).toBe(false);
    expect(routeAccess('/admin/x').admin).toBe(true);
  });

  it('lazy-loads every page, the login page too', () => {
    for (const route of appRoutes) expect(route.page.$$typeof, route.path).toBe(Symbol.for('react.lazy'));
  });

  it('fetches the code of the page a path opens ahead (while a stored session is checked), and of no other', () => {
    const spies = appRoutes.map((r) => vi.spyOn(r.page, 'preload').mockResolvedValue(undefined));
    preloadRoutePage('/products/P-7/edit/');
    const called = appRoutes.filter((_, i) => spies[i]!.mock.calls.length > 0).map((r) => r.path);
    expect(called).toEqual(['/products/:productId/edit']);
    for (const spy of spies) spy.mockRestore();
  });
});
