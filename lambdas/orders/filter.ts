import * as z from 'zod';
import { csvFormatParam } from '../shared/csv-labels';
import { addDays, isDay, MARKETPLACE_TIME_ZONE, startOfDay } from '../shared/dates';
import { ORDER_STATUSES, vendorStatusKey, type OrderStatus } from '../sales/model';

/**
 * The orders filter shared by the list (`GET /api/orders`) and the CSV export: status and a range of
 * marketplace-local days. Turned here into the key condition of one DynamoDB Query — on the table
 * (`vendorId`) or, with a status, on the `byVendorStatus` index — whose sort key `orderKey`
 * (`placedAt#orderId`, placedAt in UTC) makes a day range a key range.
 */
export interface OrdersFilter {
  status?: OrderStatus;
  /** First marketplace-local day, inclusive (yyyy-mm-dd). */
  from?: string;
  /** Last marketplace-local day, inclusive (yyyy-mm-dd). */
  to?: string;
}

export const PAGE_SIZE_DEFAULT = 25;
export const PAGE_SIZE_MAX = 100;

/** Days the filter accepts: real calendar days in a range the marketplace can have orders in. */
export const FIRST_FILTER_DAY = '2000-01-01';
export const LAST_FILTER_DAY = '2999-12-31';

export const isFilterDay = (value: string): boolean => isDay(value) && value >= FIRST_FILTER_DAY && value <= LAST_FILTER_DAY;

/** A query parameter left empty (`?status=&from=`, as an HTML form sends it) counts as not given. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

const day = z.string().refine(isFilterDay, { message: `must be a calendar day written yyyy-mm-dd, between ${FIRST_FILTER_DAY} and ${LAST_FILTER_DAY}` });

const filterShape = {
  status: optional(z.enum(ORDER_STATUSES, { message: `must be one of ${ORDER_STATUSES.join(', ')}` })),
  from: optional(day),
  to: optional(day),
};

const fromNotAfterTo = (q: OrdersFilter) => !q.from || !q.to || q.from <= q.to;
const fromAfterTo = { message: 'from must not be after to', path: ['from'] };

/**
 * `GET /api/orders/export.csv` query: the filter and the CSV's column set (`format`,
 * lambdas/shared/csv-labels.ts). Unknown parameters are refused (a misspelt filter must not silently
 * export everything).
 */
export const exportQuery = z.strictObject({ ...filterShape, format: csvFormatParam }).refine(fromNotAfterTo, fromAfterTo);

/** The longest order number the marketplace sends (contracts/order-events.ts). */
export const ORDER_NUMBER_MAX = 64;

/**
 * What a vendor types to find an order by number (issue 15): NFKC-normalised (full-width letters,
 * digits and hyphens from an IME become ASCII) and trimmed; an exact number or its beginning.
 */
export const normalizeOrderNumber = (value: string): string => value.normalize('NFKC').trim();

const orderNumberSearch = z
  .string()
  .transform(normalizeOrderNumber)
  .pipe(z.string().min(1, { message: 'must not be blank' }).max(ORDER_NUMBER_MAX, { message: `must be at most ${ORDER_NUMBER_MAX} characters` }));

/** `GET /api/orders` query: the filter, or (`number`) the search by order number, which takes no filter. */
export const listQuery = z
  .strictObject({
    ...filterShape,
    cursor: optional(z.string().max(2048, { message: 'is not a cursor this API issued' })),
    limit: optional(
      z
        .string()
        .regex(/^\d{1,3}$/, { message: `must be a whole number from 1 to ${PAGE_SIZE_MAX}` })
        .transform(Number)
        .pipe(z.number().int().min(1, { message: `must be from 1 to ${PAGE_SIZE_MAX}` }).max(PAGE_SIZE_MAX, { message: `must be from 1 to ${PAGE_SIZE_MAX}` })),
    ),
    number: optional(orderNumberSearch),
  })
  .refine(fromNotAfterTo, fromAfterTo)
  .refine((q) => !q.number || (!q.status && !q.from && !q.to), { message: 'cannot be combined with status, from or to', path: ['number'] });

/**
 * The UTC `orderKey` bounds of a day range: `[start of from, start of the day after to)`. Written
 * as an inclusive BETWEEN on strings, the upper bound is the next day's first instant itself: no
 * order key equals it (keys go on with `#orderId`) and every key placed before it sorts below it.
 */
export function orderKeyBounds(filter: Pick<OrdersFilter, 'from' | 'to'>, timeZone: string = MARKETPLACE_TIME_ZONE): { lower?: string; upper?: string } {
  return {
    ...(filter.from ? { lower: startOfDay(filter.from, timeZone).toISOString() } : {}),
    ...(filter.to ? { upper: startOfDay(addDays(filter.to, 1), timeZone).toISOString() } : {}),
  };
}

export interface KeyCondition {
  IndexName?: string;
  KeyConditionExpression: string;
  ExpressionAttributeValues: Record<string, string>;
}

export const STATUS_INDEX = 'byVendorStatus';

/** The partition and sort-key condition of the vendor's orders matching `filter`. */
export function keyCondition(vendorId: string, filter: OrdersFilter, timeZone: string = MARKETPLACE_TIME_ZONE): KeyCondition {
  const { lower, upper } = orderKeyBounds(filter, timeZone);
  const partition = filter.status ? `vendorStatus = :pk` : `vendorId = :pk`;
  const values: Record<string, string> = { ':pk': filter.status ? vendorStatusKey(vendorId, filter.status) : vendorId };
  let range = '';
  if (lower !== undefined && upper !== undefined) range = ' AND orderKey BETWEEN :lower AND :upper';
  else if (lower !== undefined) range = ' AND orderKey >= :lower';
  else if (upper !== undefined) range = ' AND orderKey < :upper';
  if (lower !== undefined) values[':lower'] = lower;
  if (upper !== undefined) values[':upper'] = upper;
  return {
    ...(filter.status ? { IndexName: STATUS_INDEX } : {}),
    KeyConditionExpression: `${partition}${range}`,
    ExpressionAttributeValues: values,
  };
}

/** The item key a Query on the table or the status index resumes after (ExclusiveStartKey). */
export function startKey(vendorId: string, filter: OrdersFilter, orderKey: string): Record<string, string> {
  return filter.status ? { vendorStatus: vendorStatusKey(vendorId, filter.status), orderKey, vendorId } : { vendorId, orderKey };
}

/** True when `orderKey` lies inside the filter's key range (a start key outside it makes DynamoDB refuse the Query). */
export function orderKeyInRange(orderKey: string, filter: OrdersFilter, timeZone: string = MARKETPLACE_TIME_ZONE): boolean {
  const { lower, upper } = orderKeyBounds(filter, timeZone);
  return (lower === undefined || orderKey >= lower) && (upper === undefined || orderKey <= upper);
}
