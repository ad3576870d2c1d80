import { timeZoneLabel } from '../../../lib/format';
import { useAdminFormat } from '../admin-format';
import { useAdminTranslation } from '../admin-i18n';
import { auditActionKey } from './audit-filter';
import type { AuditEntry, AuditFilter } from './api/get-audit-log';

/** A recorded value as text: lists joined, nothing as an em dash. */
const valueText = (value: unknown): string => (value === null || value === undefined ? '—' : Array.isArray(value) ? value.join(', ') : String(value));

/** What changed: one line per field, `field: before → after`. */
function Change({ entry }: { entry: AuditEntry }) {
  const fields = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  if (!fields.length) return <>—</>;
  return (
    <ul className="admin-audit-change">
      {fields.map((field) => (
        <li key={field}>
          <code>{field}</code>: {valueText(entry.before?.[field])} → {valueText(entry.after?.[field])}
        </li>
      ))}
    </ul>
  );
}

/** The entries: when, who, what, which target (with "Only this"), what changed and why. */
export function AuditTable({ rows, filterKey, onOnly }: { rows: readonly AuditEntry[]; filterKey: string; onOnly(filter: AuditFilter): void }) {
  const { t } = useAdminTranslation();
  const format = useAdminFormat();
  const { language, timeZone } = format;
  return (
    <div className="admin-table-wrap">
      <table className="admin-table admin-audit-table" data-testid="admin-audit-table" data-filter={filterKey}>
        <caption>{timeZone ? t('admin_audit_caption', { zone: timeZoneLabel(timeZone, language) }) : t('admin_audit_title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('admin_audit_col_when')}</th>
            <th scope="col">{t('admin_audit_col_actor')}</th>
            <th scope="col">{t('admin_audit_col_action')}</th>
            <th scope="col">{t('admin_audit_col_target')}</th>
            <th scope="col">{t('admin_audit_col_change')}</th>
            <th scope="col">{t('admin_audit_col_reason')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((entry) => (
            <tr key={entry.auditId} data-testid="admin-audit-row" data-action={entry.action} data-audit-id={entry.auditId}>
              <td data-label={t('admin_audit_col_when')}>
                <time dateTime={entry.at}>{format.dateTime(entry.at)}</time>
              </td>
              <td data-label={t('admin_audit_col_actor')} className="admin-break" data-testid="admin-audit-actor">
                {entry.actor.email}
              </td>
              <td data-label={t('admin_audit_col_action')} data-testid="admin-audit-action">
                {t(auditActionKey(entry.action))}
              </td>
              <td data-label={t('admin_audit_col_target')} className="admin-break" data-testid="admin-audit-target">
                {t(`admin_audit_target_${entry.target.type}`)} <code>{entry.target.id}</code>
                {entry.vendorId && entry.vendorId !== entry.target.id && <span className="admin-muted"> · {entry.vendorId}</span>}{' '}
                <button
                  type="button"
                  className="admin-link-button"
                  onClick={() => onOnly({ targetType: entry.target.type, targetId: entry.target.id })}
                  aria-label={t('admin_audit_only_target_label', { target: entry.target.id })}
                >
                  {t('admin_audit_only_target')}
                </button>
              </td>
              <td data-label={t('admin_audit_col_change')} className="admin-break">
                <Change entry={entry} />
              </td>
              <td data-label={t('admin_audit_col_reason')} className="admin-break" data-testid="admin-audit-reason">
                {entry.reason ?? '—'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
