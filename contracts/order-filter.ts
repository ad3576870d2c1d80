/**
 * The orders page's forms (web/src/features/orders: the filter and the search by number) as zod
 * schemas: the rules of `GET /api/orders`' query (lambdas/orders/filter.ts `listQuery`), on the
 * fields as typed. Messages are the web's text keys. `zod/mini`, loaded with the page's first
 * check (web/src/lib/lazy-zod-resolver.ts), not with its chunk.
 */
import * as z from 'zod/mini';
import { isFilterDay, normalizeOrderNumber, ORDER_NUMBER_MAX } from './orders';

const day = z.string().check(z.refine((value) => value === '' || isFilterDay(value), 'filter_day_invalid'));

/** Status ('' for all) and From / To days ('' for none); From must not be after To. */
export const ordersFilterFormSchema = z.object({ status: z.string(), from: day, to: day }).check(
  z.refine((f) => !(isFilterDay(f.from) && isFilterDay(f.to) && f.from > f.to), { message: 'filter_from_after_to', path: ['from'] }),
);
export type OrdersFilterFormValues = z.infer<typeof ordersFilterFormSchema>;

/** The search by number: not blank once normalised, at most ORDER_NUMBER_MAX characters. */
export const orderNumberSearchSchema = z.object({
  number: z.string().check(
    z.refine((value) => normalizeOrderNumber(value) !== '', 'order_search_blank'),
    z.refine((value) => normalizeOrderNumber(value).length <= ORDER_NUMBER_MAX, 'order_search_blank'),
  ),
});
export type OrderNumberSearchValues = z.infer<typeof orderNumberSearchSchema>;
