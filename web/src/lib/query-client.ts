import { QueryClient } from '@tanstack/react-query';

/**
 * The app's one QueryClient (TanStack Query, issue 11), made by the signed-in shell
 * (app/shell/header-layout.tsx) when it mounts, so the login page never downloads the library and
 * signing out (which leaves the shell) drops every cached answer with it.
 *
 * Defaults keep the behaviour pages had with their hand-written hooks:
 * - `retry: false`: a failed request is said at once in the page's LoadStatus with **Try again**
 *   (that button is the retry); api.ts already refreshes an expired token itself.
 * - no refetch on window focus or reconnect: data changes only when the vendor acts (a new filter,
 *   page, Try again, a save), never under a half-filled form.
 * - `staleTime: 0`: every visit of a page asks the server again, as before; the cached answer is
 *   shown meanwhile, marked busy.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false, staleTime: 0 },
      mutations: { retry: false },
    },
  });
}

/**
 * Every query key of the app, by the API resource it caches, so a mutation can invalidate what it
 * changed (a prefix invalidates everything under it: `queryKeys.products.all` covers each tab and
 * each product). Features never import each other; they share these keys.
 */
export const queryKeys = {
  dashboard: ['dashboard'] as const,
  /** GET /api/me inside the shell (account settings' payout account); the session keeps its own copy. */
  me: ['me'] as const,
  /** Whether the user has two-step sign-in on (Cognito, through Amplify; account settings). */
  twoStep: ['two-step'] as const,
  orders: {
    all: ['orders'] as const,
    /** One page of one filter (`filter`: its query string), starting at `cursor` (null: page 1). */
    page: (filter: string, page: number, cursor: string | null) => ['orders', 'page', filter, page, cursor] as const,
    /** One order with its lines, commission and status history (issue 15). */
    detail: (orderId: string) => ['orders', 'detail', orderId] as const,
  },
  payouts: {
    all: ['payouts'] as const,
    method: ['payouts', 'method'] as const,
    list: (period: string | undefined) => ['payouts', 'list', period ?? 'all'] as const,
    details: (payoutId: string) => ['payouts', 'details', payoutId] as const,
  },
  products: {
    all: ['products'] as const,
    /** A tab's "Load more" list (an infinite query). */
    list: (tab: string) => ['products', 'list', tab] as const,
    detail: (productId: string) => ['products', 'detail', productId] as const,
  },
  inventory: {
    all: ['inventory'] as const,
    /** A search and sort's "Load more" list (an infinite query). */
    list: (query: string) => ['inventory', 'list', query] as const,
    /** The shop's default low-stock level and its re-check (under the inventory: a catalogue change reads it again). */
    settings: ['inventory', 'settings'] as const,
  },
  /** Bulk price and stock (issue 15): a job by id, or the vendor's last applied one (`null`). Not under `inventory`: a catalogue change does not reload it. */
  bulkJob: (jobId: string | null) => ['inventory-bulk', jobId ?? 'last'] as const,
  notifications: {
    all: ['notifications'] as const,
    /** The header badge's count (polled every 60 s and on window focus). */
    unread: ['notifications', 'unread'] as const,
    /** The inbox's "Load more" list (an infinite query). */
    list: ['notifications', 'list'] as const,
    /** E-mail preferences (account settings). */
    preferences: ['notifications', 'preferences'] as const,
  },
  /** The vendor's support cases (issue 13): the "Load more" list and each case with its thread. */
  /** Issue 14: the shop's team (owners' team page). */
  team: ['team'] as const,
  /** What an e-mailed invitation offers (the invite page, signed in; `token` from its link). */
  invitation: (token: string) => ['invitation', token] as const,
  support: {
    all: ['support'] as const,
    list: ['support', 'list'] as const,
    detail: (caseId: string) => ['support', 'detail', caseId] as const,
  },
  /** The vendor activity log (issue 14): a filter's "Load more" list (`filter`: its query string). */
  activity: {
    all: ['activity'] as const,
    list: (filter: string) => ['activity', 'list', filter] as const,
  },
};

/**
 * After a product changed (saved, submitted, deleted, its offer edited): every product list, product
 * and inventory list is invalidated. `refetchType: 'none'` marks them only (they load again when next
 * shown), for callers that already patched what is on screen from the server's answer or are leaving
 * the page; `'active'` also reloads at once whatever is on screen.
 */
export function invalidateCatalogue(client: QueryClient, refetchType: 'none' | 'active' = 'active'): void {
  void client.invalidateQueries({ queryKey: queryKeys.products.all, refetchType });
  void client.invalidateQueries({ queryKey: queryKeys.inventory.all, refetchType });
}
