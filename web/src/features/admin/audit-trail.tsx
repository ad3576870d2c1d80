import type { AuditEntry, AuditValues } from '@contracts/audit';
import { useAdminTranslation } from './admin-i18n';
import { useAdminFormat } from './admin-format';

/** The vendor actions these screens name (the audit log screen names every action). */
const ACTION_KEYS: Record<string, string> = {
  'vendor.approved': 'admin_apps_action_approved',
  'vendor.rejected': 'admin_apps_action_rejected',
  'vendor.commission_changed': 'admin_apps_action_commission_changed',
};

/** The fields these screens know, by their own labels; others as recorded. */
const FIELD_LABELS: Record<string, string> = { status: 'admin_apps_status', vendorId: 'admin_apps_vendor_id', commissionRateBps: 'admin_vendors_commission' };
const STATUSES = new Set(['pending', 'approved', 'rejected']);

function useValuesText() {
  const { t } = useAdminTranslation();
  const valueText = (key: string, value: AuditValues[string]): string => {
    if (key === 'commissionRateBps') return typeof value === 'number' ? `${value / 100}%` : t('admin_apps_value_default');
    if (key === 'status' && typeof value === 'string' && STATUSES.has(value)) return t(`admin_apps_status_${value}`);
    return Array.isArray(value) ? value.join(', ') : String(value);
  };
  return (values: AuditValues | null): string =>
    values
      ? Object.entries(values)
          .map(([key, value]) => `${FIELD_LABELS[key] ? t(FIELD_LABELS[key]!) : key}: ${valueText(key, value)}`)
          .join('; ')
      : '—';
}

/** What ops did to this vendor, newest first: when, who, what (before → after), why. */
export function AuditTrail({ entries, testId }: { entries: readonly AuditEntry[]; testId: string }) {
  const { t } = useAdminTranslation();
  const format = useAdminFormat();
  const valuesText = useValuesText();
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
