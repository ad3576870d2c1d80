import type { AuditEntry, AuditFilter, AuditPage } from '@contracts/audit';
import { apiRequest, parseAnswer } from '../../../../lib/api';
import { useCursorList } from '../../../../lib/use-cursor-list';
import { auditQuery } from '../audit-filter';
import { auditKeys } from './keys';

export type { AuditEntry, AuditFilter, AuditPage };

/** `GET /api/admin/audit` (docs/api.md): one page of the log, checked against the contract. */
export async function getAuditPage(filter: AuditFilter, cursor: string | undefined, signal?: AbortSignal): Promise<AuditPage> {
  const query = new URLSearchParams(auditQuery(filter));
  if (cursor) query.set('cursor', cursor);
  const qs = query.toString();
  // The schema (and classic zod with it) loads with the first answer, not with the section's chunk (issue 24).
  const [{ auditPageSchema }, data] = await Promise.all([import('@contracts/audit'), apiRequest<unknown>(`/api/admin/audit${qs ? `?${qs}` : ''}`, { signal })]);
  return parseAnswer(auditPageSchema, data, 'GET /api/admin/audit');
}

/** The log for a filter, newest first, with "Load more". */
export const useAuditLog = (filter: AuditFilter) => useCursorList<AuditEntry, AuditPage>(auditKeys.list(auditQuery(filter)), (cursor, signal) => getAuditPage(filter, cursor, signal));
