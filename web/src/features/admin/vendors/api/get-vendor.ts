import { useQuery } from '@tanstack/react-query';
import type { VendorDetail } from '@contracts/admin-vendors';
import { apiRequest, parseAnswer } from '../../../../lib/api';
import { vendorsKeys } from './keys';

export type { VendorDetail };

/** `GET /api/admin/vendors/{vendorId}` (a V-… id, or the user id of an applicant). */
export async function getVendor(vendorId: string, signal?: AbortSignal): Promise<VendorDetail> {
  const [{ vendorDetailSchema }, data] = await Promise.all([import('@contracts/admin-vendors'), apiRequest<unknown>(`/api/admin/vendors/${encodeURIComponent(vendorId)}`, { signal })]);
  return parseAnswer(vendorDetailSchema, data, 'GET /api/admin/vendors/{vendorId}');
}

export const useVendor = (vendorId: string) => useQuery({ queryKey: vendorsKeys.detail(vendorId), queryFn: ({ signal }) => getVendor(vendorId, signal) });
