import { KNOWN_PAYOUT_FAILURE_REASONS } from '@contracts/admin-values';
import type { AdminPayoutView } from '@contracts/admin-payouts';
import type { Language } from '../../../i18n/language';
import { dayIn, formatDayRange } from '../../../lib/format';

const isKnownReason = (reason: string): reason is (typeof KNOWN_PAYOUT_FAILURE_REASONS)[number] => (KNOWN_PAYOUT_FAILURE_REASONS as readonly string[]).includes(reason);

/** The text key of a known failure code (`admin_payouts_reason_<code>`), or null: the reason is shown as it is. */
export const reasonKey = (reason: string): string | null => (isKnownReason(reason) ? `admin_payouts_reason_${reason}` : null);

/** The screen's `?status=` (the Overview's links): failed, awaiting, else the period view. */
export function viewOf(status: string | null): AdminPayoutView {
  return status === 'failed' || status === 'awaiting' ? status : 'period';
}

const PERIOD = /^(\d{4})-(0[1-9]|1[0-2])-([12])$/;
export const isPeriodId = (value: string | null): value is string => value !== null && PERIOD.test(value);

/** The period of a marketplace day (`yyyy-mm-dd`): the 1st–15th is half 1, the rest half 2. */
export const periodOfDay = (day: string): string => `${day.slice(0, 7)}-${Number(day.slice(8, 10)) <= 15 ? 1 : 2}`;

/** The period before `period`. */
export function previousPeriod(period: string): string {
  const [, y, m, half] = PERIOD.exec(period)!;
  if (half === '2') return `${y}-${m}-1`;
  const month = Number(m) === 1 ? { y: Number(y) - 1, m: 12 } : { y: Number(y), m: Number(m) - 1 };
  return `${month.y}-${String(month.m).padStart(2, '0')}-2`;
}

/** The last `count` closed periods before today's (newest first): the choices of the period picker. */
export function recentPeriods(today: string, count = 12): string[] {
  const out: string[] = [];
  let period = periodOfDay(today);
  for (let i = 0; i < count; i++) {
    period = previousPeriod(period);
    out.push(period);
  }
  return out;
}

/** Today in the marketplace zone (`yyyy-mm-dd`). */
export function marketplaceToday(timeZone: string | null, now: Date = new Date()): string {
  return dayIn(now, timeZone ?? 'UTC');
}

/** A period's days (`2026-11-2` → 2026-11-16 … 2026-11-30). */
export function periodDays(period: string): { from: string; to: string } {
  const [, y, m, half] = PERIOD.exec(period)!;
  const last = new Date(Date.UTC(Number(y), Number(m), 0)).getUTCDate();
  return half === '1' ? { from: `${y}-${m}-01`, to: `${y}-${m}-15` } : { from: `${y}-${m}-16`, to: `${y}-${m}-${last}` };
}

/** A period as its days: "Nov 16 – 30, 2026". */
export function formatPeriod(periodId: string, language: Language): string {
  const { from, to } = periodDays(periodId);
  return formatDayRange(from, to, language);
}
