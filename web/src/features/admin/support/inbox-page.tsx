import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { SUPPORT_CATEGORIES, type SupportCategory } from '../../../../../contracts/support/categories';
import { SUPPORT_STATUSES, type SupportStatus } from '../../../../../contracts/support/thread';
import { LoadStatus } from '../../../components/load-status';
import { languageToApply } from '../../../i18n/language';
import { useErrorText } from '../../../lib/error-message';
import { formatInstant } from '../../../lib/format';
import { useMarketplaceTimeZone } from '../../../lib/marketplace';
import { useCursorList } from '../../../lib/use-cursor-list';
import { usePageTitle } from '../../../lib/use-page-title';
import { useAdminTranslation } from '../admin-i18n';
import { getInboxPage, supportKeys, type InboxFilter, type SupportCasePage, type SupportCaseSummary } from './support-api';

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

/**
 * /admin/support (issue 13): the support inbox. One status at a time (open: waiting for ops, oldest
 * first; answered: waiting for the vendor; closed), filtered by category and vendor, 20 cases a page
 * with "Load more". Each case is a card (no table to overflow on a phone) that opens its thread.
 */
export default function InboxPage() {
  const { t, i18n } = useAdminTranslation();
  const language = languageToApply(i18n.language);
  const timeZone = useMarketplaceTimeZone();
  const describeError = useErrorText();
  usePageTitle(t('admin_support_title'));
  const [params, setParams] = useSearchParams();
  const filter = filterOf(params);
  const list = useCursorList<SupportCaseSummary, SupportCasePage>(supportKeys.inbox(filter), (cursor, signal) => getInboxPage(filter, cursor, signal));
  const failure = list.status === 'failed' ? describeError(list.error) : null;
  const [category, setCategory] = useState<string>(filter.category);
  const [vendor, setVendor] = useState(filter.vendorId);
  const [vendorInvalid, setVendorInvalid] = useState(false);
  const items = list.items;
  const shown = items.length > 0 ? items : list.previousItems;

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const wanted = vendor.trim().toUpperCase();
    if (wanted && !VENDOR_ID.test(wanted)) {
      setVendorInvalid(true);
      return;
    }
    setVendorInvalid(false);
    setParams(searchOf({ ...filter, category: category as SupportCategory | '', vendorId: wanted }));
  };
  const clear = () => {
    setCategory('');
    setVendor('');
    setVendorInvalid(false);
    setParams(searchOf({ status: filter.status, category: '', vendorId: '' }));
  };

  return (
    <section className="admin-page admin-support" aria-labelledby="admin-support-heading">
      <h1 id="admin-support-heading">{t('admin_support_title')}</h1>
      <p className="admin-intro">{t('admin_support_intro')}</p>
      <nav aria-label={t('admin_support_status_label')}>
        <ul className="admin-support-tabs">
          {SUPPORT_STATUSES.map((status) => (
            <li key={status}>
              <Link
                to={searchOf({ ...filter, status })}
                aria-current={status === filter.status ? 'page' : undefined}
                data-testid={`admin-support-tab-${status}`}
              >
                {t(`admin_support_status_${status}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <form className="admin-support-filter" onSubmit={apply} noValidate>
        <div className="admin-field">
          <label htmlFor="admin-support-category">{t('admin_support_filter_category')}</label>
          <select id="admin-support-category" value={category} onChange={(e) => setCategory(e.target.value)} data-testid="admin-support-category">
            <option value="">{t('admin_support_filter_category_all')}</option>
            {SUPPORT_CATEGORIES.map((key) => (
              <option key={key} value={key}>
                {t(key)}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-field">
          <label htmlFor="admin-support-vendor">{t('admin_support_filter_vendor')}</label>
          <input
            id="admin-support-vendor"
            value={vendor}
            onChange={(e) => setVendor(e.target.value)}
            placeholder="V-10001"
            autoComplete="off"
            aria-invalid={vendorInvalid}
            aria-describedby={vendorInvalid ? 'admin-support-vendor-error' : undefined}
            data-testid="admin-support-vendor"
          />
          {vendorInvalid && (
            <p id="admin-support-vendor-error" className="admin-field-error" data-testid="admin-support-vendor-error">
              {t('admin_support_vendor_invalid')}
            </p>
          )}
        </div>
        <div className="admin-support-filter-actions">
          <button type="submit" className="admin-action admin-action-primary" data-testid="admin-support-apply">
            {t('admin_support_filter_apply')}
          </button>
          <button type="button" className="admin-action" onClick={clear} data-testid="admin-support-clear">
            {t('admin_support_filter_clear')}
          </button>
        </div>
      </form>
      <LoadStatus
        state={list.status === 'loaded' ? 'idle' : list.status}
        loadingText={list.loadingMore ? t('admin_support_loading_more') : t('admin_support_loading')}
        errorText={failure ? t('admin_support_load_failed', { message: failure.message }) : undefined}
        errorDetail={failure?.detail}
        retryLabel={t('try_again')}
        onRetry={list.retry}
        testId="admin-support-status"
      />
      {list.status === 'loaded' && items.length === 0 && (
        <p className="admin-support-empty" data-testid="admin-support-empty">
          {t(`admin_support_empty_${filter.status}`)}
        </p>
      )}
      {shown.length > 0 && (
        <ul className="admin-support-list" aria-busy={list.status === 'loading'} data-testid="admin-support-list">
          {shown.map((c) => (
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
                {t('admin_support_opened', { time: formatInstant(c.createdAt, language, timeZone) })}
                {' · '}
                {t('admin_support_last_activity', { time: formatInstant(c.lastActivityAt, language, timeZone), who: t(`admin_support_author_${c.lastAuthor}`) })}
              </p>
            </li>
          ))}
        </ul>
      )}
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
