import { Link } from 'react-router-dom';
import { isLanguage, languageNameKey } from '../../../i18n/language';
import { useAdminFormat } from '../admin-format';
import { useAdminTranslation } from '../admin-i18n';
import type { AdminVendorRecord, ApplicationDetail } from './api/get-application';

/** A record's status by its name. */
export function useStatusText(): (record: AdminVendorRecord) => string {
  const { t } = useAdminTranslation();
  return (record) => t(`admin_apps_status_${record.status}`);
}

/** Who applied, when, in which language, the status, how long it has waited and the vendor id once approved. */
export function ApplicationFactsSection({ detail }: { detail: ApplicationDetail }) {
  const { t } = useAdminTranslation();
  const format = useAdminFormat();
  const statusText = useStatusText();
  const { application } = detail;
  return (
    <dl className="admin-facts" data-testid="admin-app-facts">
      <div>
        <dt>{t('admin_apps_col_business')}</dt>
        <dd>{application.vendorName}</dd>
      </div>
      <div>
        <dt>{t('admin_apps_col_email')}</dt>
        <dd className="admin-break">{application.email}</dd>
      </div>
      <div>
        <dt>{t('admin_apps_signed_up')}</dt>
        <dd>{format.instant(application.createdAt)}</dd>
      </div>
      <div>
        <dt>{t('admin_apps_language')}</dt>
        <dd>{isLanguage(application.language) ? t(languageNameKey(application.language)) : application.language}</dd>
      </div>
      <div>
        <dt>{t('admin_apps_status')}</dt>
        <dd data-testid="admin-app-state">{statusText(application)}</dd>
      </div>
      {application.status === 'pending' && (
        <div>
          <dt>{t('admin_apps_col_waiting')}</dt>
          <dd>{format.age(application.createdAt, detail.generatedAt)}</dd>
        </div>
      )}
      {application.vendorId && (
        <div>
          <dt>{t('admin_apps_vendor_id')}</dt>
          <dd>
            <Link to={`/admin/vendors/${encodeURIComponent(application.vendorId)}`}>{application.vendorId}</Link>
          </dd>
        </div>
      )}
    </dl>
  );
}

/** The last decision: by whom, when, and the reason given. */
export function LastDecisionSection({ application }: { application: AdminVendorRecord }) {
  const { t } = useAdminTranslation();
  const format = useAdminFormat();
  const statusText = useStatusText();
  if (!application.reviewedAt) return null;
  return (
    <div className="admin-card" data-testid="admin-app-last-decision">
      <h2>{t('admin_apps_last_decision')}</h2>
      <p>{t('admin_apps_decided_by', { status: statusText(application), who: application.reviewedBy ?? '?', time: format.instant(application.reviewedAt) })}</p>
      {application.rejectionReason && <p>{t('admin_apps_audit_reason', { reason: application.rejectionReason })}</p>}
    </div>
  );
}
