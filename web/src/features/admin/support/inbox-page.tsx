import { Link, useSearchParams } from 'react-router-dom';
import { SUPPORT_CATEGORIES, type SupportCategory } from '@contracts/support/categories';
import { SUPPORT_STATUSES, type SupportStatus } from '@contracts/support/thread';
import { LoadStatus } from '../../../components/load-status';
import { useErrorText } from '../../../lib/error-message';
import { usePageTitle } from '../../../lib/use-page-title';
import { useAdminTranslation } from '../admin-i18n';
import { useSupportInbox, type InboxFilter } from './api/get-support-cases';
import { InboxFilterForm } from './inbox-filter-form';
import { SupportCaseList } from './support-case-list';

const VENDOR_ID = /^V-\d{1,12}$/;

/** The filter in the URL: a status (default open), a category and a vendor id; anything unknown is left out. */
function filterOf(params: URLSearchParams): InboxFilter {
  const status = params.get('status');
  const category = params.get('category');
  const vendor = params.get('vendor')?.trim().toUpperCase() ?? '';
  return {
    status: (SUPPORT_STATUSES as readonly string[]).includes(status ?? '') ? (status as SupportStatus) : 'open',
    category: (SUPPORT_CATEGORIES as readonly string[]).includes(category ?? '') ? (category as SupportCategory) : '',
    vendorId: VENDOR_ID.test(vendor) ? vendor : '',
  };
}

function searchOf(f: InboxFilter): string {
  const params = new URLSearchParams({ status: f.status });
  if (f.category) params.set('category', f.category);
  if (f.vendorId) params.set('vendor', f.vendorId);
  return `?${params.toString()}`;
}

/** One status at a time: open (waiting for ops), answered (waiting for the vendor), closed. */
function StatusTabs({ filter }: { filter: InboxFilter }) {
  const { t } = useAdminTranslation();
  return (
    <nav aria-label={t('admin_support_status_label')}>
      <ul className="admin-support-tabs">
        {SUPPORT_STATUSES.map((status) => (
          <li key={status}>
            <Link to={searchOf({ ...filter, status })} aria-current={status === filter.status ? 'page' : undefined} data-testid={`admin-support-tab-${status}`}>
              {t(`admin_support_status_${status}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * /admin/support (issue 13): the support inbox. One status at a time (open: waiting for ops, oldest
 * first; answered: waiting for the vendor; closed), filtered by category and vendor, 20 cases a page
 * with "Load more". Each case is a card that opens its thread.
 */
export default function InboxPage() {
  const { t } = useAdminTranslation();
  const describeError = useErrorText();
  usePageTitle(t('admin_support_title'));
  const [params, setParams] = useSearchParams();
  const filter = filterOf(params);
  const list = useSupportInbox(filter);
  const failure = list.status === 'failed' ? describeError(list.error) : null;
  const shown = list.items.length > 0 ? list.items : list.previousItems;

  return (
    <section className="admin-page admin-support" aria-labelledby="admin-support-heading">
      <h1 id="admin-support-heading">{t('admin_support_title')}</h1>
      <p className="admin-intro">{t('admin_support_intro')}</p>
      <StatusTabs filter={filter} />
      <InboxFilterForm filter={filter} onApply={(next) => setParams(searchOf(next))} />
      <LoadStatus
        state={list.status === 'loaded' ? 'idle' : list.status}
        loadingText={list.loadingMore ? t('admin_support_loading_more') : t('admin_support_loading')}
        errorText={failure ? t('admin_support_load_failed', { message: failure.message }) : undefined}
        errorDetail={failure?.detail}
        retryLabel={t('try_again')}
        onRetry={list.retry}
        testId="admin-support-status"
      />
      {list.status === 'loaded' && list.items.length === 0 && (
        <p className="admin-support-empty" data-testid="admin-support-empty">
          {t(`admin_support_empty_${filter.status}`)}
        </p>
      )}
      {shown.length > 0 && <SupportCaseList cases={shown} busy={list.status === 'loading'} />}
      {list.hasMore && list.status !== 'failed' && (
        <p>
          <button type="button" className="admin-action" onClick={list.loadMore} disabled={list.loadingMore} data-testid="admin-support-load-more">
            {list.loadingMore ? t('loading') : t('load_more')}
          </button>
        </p>
      )}
    </section>
  );
}
