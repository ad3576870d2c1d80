import { AUDIT_CSV_COLUMNS, type AuditEntry } from '../../contracts/audit';
import { BOM, csvRow } from '../orders/csv';

/**
 * The audit log as CSV (GET /api/admin/audit.csv): for auditors and their tools, so fixed English
 * column ids (contracts/audit.ts, docs/api.md), UTC ISO-8601 times, the action codes as stored and
 * before/after as JSON; RFC 4180 with a BOM and formula guarding, as every CSV of the portal.
 */
export const auditCsvHeader = (): string => BOM + csvRow([...AUDIT_CSV_COLUMNS]);

const json = (values: AuditEntry['before']): string => (values ? JSON.stringify(values) : '');

export function auditCsvRow(e: AuditEntry): string {
  return csvRow([e.at, e.actor.email, e.actor.userId, e.action, e.target.type, e.target.id, e.vendorId ?? '', json(e.before), json(e.after), e.reason ?? '', e.auditId]);
}

export const auditFileName = (day: string): string => `audit-log-${day}.csv`;
