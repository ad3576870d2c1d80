import type { SupportCategory } from '@contracts/support/categories';
import type { SupportCasePage, SupportCaseSummary, SupportStatus } from '@contracts/support/thread';
import { apiRequest, parseAnswer } from '../../../../lib/api';
import { useCursorList } from '../../../../lib/use-cursor-list';
import { supportKeys } from './keys';

export type { SupportCasePage, SupportCaseSummary, SupportStatus };

/** The inbox's filter, as the page's URL holds it (`?status=&category=&vendor=`). */
export interface InboxFilter {
  status: SupportStatus;
  category: SupportCategory | '';
  vendorId: string;
}

/** GET /api/admin/support: one page of the inbox for a filter. */
export async function getInboxPage(filter: InboxFilter, cursor: string | undefined, signal?: AbortSignal): Promise<SupportCasePage> {
  const query = new URLSearchParams({ status: filter.status });
  if (filter.category) query.set('category', filter.category);
  if (filter.vendorId) query.set('vendorId', filter.vendorId);
  if (cursor) query.set('cursor', cursor);
  // The schemas (and classic zod with them, ~27 KB gzip) load with the first answer, not with the section's chunk (issue 24).
  const [{ supportCasePageSchema }, data] = await Promise.all([import('@contracts/support/thread'), apiRequest<unknown>(`/api/admin/support?${query.toString()}`, { signal })]);
  return parseAnswer(supportCasePageSchema, data, 'GET /api/admin/support');
}

/** The inbox for a filter, 20 cases a page with "Load more". */
export const useSupportInbox = (filter: InboxFilter) => useCursorList<SupportCaseSummary, SupportCasePage>(supportKeys.inbox(filter), (cursor, signal) => getInboxPage(filter, cursor, signal));
