import { Link } from 'react-router-dom';
import { LoadStatus } from '../../../components/load-status';
import { useErrorText } from '../../../lib/error-message';
import { formatCount } from '../../../lib/format';
import { usePageTitle } from '../../../lib/use-page-title';
import { useAdminFormat } from '../admin-format';
import { useAdminTranslation } from '../admin-i18n';
import { useApplications, type ApplicationSummary } from './api/get-applications';

/** The applications as a table (cards on a phone), with how long each has waited at `now`. */
function ApplicationsTable({ rows, now }: { rows: readonly ApplicationSummary[]; now: string }) {
  const { t } = useAdminTranslation();
  const format = useAdminFormat();
  return (
    <table className="admin-list-table" data-testid="admin-apps-table">
      <caption className="visually-hidden">{t('admin_apps_table_caption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('admin_apps_col_business')}</th>
          <th scope="col">{t('admin_apps_col_email')}</th>
          <th scope="col">{t('admin_apps_col_applied')}</th>
          <th scope="col">{t('admin_apps_col_waiting')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.userId} data-testid="admin-apps-row">
            <th scope="row" data-label={t('admin_apps_col_business')}>
              <Link to={`/admin/applications/${encodeURIComponent(row.userId)}`}>{row.vendorName}</Link>
            </th>
            <td data-label={t('admin_apps_col_email')} className="admin-break">
              {row.email}
            </td>
            <td data-label={t('admin_apps_col_applied')}>{format.instant(row.createdAt)}</td>
            <td data-label={t('admin_apps_col_waiting')} data-testid="admin-apps-age">
              {format.age(row.createdAt, now)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The pending applications, oldest first, with how long each has waited. */
export function ApplicationsList() {
  const { t } = useAdminTranslation();
  const format = useAdminFormat();
  const describeError = useErrorText();
  usePageTitle(t('admin_apps_title'));
  const list = useApplications();
  const failure = list.status === 'failed' ? describeError(list.error) : null;
  const now = list.lastPage?.generatedAt ?? new Date().toISOString();
  const rows = list.items.length ? list.items : list.previousItems;

  return (
    <section className="admin-page" aria-busy={list.status === 'loading'}>
      <h1>{t('admin_apps_title')}</h1>
      <p className="admin-intro">{t('admin_apps_intro')}</p>
      <LoadStatus
        state={list.status === 'loaded' ? 'idle' : list.status === 'failed' ? 'failed' : 'loading'}
        loadingText={t('admin_apps_loading')}
        errorText={failure ? t('admin_apps_failed', { message: failure.message }) : undefined}
        errorDetail={failure?.detail}
        loadedText={t('admin_apps_count', { formatted: formatCount(list.items.length, format.language) })}
        retryLabel={t('try_again')}
        onRetry={list.retry}
        testId="admin-apps-status"
      />
      {list.status === 'loaded' && rows.length === 0 && (
        <p className="admin-empty" data-testid="admin-apps-empty">
          {t('admin_apps_empty')}
        </p>
      )}
      {rows.length > 0 && <ApplicationsTable rows={rows} now={now} />}
      {list.hasMore && (
        <p>
          <button type="button" className="admin-action" onClick={list.loadMore} disabled={list.loadingMore} data-testid="admin-apps-more">
            {t('admin_apps_load_more')}
          </button>
        </p>
      )}
    </section>
  );
}
