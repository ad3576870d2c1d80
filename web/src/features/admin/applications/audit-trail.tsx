import type { AuditEntry } from '../../../../../contracts/audit';
import { useAdminTranslation } from '../admin-i18n';
import { useAdminFormat } from './admin-format';

/** The vendor actions these screens name (the audit log screen names every action). */
const ACTION_KEYS: Record<string, string> = {
  'vendor.approved': 'admin_apps_action_approved',
  'vendor.rejected': 'admin_apps_action_rejected',
  'vendor.commission_changed': 'admin_apps_action_commission_changed',
};

const valuesText = (values: AuditEntry['before']): string =>
  values
    ? Object.entries(values)
        .map(([key, value]) => `${key}: ${Array.isArray(value) ? value.join(', ') : String(value)}`)
        .join('; ')
    : '—';

/** What ops did to this vendor, newest first: when, who, what (before → after), why. */
export function AuditTrail({ entries, testId }: { entries: readonly AuditEntry[]; testId: string }) {
  const { t } = useAdminTranslation();
  const format = useAdminFormat();
  if (entries.length === 0) return <p className="admin-muted" data-testid={`${testId}-empty`}>{t('admin_apps_audit_empty')}</p>;
  return (
    <ol className="admin-trail" data-testid={testId}>
      {entries.map((entry) => (
        <li key={entry.auditId} className="admin-trail-entry" data-testid={`${testId}-entry`} data-action={entry.action}>
          <p className="admin-trail-head">
            <strong>{ACTION_KEYS[entry.action] ? t(ACTION_KEYS[entry.action]!) : entry.action}</strong>{' '}
            <span className="admin-muted">{t('admin_apps_audit_by', { who: entry.actor.email || entry.actor.userId, time: format.instant(entry.at) })}</span>
          </p>
          {(entry.before || entry.after) && (
            <p className="admin-trail-change">{t('admin_apps_audit_change', { before: valuesText(entry.before), after: valuesText(entry.after) })}</p>
          )}
          {entry.reason && <p className="admin-trail-reason">{t('admin_apps_audit_reason', { reason: entry.reason })}</p>}
        </li>
      ))}
    </ol>
  );
}
