import '../../components/empty-state.css';
import '../../components/data-table.css';
import './activity.css';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadStatus } from '../../components/load-status';
import { languageToApply } from '../../i18n/language';
import { useLoadErrorProps } from '../../lib/error-message';
import { useMarketplaceTimeZone } from '../../lib/marketplace';
import { usePageTitle } from '../../lib/use-page-title';
import { useUrlQuery } from '../../lib/use-url-query';
import { useActivityList } from './api/get-activity';
import { ActivityExport } from './activity-export';
import { activityQuery, canonicalActivityParams, parseActivityFilter, type ActivityFilter } from './activity-filter';
import { ActivityFilterForm } from './activity-filter-form';
import { ActivityTable } from './activity-table';

/**
 * Plain elements with Amplify UI's classes (its styles come with the header layout), not its React
 * components, as the notifications inbox: the page's budget (docs/decisions.md).
 *
 * /activity (issue 14): who did what in the vendor account, newest first, filtered by action, person
 * and marketplace days (kept in the URL), "Load more" paging, and the filtered log as CSV
 * (marketplace times with their offset).
 */
export default function ActivityPage() {
  const { t, i18n } = useTranslation();
  const language = languageToApply(i18n.language);
  usePageTitle(t('activity_title'));
  const loadError = useLoadErrorProps();
  const timeZone = useMarketplaceTimeZone();
  const { query: filter, setParams } = useUrlQuery(parseActivityFilter, canonicalActivityParams);
  const key = activityQuery(filter);
  const list = useActivityList(filter);
  const apply = useCallback((next: ActivityFilter) => setParams((current) => canonicalActivityParams(next, current)), [setParams]);
  const rows = list.items.length ? list.items : list.previousItems;

  return (
    <section className="page activity" aria-labelledby="activity-heading">
      <h1 className="amplify-heading amplify-heading--1" id="activity-heading">
        {t('activity_title')}
      </h1>
      <p className="muted">{t('activity_intro')}</p>
      <div className="activity-toolbar">
        {/* Keyed by the filter: back/forward or a reload puts the URL's filter into the fields. */}
        <ActivityFilterForm key={key} filter={filter} onApply={apply} />
        <ActivityExport filter={filter} />
      </div>
      <LoadStatus
        state={list.status === 'loaded' || (list.status === 'loading' && rows.length > 0 && !list.loadingMore) ? 'idle' : list.status}
        loadingText={list.loadingMore ? t('activity_loading_more') : t('activity_loading')}
        {...loadError(list, 'activity_load_failed')}
        retryLabel={t('try_again')}
        onRetry={list.retry}
        testId="activity-status"
      />
      {list.status === 'loaded' && rows.length === 0 && <ActivityEmpty filtered={key !== ''} onClear={() => apply({})} />}
      {rows.length > 0 && <ActivityTable rows={rows} busy={list.status === 'loading'} filterKey={key} timeZone={timeZone} language={language} />}
      {list.hasMore && list.status !== 'failed' && (
        <div className="load-more">
          <button type="button" className={list.loadingMore ? 'amplify-button amplify-button--disabled' : 'amplify-button'} onClick={list.loadMore} disabled={list.loadingMore} data-testid="activity-load-more">
            {list.loadingMore ? t('loading') : t('load_more')}
          </button>
        </div>
      )}
    </section>
  );
}

/** Nothing in the log, or nothing matching the filter (with Clear filters). */
function ActivityEmpty({ filtered, onClear }: { filtered: boolean; onClear(): void }) {
  const { t } = useTranslation();
  return (
    <div className="empty-state" data-testid="activity-empty">
      <p className="empty-state-title">{filtered ? t('activity_empty_filtered') : t('activity_empty')}</p>
      <p className="muted">{filtered ? t('activity_empty_filtered_hint') : t('activity_empty_hint')}</p>
      {filtered && (
        <button type="button" className="amplify-button amplify-button--small" onClick={onClear}>
          {t('clear_filters')}
        </button>
      )}
    </div>
  );
}
