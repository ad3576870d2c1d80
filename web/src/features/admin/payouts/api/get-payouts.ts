import type { AdminPayout, AdminPayoutPage, AdminPayoutView } from '@contracts/admin-payouts';
import { apiRequest, parseAnswer } from '../../../../lib/api';
import { useCursorList } from '../../../../lib/use-cursor-list';
import { adminPayoutKeys } from './keys';

export type { AdminPayout, AdminPayoutPage, AdminPayoutView };

/** `GET /api/admin/payouts?view=…` (docs/api.md): one page. */
export async function listPayouts(view: AdminPayoutView, period: string | null, cursor: string | undefined, signal?: AbortSignal): Promise<AdminPayoutPage> {
  const query = new URLSearchParams({ view });
  if (view === 'period' && period) query.set('period', period);
  if (cursor) query.set('cursor', cursor);
  // The schemas (and classic zod with them, ~27 KB gzip) load with the first answer, not with the section's chunk (issue 24).
  const [{ adminPayoutPageSchema }, data] = await Promise.all([import('@contracts/admin-payouts'), apiRequest<unknown>(`/api/admin/payouts?${query}`, { signal })]);
  return parseAnswer(adminPayoutPageSchema, data, 'GET /api/admin/payouts');
}

/** A view's payouts (a period's, the failed ones, the transfers awaiting confirmation) with "Load more". */
export const usePayoutList = (view: AdminPayoutView, period: string | null) =>
  useCursorList<AdminPayout, AdminPayoutPage>(adminPayoutKeys.list(view, period), (cursor, signal) => listPayouts(view, period, cursor, signal));
