import type { OrderDetailLine, OrderDetails } from '../../contracts/order-answers';
import type { OrderItem } from '../sales/model';

/**
 * GET /api/orders/{orderId} (issue 15): an order as its detail page shows it. The stored commission
 * (computed on the order's total when it was received, lambdas/sales/apply.ts) is shared out over the
 * lines in proportion to their amounts: each line gets the floor of its exact share, and the cents
 * left over go one each to the lines with the largest remainders (ties: the earlier line), so the
 * lines add up to the order's commission exactly (docs/decisions.md, "Issue 15: orders").
 */
export function allocateCommission(amounts: readonly number[], commissionCents: number): number[] {
  const total = amounts.reduce((sum, a) => sum + a, 0);
  if (amounts.length === 0) return [];
  if (total === 0) {
    // No amounts to weigh by (free lines): everything on the first line, so the sum still holds.
    return amounts.map((_, i) => (i === 0 ? commissionCents : 0));
  }
  // BigInt: amount × commission can pass 2^53 for the largest orders the events allow.
  const big = BigInt(commissionCents);
  const shares = amounts.map((a) => {
    const exact = BigInt(a) * big;
    return { floor: Number(exact / BigInt(total)), remainder: exact % BigInt(total) };
  });
  let left = commissionCents - shares.reduce((sum, s) => sum + s.floor, 0);
  const order = shares.map((s, i) => ({ i, r: s.remainder })).sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  const result = shares.map((s) => s.floor);
  for (const { i } of order) {
    if (left <= 0) break;
    result[i] = result[i]! + 1;
    left -= 1;
  }
  return result;
}

export function orderDetails(o: OrderItem): OrderDetails {
  const amounts = o.lines.map((l) => l.quantity * l.unitPriceCents);
  const commissions = allocateCommission(amounts, o.commissionCents);
  const lines: OrderDetailLine[] = o.lines.map((l, i) => ({
    productId: l.productId,
    name: l.name,
    sku: l.sku,
    quantity: l.quantity,
    unitPriceCents: l.unitPriceCents,
    amountCents: amounts[i]!,
    commissionCents: commissions[i]!,
    netCents: amounts[i]! - commissions[i]!,
  }));
  const history = o.statusHistory ?? [];
  // Orders stored before histories were kept: what is known, the current status since the last change.
  const statusHistory = history.length ? history.map(({ status, at }) => ({ status, at })) : [{ status: o.status, at: o.updatedAt }];
  return {
    orderId: o.orderId,
    orderNumber: o.orderNumber,
    placedAt: o.placedAt,
    status: o.status,
    quantity: o.quantity,
    lines,
    grossCents: o.totalCents,
    commissionCents: o.commissionCents,
    netCents: o.netCents,
    commissionRateBps: o.commissionRateBps ?? null,
    statusHistory,
    historyComplete: history[0]?.revision === 1,
    updatedAt: o.updatedAt,
  };
}
