/**
 * Payout periods and amounts: pure rules shared by the run, the worker, the API and the web.
 * A period is half a month in the marketplace zone: the 1st–15th (half 1) and the 16th–last day
 * (half 2). The run on the 15th closes half 1, the run on the last day closes half 2.
 */
import { daysInMonth, isDay, marketplaceDay, MARKETPLACE_TIME_ZONE, type Instant } from '../shared/dates';
import { DEFAULT_PAYOUT_FEE_CENTS, env, type EnvSource } from '../shared/env';
import { MINIMUM_PAYOUT_CENTS } from '../shared/money';

export interface PayoutPeriod {
  /** `2026-11-2`: month and half; part of the payout id and of the ledger sort key. */
  id: string;
  /** First and last marketplace-local day of the period (inclusive). */
  from: string;
  to: string;
}

const PERIOD_PATTERN = /^(\d{4})-(\d{2})-([12])$/;
const pad = (n: number) => String(n).padStart(2, '0');

/** The period a marketplace-local day (`yyyy-mm-dd`) belongs to. */
export function periodOfDay(day: string): PayoutPeriod {
  if (!isDay(day)) throw new RangeError(`Not a calendar day (yyyy-mm-dd): ${day}`);
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return periodFromId(`${y}-${pad(m)}-${d <= 15 ? 1 : 2}`)!;
}

/** The period in which `instant` falls in `timeZone` (a `yyyy-mm-dd` string is taken as that local day). */
export function payoutPeriodFor(date: Instant, timeZone: string = MARKETPLACE_TIME_ZONE): PayoutPeriod {
  if (typeof date === 'string' && isDay(date)) return periodOfDay(date);
  return periodOfDay(marketplaceDay(date, timeZone));
}

/** `2026-11-2` → its days; null for anything else. */
export function periodFromId(id: string): PayoutPeriod | null {
  const m = PERIOD_PATTERN.exec(id);
  if (!m) return null;
  const [y, mo, half] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12) return null;
  const month = `${m[1]}-${m[2]}`;
  return half === 1
    ? { id, from: `${month}-01`, to: `${month}-15` }
    : { id, from: `${month}-16`, to: `${month}-${pad(daysInMonth(y, mo))}` };
}

/** One payout per vendor and period: `P-V-10001-2026-11-2`. It is the provider's idempotency key too. */
export const payoutIdFor = (vendorId: string, period: Pick<PayoutPeriod, 'id'>): string => `P-${vendorId}-${period.id}`;

/** The vendor and period a payout id names (the inverse of payoutIdFor), or null for anything else: the one payout-id parser. */
export function parsePayoutId(payoutId: string): { vendorId: string; periodId: string } | null {
  const m = /^P-(V-\d+)-(\d{4}-\d{2}-[12])$/.exec(payoutId);
  return m && periodFromId(m[2]!) ? { vendorId: m[1]!, periodId: m[2]! } : null;
}

/** Ledger sort key of a payout item: sorts by period, so a reverse Query lists the newest first. */
export const payoutSk = (period: Pick<PayoutPeriod, 'id'>): string => `PAYOUT#${period.id}`;
export const PAYOUT_SK_PREFIX = 'PAYOUT#';

/** Transfer fee (cents) deducted from each payout: env `PAYOUT_FEE_CENTS` (a stack parameter), default 100. */
export { DEFAULT_PAYOUT_FEE_CENTS };
export function payoutFeeCents(source?: EnvSource): number {
  return env.payoutFeeCents(source);
}

export type PayoutDecision =
  | { pay: true; amountCents: number; feeCents: number; paidCents: number }
  | { pay: false; reason: 'below_minimum'; balanceCents: number };

/**
 * What a balance pays: the whole balance is debited, the fee comes off it, the vendor receives the
 * rest. Below the minimum nothing is paid and the balance rolls over; the fee never takes more than
 * the amount (the paid amount is never negative).
 */
export function decidePayout(balanceCents: number, feeCents: number, minimumCents: number = MINIMUM_PAYOUT_CENTS): PayoutDecision {
  if (!Number.isSafeInteger(balanceCents) || balanceCents < minimumCents || balanceCents <= 0) {
    return { pay: false, reason: 'below_minimum', balanceCents };
  }
  const fee = Math.min(Math.max(0, feeCents), balanceCents);
  return { pay: true, amountCents: balanceCents, feeCents: fee, paidCents: balanceCents - fee };
}
