import type { AuditFilter } from '@contracts/audit';
import { downloadApiFile, type DownloadedFile } from '../../../../lib/download';
import { auditQuery } from '../audit-filter';

/** `GET /api/admin/audit.csv`: the filtered log as a file (for lib/use-download.ts). */
export function exportAuditCsv(filter: AuditFilter, signal?: AbortSignal): Promise<DownloadedFile> {
  const qs = auditQuery(filter);
  return downloadApiFile(`/api/admin/audit.csv${qs ? `?${qs}` : ''}`, { fallbackName: 'audit-log.csv', signal });
}
