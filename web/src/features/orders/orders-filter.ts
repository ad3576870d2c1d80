import { FIRST_FILTER_DAY, isFilterDay, LAST_FILTER_DAY, normalizeOrderNumber, ORDER_NUMBER_MAX, ORDER_STATUSES, type OrderStatus } from '@contracts/orders';

export { FIRST_FILTER_DAY, isFilterDay, LAST_FILTER_DAY, ORDER_NUMBER_MAX, ORDER_STATUSES, type OrderStatus };

/**
 * The orders filter (docs/api.md, GET /api/orders): a status and a range of marketplace-local days,
 * kept in the page's URL (`/orders?status=paid&from=2026-03-01&to=2026-03-08`) so a reload, a link
 * and back/forward show the same orders.
 */
export interface OrdersFilter {
  status?: OrderStatus;
  /** First marketplace day, inclusive (yyyy-mm-dd). */
  from?: string;
  /** Last marketplace day, inclusive (yyyy-mm-dd). */
  to?: string;
  /**
   * The search by order number (issue 15): an exact number or its beginning. A search takes no
   * status or days (the API refuses the mix): in the URL it wins over them.
   */
  number?: string;
}

/** The URL search parameters the filter owns; other parameters are left alone. */
export const FILTER_PARAMS = ['status', 'from', 'to', 'number'] as const;

export const isOrderStatus = (value: unknown): value is OrderStatus => typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);

/**
 * The filter a URL asks for, ignoring what the API would refuse: an unknown status means all
 * statuses, a day that is not a real day (or is out of range) is left out, and a range whose start
 * is after its end is dropped as a whole. The page then rewrites the URL to what it shows.
 */
export function parseOrdersFilter(params: URLSearchParams): OrdersFilter {
  const status = params.get('status');
  const from = params.get('from');
  const to = params.get('to');
  const number = normalizeOrderNumber(params.get('number') ?? '').slice(0, ORDER_NUMBER_MAX);
  if (number) return { number };
  const filter: OrdersFilter = {};
  if (isOrderStatus(status)) filter.status = status;
  const validFrom = from !== null && isFilterDay(from) ? from : undefined;
  const validTo = to !== null && isFilterDay(to) ? to : undefined;
  if (!(validFrom && validTo && validFrom > validTo)) {
    if (validFrom) filter.from = validFrom;
    if (validTo) filter.to = validTo;
  }
  return filter;
}

/** `params` with the filter's parameters set to `filter` (absent ones removed), in a stable order. */
export function filterSearchParams(filter: OrdersFilter, params: URLSearchParams = new URLSearchParams()): URLSearchParams {
  const next = new URLSearchParams();
  for (const [name, value] of params) if (!(FILTER_PARAMS as readonly string[]).includes(name)) next.append(name, value);
  for (const name of FILTER_PARAMS) {
    const value = filter[name];
    if (value) next.set(name, value);
  }
  return next;
}

/** One string per distinct filter: pages and answers are keyed by it. */
export function filterKey(filter: OrdersFilter): string {
  return `${filter.status ?? ''}|${filter.from ?? ''}|${filter.to ?? ''}${filter.number ? `|#${filter.number}` : ''}`;
}

export function isFiltered(filter: OrdersFilter): boolean {
  return Boolean(filter.status || filter.from || filter.to || filter.number);
}

/** The query string of an orders call: `?status=paid&from=…&cursor=…` ('' without parameters). */
export function ordersQuery(filter: OrdersFilter, extra: { cursor?: string | null } = {}): string {
  const params = filterSearchParams(filter);
  if (extra.cursor) params.set('cursor', extra.cursor);
  const query = params.toString();
  return query ? `?${query}` : '';
}
