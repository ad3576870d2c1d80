import type { AdminVendorStatus, VendorsPage } from '@contracts/admin-vendors';
import { apiRequest, parseAnswer } from '../../../../lib/api';
import { useCursorList } from '../../../../lib/use-cursor-list';
import { vendorsKeys } from './keys';

export type { VendorsPage };
export type VendorListItem = VendorsPage['items'][number];

/** The directory's search, as the page's URL holds it. */
export interface VendorSearch {
  q: string;
  /** '' for every status. */
  status: AdminVendorStatus | '';
}

/** `GET /api/admin/vendors?q=&status=&cursor=` (docs/api.md). */
export async function getVendors(filter: VendorSearch, cursor: string | undefined, signal?: AbortSignal): Promise<VendorsPage> {
  const params = new URLSearchParams();
  if (filter.q.trim()) params.set('q', filter.q.trim());
  if (filter.status) params.set('status', filter.status);
  if (cursor) params.set('cursor', cursor);
  const query = params.toString();
  // The schemas (and classic zod with them, ~27 KB gzip) load with the first answer, not with the section's chunk (issue 24).
  const [{ vendorsPageSchema }, data] = await Promise.all([import('@contracts/admin-vendors'), apiRequest<unknown>(`/api/admin/vendors${query ? `?${query}` : ''}`, { signal })]);
  return parseAnswer(vendorsPageSchema, data, 'GET /api/admin/vendors');
}

/** The directory for a search, with "Load more". */
export const useVendors = (filter: VendorSearch) => useCursorList<VendorListItem, VendorsPage>(vendorsKeys.list(filter.q, filter.status), (cursor, signal) => getVendors(filter, cursor, signal));
