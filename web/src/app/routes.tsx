import { lazy, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { matchPath } from 'react-router-dom';
import type { PageKey } from '@contracts/team-roles';

/**
 * Who may open a route (issue 11). public: anyone; vendor: approved vendors only, the route guard of
 * spec §2 ("guarded" there); admin: the ops console, for the Cognito group `admins` only (everyone
 * else sees what the spec gives the /admin prefix: the header and the not-found page).
 */
export type RouteAccessLevel = 'public' | 'vendor' | 'admin';

/**
 * A route's page: a lazy component whose code can also be fetched ahead (`preload`), e.g. while the
 * session is checked, and, once fetched, rendered without suspending (`loaded`, see `RoutePage`).
 */
export type LazyPage = LazyExoticComponent<ComponentType> & { preload(): Promise<unknown>; loaded(): ComponentType | undefined };

export const lazyPage = (load: () => Promise<{ default: ComponentType }>): LazyPage => {
  let loaded: ComponentType | undefined;
  const loadAndKeep = () =>
    load().then((module) => {
      loaded = module.default;
      return module;
    });
  return Object.assign(lazy(loadAndKeep), { preload: loadAndKeep, loaded: () => loaded });
};

/**
 * Renders a route's page: its component itself when its code is already here (fetched ahead while the
 * session was checked), else the lazy one. Rendering a lazy component always suspends once, even for
 * loaded code, and React holds back the reveal of suspended content for up to 300 ms after a fallback
 * showed; a page whose code is here paints at once instead. Chosen once per mount (a switch from the
 * lazy to the plain component would remount the page and lose its state); give it `key` per route.
 */
export function RoutePage({ page }: { page: LazyPage }) {
  const [Page] = useState<ComponentType>(() => page.loaded() ?? page);
  return <Page />;
}

export interface AppRoute {
  /** react-router path pattern (`:param` segments allowed). */
  path: string;
  /** Whether the portal header is shown (spec §2 route table); the ops console has its own. */
  header: boolean;
  access: RouteAccessLevel;
  page: LazyPage;
  /** Vendor pages: the part of the portal it belongs to, whose team roles may open it (contracts/team-roles.ts `PAGE_ROLES`). */
  area?: PageKey;
}

export const NotFoundPage = lazyPage(() => import('./not-found-page'));

/**
 * The route table of spec §2, plus the listings routes the spec leaves unshown (issue 5: the product
 * lists with `?tab=`, the item form, inventory), guarded like /dashboard. Every page is its own lazy
 * chunk, the login page too, so a visitor downloads only the route they open. Routes not listed show
 * the header and are public. The ops console (issue 13) is one lazy chunk under /admin.
 */
export const appRoutes: readonly AppRoute[] = [
  { path: '/', header: false, access: 'public', page: lazyPage(() => import('../features/auth/login-page')) },
  { path: '/forgot-password', header: false, access: 'public', page: lazyPage(() => import('../features/auth/forgot-password-page')) },
  { path: '/reset-password', header: false, access: 'public', page: lazyPage(() => import('../features/auth/reset-password-page')) },
  { path: '/signup', header: false, access: 'public', page: lazyPage(() => import('../features/auth/signup-page')) },
  { path: '/signup-success', header: false, access: 'public', page: lazyPage(() => import('../features/auth/signup-success-page')) },
  // Not in the spec (issue 10): how a visitor who cannot sign in reaches vendor support.
  { path: '/contact', header: false, access: 'public', page: lazyPage(() => import('../features/auth/contact-page')) },
  { path: '/dashboard', header: true, access: 'vendor', area: 'dashboard', page: lazyPage(() => import('../features/dashboard/dashboard-page')) },
  { path: '/orders', header: true, access: 'vendor', area: 'orders', page: lazyPage(() => import('../features/orders/orders-page')) },
  { path: '/orders/:orderId', header: true, access: 'vendor', area: 'orders', page: lazyPage(() => import('../features/orders/order-page')) },
  { path: '/payouts', header: true, access: 'vendor', area: 'payouts', page: lazyPage(() => import('../features/payouts/payouts-page')) },
  { path: '/products', header: true, access: 'vendor', area: 'products', page: lazyPage(() => import('../features/listings/products-page')) },
  { path: '/products/new', header: true, access: 'vendor', area: 'products', page: lazyPage(() => import('../features/listings/product-form-page')) },
  { path: '/products/:productId/edit', header: true, access: 'vendor', area: 'products', page: lazyPage(() => import('../features/listings/product-form-page')) },
  { path: '/inventory', header: true, access: 'vendor', area: 'inventory', page: lazyPage(() => import('../features/inventory/inventory-page')) },
  // Issue 15: bulk price and stock by spreadsheet (export, dry run, apply, undo).
  { path: '/inventory/bulk', header: true, access: 'vendor', area: 'inventory', page: lazyPage(() => import('../features/inventory/bulk/bulk-page')) },
  // Issue 12: the notifications inbox the header's bell leads to.
  { path: '/notifications', header: true, access: 'vendor', area: 'notifications', page: lazyPage(() => import('../features/notifications/notifications-page')) },
  // Issue 13: the vendor's support cases (the help menu's "Support cases") and each case's thread.
  { path: '/support', header: true, access: 'vendor', area: 'support', page: lazyPage(() => import('../features/support/support-cases-page')) },
  { path: '/support/:caseId', header: true, access: 'vendor', area: 'support', page: lazyPage(() => import('../features/support/support-case-page')) },
  // Issue 14: the owner's team page, and where an e-mailed invitation leads (signed in or not).
  { path: '/team', header: true, access: 'vendor', area: 'team', page: lazyPage(() => import('../features/team/team-page')) },
  { path: '/invite', header: false, access: 'public', page: lazyPage(() => import('../features/team/invite-page')) },
  // Issue 14: the activity log (who did what in the account), from the account menu; owners only.
  { path: '/activity', header: true, access: 'vendor', area: 'activity', page: lazyPage(() => import('../features/activity/activity-page')) },
  // The spec checks the /admin prefix without showing anything for it: to anyone not in `admins` the
  // area still shows the header and not-found content; admins get the ops console (its own header).
  { path: '/admin/*', header: true, access: 'admin', page: lazyPage(() => import('../features/admin/admin-console')) },
  { path: '*', header: true, access: 'public', page: NotFoundPage },
];

/** True for the admin area: /admin and anything below it (not /administrator). */
export function isAdminPath(pathname: string): boolean {
  return pathname === '/admin' || pathname.startsWith('/admin/');
}

/** What the shell does for a path: header shown or hidden, and who may open it (spec §2, issue 11). */
export function routeAccess(pathname: string): { header: boolean; access: RouteAccessLevel; admin: boolean; area?: PageKey } {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  // Parameterised routes match too (/products/P-1/edit); the catch-alls fall through to the default.
  const exact = appRoutes.find((r) => !r.path.endsWith('*') && matchPath({ path: r.path, end: true }, path));
  const admin = isAdminPath(path);
  if (exact) return { header: exact.header, access: exact.access, admin, ...(exact.area ? { area: exact.area } : {}) };
  return { header: true, access: admin ? 'admin' : 'public', admin };
}

/**
 * Starts fetching the code of the page at `pathname` (its chunk and what it imports), e.g. while a
 * stored session is being checked, so the page can render as soon as the check ends.
 */
export function preloadRoutePage(pathname: string): void {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const route = appRoutes.find((r) => !r.path.endsWith('*') && matchPath({ path: r.path, end: true }, path));
  route?.page.preload().catch(() => undefined);
}
