/**
 * An order's statuses and the filter's bounds (zod-free: the orders page's filter imports them without
 * zod). The answer of GET /api/orders is in order-answers.ts, the page's form schemas in order-filter.ts.
 */
import { isCalendarDay } from './calendar-day';

export const ORDER_STATUSES = ['pending', 'paid', 'fulfilled', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The days the orders filter accepts (lambdas/orders/filter.ts; a unit test keeps them equal). */
export const FIRST_FILTER_DAY = '2000-01-01';
export const LAST_FILTER_DAY = '2999-12-31';

/** The longest order number (lambdas/orders/filter.ts ORDER_NUMBER_MAX). */
export const ORDER_NUMBER_MAX = 64;

/** A real calendar day the filter accepts (yyyy-mm-dd, from FIRST_FILTER_DAY to LAST_FILTER_DAY). */
export const isFilterDay = (value: string): boolean => isCalendarDay(value) && value >= FIRST_FILTER_DAY && value <= LAST_FILTER_DAY;

/** What a vendor types to find an order by number: NFKC (full-width letters and digits from an IME as ASCII), trimmed. */
export const normalizeOrderNumber = (value: string): string => value.normalize('NFKC').trim();
