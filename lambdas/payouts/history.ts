/**
 * The vendor's payouts (ledger `PAYOUT#…` items) and a payout's details: the counted orders placed
 * in its period, with gross total, commission and products sold.
 */
import { paginateQuery, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { PayoutPeriodSales, PayoutProductView, PayoutView } from '../../contracts/payouts';
import { dynamo, paging } from '../shared/clients';
import { addDays, MARKETPLACE_TIME_ZONE, startOfDay } from '../shared/dates';
import { tableName } from '../shared/tables';
import { isCounted, type OrderItem } from '../sales/model';
import type { PayoutItem } from './model';
import { PAYOUT_SK_PREFIX } from './period';
import { payoutWindow, reconcile, WindowSums, type Reconciliation, type StatementEntry } from './reconcile';

/** Enough for two years of semi-monthly payouts. */
export const PAYOUT_LIST_LIMIT = 48;

export function payoutView(p: PayoutItem): PayoutView {
  return {
    payoutId: p.payoutId,
    periodId: p.periodId,
    periodFrom: p.periodFrom,
    periodTo: p.periodTo,
    status: p.status,
    amountCents: p.amountCents,
    feeCents: p.feeCents,
    paidCents: p.paidCents,
    method: p.method,
    destination: p.destinationMasked,
    createdAt: p.createdAt,
    ...(p.failureReason ? { failureReason: p.failureReason } : {}),
  };
}

/** Newest first; `month` (`yyyy-mm`) keeps that month's payouts only. */
export async function listPayouts(vendorId: string, month?: string): Promise<PayoutItem[]> {
  const out = await dynamo.send(
    new QueryCommand({
      TableName: tableName('ledger'),
      KeyConditionExpression: 'vendorId = :v AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':v': vendorId, ':prefix': `${PAYOUT_SK_PREFIX}${month ? `${month}-` : ''}` },
      ScanIndexForward: false,
      Limit: PAYOUT_LIST_LIMIT,
    }),
  );
  return (out.Items ?? []) as PayoutItem[];
}

/** The details' products sold and period sales are the API's (contracts/payouts.ts). */
export type ProductSold = PayoutProductView;
export type PeriodSales = PayoutPeriodSales;

/** Sums counted orders; products grouped by SKU and unit price, best sellers (by amount) first. */
export function summarizeOrders(orders: Pick<OrderItem, 'status' | 'lines' | 'totalCents' | 'commissionCents' | 'netCents'>[]): PeriodSales {
  const products = new Map<string, ProductSold>();
  const sum: PeriodSales = { orders: 0, totalCents: 0, commissionCents: 0, netCents: 0, products: [] };
  for (const o of orders) {
    if (!isCounted(o.status)) continue;
    sum.orders++;
    sum.totalCents += o.totalCents;
    sum.commissionCents += o.commissionCents;
    sum.netCents += o.netCents;
    for (const l of o.lines) {
      const key = `${l.sku}\u0000${l.unitPriceCents}`;
      const p = products.get(key) ?? { sku: l.sku, name: l.name, unitPriceCents: l.unitPriceCents, quantity: 0, amountCents: 0 };
      p.quantity += l.quantity;
      p.amountCents += l.quantity * l.unitPriceCents;
      products.set(key, p);
    }
  }
  sum.products = [...products.values()].sort((a, b) => b.amountCents - a.amountCents || a.sku.localeCompare(b.sku));
  return sum;
}

/**
 * The orders placed in a payout period (marketplace days `from`..`to`), oldest first, one Query page
 * at a time with only the attributes asked for; the next page is read only when asked for.
 */
async function* periodOrderQuery<T>(
  vendorId: string,
  from: string,
  to: string,
  opts: { projection: string; names: Record<string, string>; pageSize?: number; timeZone: string },
): AsyncGenerator<T[]> {
  const pages = paginateQuery(
    paging(opts.pageSize),
    {
      TableName: tableName('orders'),
      KeyConditionExpression: 'vendorId = :v AND orderKey BETWEEN :lower AND :upper',
      ExpressionAttributeValues: {
        ':v': vendorId,
        ':lower': startOfDay(from, opts.timeZone).toISOString(),
        ':upper': startOfDay(addDays(to, 1), opts.timeZone).toISOString(),
      },
      ProjectionExpression: opts.projection,
      ExpressionAttributeNames: opts.names,
    },
  );
  for await (const out of pages) yield (out.Items ?? []) as T[];
}

export async function periodSales(vendorId: string, from: string, to: string, timeZone: string = MARKETPLACE_TIME_ZONE): Promise<PeriodSales> {
  const orders: OrderItem[] = [];
  const pages = periodOrderQuery<OrderItem>(vendorId, from, to, {
    projection: '#status, #lines, totalCents, commissionCents, netCents',
    names: { '#status': 'status', '#lines': 'lines' },
    timeZone,
  });
  for await (const page of pages) orders.push(...page);
  return summarizeOrders(orders);
}

/**
 * The ledger entries of a payout's window (lambdas/payouts/reconcile.ts), oldest first, one Query
 * page at a time: from the period's first instant to the payout's own entry (which ends the window
 * and is yielded too; `WindowSums.add` leaves it out).
 */
export async function* payoutWindowPages(
  vendorId: string,
  payout: Pick<PayoutItem, 'periodFrom' | 'createdAt' | 'payoutId'>,
  opts: { pageSize?: number; timeZone?: string } = {},
): AsyncGenerator<StatementEntry[]> {
  const window = payoutWindow(payout, opts.timeZone ?? MARKETPLACE_TIME_ZONE);
  // A payout made before its period began (a run for a future date) has nothing in its window.
  if (window.payoutSk < window.fromSk) return;
  const pages = paginateQuery(
    paging(opts.pageSize),
    {
      TableName: tableName('ledger'),
      KeyConditionExpression: 'vendorId = :v AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':v': vendorId, ':from': window.fromSk, ':to': window.payoutSk },
      ProjectionExpression: 'sk, kind, amountCents, grossCents, commissionCents, orderNumber, payoutId, #at',
      ExpressionAttributeNames: { '#at': 'at' },
      ConsistentRead: true,
    },
  );
  for await (const out of pages) yield (out.Items ?? []) as StatementEntry[];
}

/** The payout's reconciliation lines (all of its window read, a page at a time; only the sums kept). */
export async function payoutReconciliation(vendorId: string, payout: PayoutItem, timeZone: string = MARKETPLACE_TIME_ZONE): Promise<Reconciliation> {
  const sums = new WindowSums(payoutWindow(payout, timeZone).payoutSk);
  for await (const page of payoutWindowPages(vendorId, payout, { timeZone })) for (const e of page) sums.add(e);
  return reconcile(payout, sums, timeZone);
}
