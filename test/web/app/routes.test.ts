import { describe, expect, it, vi } from 'vitest';
import { appRoutes, isAdminPath, preloadRoutePage, routeAccess } from '../../../web/src/app/routes';

describe('route table (spec §2)', () => {
  it.each([
    ['/', false, false],
    ['/forgot-password', false, false],
    ['/reset-password', false, false],
    ['/signup', false, false],
    ['/signup-success', false, false],
    ['/contact', false, false],
    ['/dashboard', true, true],
    ['/orders', true, true],
    ['/payouts', true, true],
    ['/products', true, true],
    ['/products/new', true, true],
    ['/products/P-10001-0007/edit', true, true],
    ['/inventory', true, true],
  ])('%s: header %s, guarded %s', (path, header, guarded) => {
    expect(routeAccess(path)).toMatchObject({ header, guarded });
  });

  it('shows the header and does not guard every other route', () => {
    for (const path of ['/nope', '/dashboard/extra', '/orders/123', '/products/P-1', '/products/P-1/edit/more', '/inventory/x', '/admin', '/admin/vendors']) {
      expect(routeAccess(path), path).toMatchObject({ header: true, guarded: false });
    }
  });

  it('treats a trailing slash like the route itself', () => {
    expect(routeAccess('/dashboard/')).toMatchObject({ header: true, guarded: true });
    expect(routeAccess('/products/P-1/edit/')).toMatchObject({ header: true, guarded: true });
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
