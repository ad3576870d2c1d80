import { useQuery } from '@tanstack/react-query';
import type { AdminSupportCase } from '@contracts/support/thread';
import { apiRequest, parseAnswer } from '../../../../lib/api';
import { supportKeys } from './keys';

export type { AdminSupportCase };

export const casePath = (vendorId: string, caseId: string) => `/api/admin/support/${encodeURIComponent(vendorId)}/${encodeURIComponent(caseId)}`;

/** GET /api/admin/support/{vendorId}/{caseId}: the thread with the vendor. */
export async function getAdminCase(vendorId: string, caseId: string, signal?: AbortSignal): Promise<AdminSupportCase> {
  const [{ adminSupportCaseSchema }, data] = await Promise.all([import('@contracts/support/thread'), apiRequest<unknown>(casePath(vendorId, caseId), { signal })]);
  return parseAnswer(adminSupportCaseSchema, data, 'GET /api/admin/support/{vendorId}/{caseId}');
}

export const useSupportCase = (vendorId: string, caseId: string) => useQuery({ queryKey: supportKeys.detail(vendorId, caseId), queryFn: ({ signal }) => getAdminCase(vendorId, caseId, signal) });
