import { Link, useSearchParams } from 'react-router-dom';
import { ADMIN_VENDOR_STATUSES } from '@contracts/admin-values';
import { LoadStatus } from '../../../components/load-status';
import { useErrorText } from '../../../lib/error-message';
import { formatCount } from '../../../lib/format';
import { usePageTitle } from '../../../lib/use-page-title';
import { useAdminFormat } from '../admin-format';
import { useAdminTranslation } from '../admin-i18n';
import { useVendors, type VendorListItem, type VendorSearch } from './api/get-vendors';
import { VendorSearchForm } from './vendor-search-form';

export const vendorPath = (row: { vendorId: string | null; userId: string }) => `/admin/vendors/${encodeURIComponent(row.vendorId ?? row.userId)}`;

/** The search the URL holds (`?q=&status=`); an unknown status is none. */
function searchOf(params: URLSearchParams): VendorSearch {
  const status = ADMIN_VENDOR_STATUSES.find((s) => s === params.get('status'));
  return { q: params.get('q') ?? '', status: status ?? '' };
}

function VendorsTable({ rows }: { rows: readonly VendorListItem[] }) {
  const { t } = useAdminTranslation();
  const format = useAdminFormat();
  return (
    <table className="admin-list-table" data-testid="admin-vendors-table">
      <caption className="visually-hidden">{t('admin_vendors_table_caption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('admin_apps_col_business')}</th>
          <th scope="col">{t('admin_vendors_col_id')}</th>
          <th scope="col">{t('admin_apps_col_email')}</th>
          <th scope="col">{t('admin_apps_status')}</th>
          <th scope="col">{t('admin_apps_signed_up')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.userId} data-testid="admin-vendors-row">
            <th scope="row" data-label={t('admin_apps_col_business')}>
              <Link to={vendorPath(row)}>{row.vendorName}</Link>
            </th>
            <td data-label={t('admin_vendors_col_id')}>{row.vendorId ?? '—'}</td>
            <td data-label={t('admin_apps_col_email')} className="admin-break">
              {row.email}
            </td>
            <td data-label={t('admin_apps_status')}>{t(`admin_apps_status_${row.status}`)}</td>
            <td data-label={t('admin_apps_signed_up')}>{format.instant(row.createdAt)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Search by name, e-mail or vendor id; filter by status; "Load more". The search lives in the URL. */
export function VendorDirectory() {
  const { t } = useAdminTranslation();
  const format = useAdminFormat();
  const describeError = useErrorText();
  usePageTitle(t('admin_vendors_title'));
  const [params, setParams] = useSearchParams();
  const search = searchOf(params);
  const list = useVendors(search);
  const failure = list.status === 'failed' ? describeError(list.error) : null;
  const rows = list.items.length ? list.items : list.previousItems;
  const apply = (next: VendorSearch) => {
    const query = new URLSearchParams();
    if (next.q.trim()) query.set('q', next.q.trim());
    if (next.status) query.set('status', next.status);
    setParams(query);
  };

  return (
    <section className="admin-page" aria-busy={list.status === 'loading'}>
      <h1>{t('admin_vendors_title')}</h1>
      <p className="admin-intro">{t('admin_vendors_intro')}</p>
      <VendorSearchForm search={search} onSearch={apply} />
      <p className="admin-muted">{t('admin_vendors_search_help')}</p>
      <LoadStatus
        state={list.status === 'loaded' ? 'idle' : list.status === 'failed' ? 'failed' : 'loading'}
        loadingText={t('admin_vendors_loading')}
        errorText={failure ? t('admin_vendors_failed', { message: failure.message }) : undefined}
        errorDetail={failure?.detail}
        loadedText={t('admin_vendors_count', { formatted: formatCount(list.items.length, format.language) })}
        retryLabel={t('try_again')}
        onRetry={list.retry}
        testId="admin-vendors-status"
      />
      {list.status === 'loaded' && rows.length === 0 && (
        <p className="admin-empty" data-testid="admin-vendors-empty">
          {t('admin_vendors_empty')}
        </p>
      )}
      {rows.length > 0 && <VendorsTable rows={rows} />}
      {list.hasMore && (
        <p>
          <button type="button" className="admin-action" onClick={list.loadMore} disabled={list.loadingMore} data-testid="admin-vendors-more">
            {t('admin_vendors_load_more')}
          </button>
        </p>
      )}
    </section>
  );
}
