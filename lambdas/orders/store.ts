import { paginateQuery, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, paging } from '../shared/clients';
import { BadRequestError } from '../shared/errors';
import { logger } from '../shared/logger';
import { tableName } from '../shared/tables';
import type { OrderItem } from '../sales/model';
import { keyCondition, startKey, type OrdersFilter } from './filter';

/** What the list and the export read of an order (RCUs are charged per item anyway; this keeps pages small on the wire). */
export type OrderRow = Pick<OrderItem, 'orderKey' | 'orderId' | 'orderNumber' | 'placedAt' | 'status' | 'totalCents' | 'quantity' | 'lines'>;

const PROJECTION = {
  ProjectionExpression: 'orderKey, orderId, orderNumber, placedAt, #status, totalCents, quantity, #lines',
  ExpressionAttributeNames: { '#status': 'status', '#lines': 'lines' },
};

export interface OrdersPage {
  orders: OrderRow[];
  /** orderKey of the last order returned when more orders follow, else null. */
  lastKey: string | null;
}

/**
 * One page of the vendor's orders matching `filter`, newest first, after `after` (an orderKey).
 * Asks DynamoDB for one order more than the page: when it comes back, another page exists, so a
 * client never follows a cursor to an empty page.
 */
export async function queryOrdersPage(vendorId: string, filter: OrdersFilter, opts: { limit: number; after?: string }): Promise<OrdersPage> {
  const key = keyCondition(vendorId, filter);
  const out = await send(
    new QueryCommand({
      TableName: tableName('orders'),
      ...key,
      ...PROJECTION,
      ScanIndexForward: false,
      Limit: opts.limit + 1,
      ...(opts.after ? { ExclusiveStartKey: startKey(vendorId, filter, opts.after) } : {}),
    }),
  );
  const items = (out.Items ?? []) as OrderRow[];
  if (items.length > opts.limit) {
    const orders = items.slice(0, opts.limit);
    return { orders, lastKey: orders[orders.length - 1]!.orderKey };
  }
  // Fewer items than asked for and yet a LastEvaluatedKey: DynamoDB's 1 MB page limit cut the page short.
  const last = out.LastEvaluatedKey?.orderKey as string | undefined;
  return { orders: items, lastKey: last && items.length > 0 ? items[items.length - 1]!.orderKey : null };
}

/**
 * Every order matching `filter`, newest first, one DynamoDB page at a time: the next page is read
 * only when the consumer asks for it, so an export holds one page in memory, never the whole history.
 */
export async function* orderPages(vendorId: string, filter: OrdersFilter, pageSize: number): AsyncGenerator<OrderRow[]> {
  const pages = paginateQuery(
    paging(pageSize),
    { TableName: tableName('orders'), ...keyCondition(vendorId, filter), ...PROJECTION, ScanIndexForward: false },
  );
  try {
    for await (const out of pages) {
      const items = (out.Items ?? []) as OrderRow[];
      if (items.length) yield items;
    }
  } catch (err) {
    throw refusedQuery(err);
  }
}

/**
 * The parsed query cannot produce a Query DynamoDB refuses; should one slip through anyway, the
 * caller gets a 400 about the request rather than a 500.
 */
async function send(command: QueryCommand) {
  try {
    return await dynamo.send(command);
  } catch (err) {
    throw refusedQuery(err);
  }
}

function refusedQuery(err: unknown): unknown {
  if ((err as Error | null)?.name !== 'ValidationException') return err;
  // Caused by the client's parameters, not a fault: WARN, so it does not look like an outage.
  logger.warn('orders query refused by DynamoDB', { error: err as Error });
  return new BadRequestError('These filter or paging parameters cannot be used together. Start again from the first page.', 'invalid_query');
}

/**
 * One order of the vendor by its id (GET /api/orders/{orderId}; the `byVendorOrderId` index, keyed by
 * the caller's vendor id, so another vendor's order is simply not found). Null when there is none.
 */
export async function getOrderById(vendorId: string, orderId: string): Promise<OrderItem | null> {
  const out = await send(
    new QueryCommand({
      TableName: tableName('orders'),
      IndexName: ORDER_ID_INDEX,
      KeyConditionExpression: 'vendorId = :vendorId AND orderId = :orderId',
      ExpressionAttributeValues: { ':vendorId': vendorId, ':orderId': orderId },
      Limit: 1,
    }),
  );
  return (out.Items?.[0] as OrderItem | undefined) ?? null;
}

export const ORDER_ID_INDEX = 'byVendorOrderId';
export const ORDER_NUMBER_INDEX = 'byVendorOrderNumber';

/** Where a search page ends: the last order's number and key (the index's key with the table's). */
export interface NumberSearchKey {
  orderNumber: string;
  orderKey: string;
}

/**
 * One page of the vendor's orders whose number starts with `prefix` (an exact number is its own
 * prefix), by number from the highest, after `after`: one key range of `byVendorOrderNumber`. Asks
 * for one order more than the page, like the list.
 */
export async function searchOrdersPage(vendorId: string, prefix: string, opts: { limit: number; after?: NumberSearchKey }): Promise<{ orders: OrderRow[]; last: NumberSearchKey | null }> {
  const out = await send(
    new QueryCommand({
      TableName: tableName('orders'),
      IndexName: ORDER_NUMBER_INDEX,
      KeyConditionExpression: 'vendorId = :vendorId AND begins_with(orderNumber, :prefix)',
      ExpressionAttributeValues: { ':vendorId': vendorId, ':prefix': prefix },
      ...PROJECTION,
      ScanIndexForward: false,
      Limit: opts.limit + 1,
      ...(opts.after ? { ExclusiveStartKey: { vendorId, orderNumber: opts.after.orderNumber, orderKey: opts.after.orderKey } } : {}),
    }),
  );
  const items = (out.Items ?? []) as OrderRow[];
  const keyOf = (o: OrderRow): NumberSearchKey => ({ orderNumber: o.orderNumber, orderKey: o.orderKey });
  if (items.length > opts.limit) {
    const orders = items.slice(0, opts.limit);
    return { orders, last: keyOf(orders[orders.length - 1]!) };
  }
  return { orders: items, last: out.LastEvaluatedKey && items.length > 0 ? keyOf(items[items.length - 1]!) : null };
}
