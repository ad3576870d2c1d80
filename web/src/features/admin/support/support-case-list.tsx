import { Link } from 'react-router-dom';
import { useAdminFormat } from '../admin-format';
import { useAdminTranslation } from '../admin-i18n';
import type { SupportCaseSummary } from './api/get-support-cases';

/** The cases as cards (no table to overflow on a phone), each opening its thread. */
export function SupportCaseList({ cases, busy }: { cases: readonly SupportCaseSummary[]; busy: boolean }) {
  const { t } = useAdminTranslation();
  const format = useAdminFormat();
  return (
    <ul className="admin-support-list" aria-busy={busy} data-testid="admin-support-list">
      {cases.map((c) => (
        <li key={c.caseId} className="admin-support-card" data-status={c.status} data-testid="admin-support-case">
          <Link to={`/admin/support/${encodeURIComponent(c.vendorId)}/${encodeURIComponent(c.caseId)}`} className="admin-support-card-link">
            {c.caseId}
          </Link>
          <p className="admin-support-card-meta">
            <span>{c.vendorId}</span>
            <span>{t(c.category)}</span>
            <span className="admin-support-badge" data-status={c.status}>
              {t(`admin_support_status_${c.status}`)}
            </span>
          </p>
          <p className="admin-support-preview">{c.preview}</p>
          <p className="admin-support-times">
            {t('admin_support_opened', { time: format.instant(c.createdAt) })}
            {' · '}
            {t('admin_support_last_activity', { time: format.instant(c.lastActivityAt), who: t(`admin_support_author_${c.lastAuthor}`) })}
          </p>
        </li>
      ))}
    </ul>
  );
}
