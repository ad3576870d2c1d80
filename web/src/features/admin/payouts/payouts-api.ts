import { KNOWN_PAYOUT_FAILURE_REASONS } from '../../../../../contracts/admin-values';
import type { AdminPayout, AdminPayoutAction, AdminPayoutPage, AdminPayoutPeriod, AdminPayoutView, BankBatch } from '../../../../../contracts/admin-payouts';
import { apiRequest, parseAnswer } from '../../../lib/api';
import { dayIn } from '../../../lib/format';

export type { AdminPayout, AdminPayoutAction, AdminPayoutPage, AdminPayoutPeriod, AdminPayoutView, BankBatch };

/** The screen's query keys (the console's own QueryClient): every list and period under one prefix, refreshed together after an action. */
export const adminPayoutKeys = {
  all: ['admin', 'payouts'] as const,
  list: (view: AdminPayoutView, period: string | null) => ['admin', 'payouts', 'list', view, period ?? ''] as const,
  period: (period: string) => ['admin', 'payouts', 'period', period] as const,
};

/**
 * The answer and its contract's module together: the schemas (and classic zod with them, ~27 KB gzip)
 * load with the first answer, in parallel with the request, not with the section's chunk (issue 24).
 */
const withSchemas = <T>(request: Promise<T>) => Promise.all([import('../../../../../contracts/admin-payouts'), request]);

/** `GET /api/admin/payouts?view=…` (docs/api.md): one page. */
export async function listPayouts(view: AdminPayoutView, period: string | null, cursor: string | undefined, signal?: AbortSignal): Promise<AdminPayoutPage> {
  const query = new URLSearchParams({ view });
  if (view === 'period' && period) query.set('period', period);
  if (cursor) query.set('cursor', cursor);
  const [{ adminPayoutPageSchema }, data] = await withSchemas(apiRequest<unknown>(`/api/admin/payouts?${query}`, { signal }));
  return parseAnswer(adminPayoutPageSchema, data, 'GET /api/admin/payouts');
}

export async function getPeriod(period: string, signal?: AbortSignal): Promise<AdminPayoutPeriod> {
  const [{ adminPayoutPeriodSchema }, data] = await withSchemas(apiRequest<unknown>(`/api/admin/payouts/periods/${encodeURIComponent(period)}`, { signal }));
  return parseAnswer(adminPayoutPeriodSchema, data, 'GET /api/admin/payouts/periods');
}

export async function retryPayout(payout: Pick<AdminPayout, 'payoutId' | 'retryCount'>): Promise<AdminPayoutAction> {
  const [{ adminPayoutActionSchema }, body] = await withSchemas(
    apiRequest<unknown>(`/api/admin/payouts/${encodeURIComponent(payout.payoutId)}/retry`, { method: 'POST', body: { retryCount: payout.retryCount } }),
  );
  return parseAnswer(adminPayoutActionSchema, body, 'POST /api/admin/payouts/{payoutId}/retry');
}

export async function confirmPayout(payoutId: string, outcome: 'paid' | 'failed', reason?: string): Promise<AdminPayoutAction> {
  const [{ adminPayoutActionSchema }, body] = await withSchemas(
    apiRequest<unknown>(`/api/admin/payouts/${encodeURIComponent(payoutId)}/confirm`, {
      method: 'POST',
      body: { outcome, ...(outcome === 'failed' && reason?.trim() ? { reason: reason.trim() } : {}) },
    }),
  );
  return parseAnswer(adminPayoutActionSchema, body, 'POST /api/admin/payouts/{payoutId}/confirm');
}

export async function downloadBankBatch(periodId: string): Promise<BankBatch> {
  const [{ bankBatchSchema }, data] = await withSchemas(apiRequest<unknown>('/api/admin/payouts/bank-batch', { method: 'POST', body: { periodId } }));
  return parseAnswer(bankBatchSchema, data, 'POST /api/admin/payouts/bank-batch');
}

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
