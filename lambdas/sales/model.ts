/**
 * Item layout of the orders and ledger tables (keys in contracts/tables.ts). Money is integer
 * cents; instants are UTC ISO-8601; `day` is a calendar date in the marketplace time zone.
 */
import type { OrderStatus } from '../../contracts/orders';

/** The statuses are part of the API (contracts/orders.ts). */
export { ORDER_STATUSES, type OrderStatus } from '../../contracts/orders';

/**
 * Whether an order in this status counts as a sale (daily figures, balance): every status but
 * cancelled. An order moving in or out of "counted" writes a sale or a reversal to the ledger.
 */
export const isCounted = (status: OrderStatus): boolean => status !== 'cancelled';

export interface OrderLine {
  productId: string;
  sku: string;
  name: string;
  quantity: number;
  unitPriceCents: number;
}

/** orders table item. */
export interface OrderItem {
  vendorId: string;
  /** `${placedAt}#${orderId}`: sorts by time; unique. */
  orderKey: string;
  /** `${vendorId}#${status}` for the byVendorStatus index. */
  vendorStatus: string;
  orderId: string;
  orderNumber: string;
  placedAt: string;
  /** Marketplace-local calendar day of placedAt (yyyy-mm-dd). */
  day: string;
  status: OrderStatus;
  lines: OrderLine[];
  totalCents: number;
  quantity: number;
  /** Commission taken when the sale was credited (kept, so a reversal undoes exactly it). */
  commissionCents: number;
  netCents: number;
  /**
   * The vendor's commission rate (basis points, 1500 = 15%) when the order was first stored; a
   * later change of the vendor's rate does not touch orders already received. Written by the ingest.
   */
  commissionRateBps?: number;
  /** The revision of the last event applied (events carry a per-order revision). */
  revision: number;
  updatedAt: string;
  /**
   * The statuses the order took, oldest first (issue 15; written by the ingest, see `nextStatusHistory`
   * in apply.ts). Absent on orders stored before; an entry per applied event that set a new status.
   */
  statusHistory?: StatusChange[];
}

/** One entry of an order's status history: the status, when it was set (UTC ISO-8601), by which revision. */
export interface StatusChange {
  status: OrderStatus;
  at: string;
  revision: number;
}

/** Entries kept per order: far more than any order's real changes; a runaway feed cannot grow the item without bound. */
export const MAX_STATUS_HISTORY = 50;

export const orderKey = (placedAt: string, orderId: string) => `${placedAt}#${orderId}`;
export const vendorStatusKey = (vendorId: string, status: OrderStatus) => `${vendorId}#${status}`;

/** ledger table sort keys. */
export const BALANCE_SK = 'BALANCE';
export const daySk = (day: string) => `DAY#${day}`;
export const entrySk = (at: string, id: string) => `ENTRY#${at}#${id}`;

/** ledger `BALANCE` item. */
export interface BalanceItem {
  vendorId: string;
  sk: typeof BALANCE_SK;
  balanceCents: number;
  updatedAt: string;
}

/** ledger `DAY#…` item: sales of orders placed that day that are not cancelled. */
export interface DailySalesItem {
  vendorId: string;
  sk: string;
  day: string;
  amountCents: number;
  quantity: number;
  orders: number;
}

/** ledger `ENTRY#…` item. */
export interface LedgerEntryItem {
  vendorId: string;
  sk: string;
  kind: 'sale' | 'reversal' | 'payout' | 'payout_reversal' | 'adjustment';
  /** Signed: credits positive, debits negative. */
  amountCents: number;
  /**
   * Order entries: the change of the order's gross total and of the commission behind `amountCents`
   * (`amountCents = grossCents - commissionCents`; a reversal has both negative). Written since
   * issue 10; an older entry has neither, and statements count its amount as gross without commission.
   */
  grossCents?: number;
  commissionCents?: number;
  orderId?: string;
  /** The order's number as vendors know it (sale, reversal, adjustment entries). */
  orderNumber?: string;
  /** The order revision whose event wrote this entry. */
  revision?: number;
  payoutId?: string;
  at: string;
}
