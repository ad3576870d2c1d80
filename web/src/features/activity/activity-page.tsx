import '../../components/empty-state.css';
import '../../components/data-table.css';
import './activity.css';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/alert';
import { LoadStatus } from '../../components/load-status';
import { languageToApply } from '../../i18n/language';
import { useErrorText, useLoadErrorProps } from '../../lib/error-message';
import { formatDateTime, timeZoneLabel } from '../../lib/format';
import { useMarketplaceTimeZone } from '../../lib/marketplace';
import { queryKeys } from '../../lib/query-client';
import { useCursorList } from '../../lib/use-cursor-list';
import { useDownload } from '../../lib/use-download';
import { usePageTitle } from '../../lib/use-page-title';
import { useUrlQuery } from '../../lib/use-url-query';
import { activityQuery, canonicalActivityParams, exportActivityCsv, getActivityPage, parseActivityFilter, type ActivityEntry, type ActivityFilter, type ActivityPage } from './activity-api';
import { ActivityFilterForm } from './activity-filter-form';
import { activityText, activityViaText } from './activity-text';

/**
 * Plain elements with Amplify UI's classes (its styles come with the header layout), not its React
 * components, as the notifications inbox: the page's budget (docs/decisions.md).
 *
 * /activity (issue 14): who did what in the vendor account, newest first — when (in the marketplace's
 * zone, named in the caption), who (e-mail), what (a sentence with the product and the values before
 * and after) — filtered by action, person and marketplace days (kept in the URL), "Load more" paging, and the
 * filtered log as CSV (marketplace times with their offset). A table on wide screens, cards on phones (data-table.css `.card-table`).
 */
export default function ActivityPage() {
  const { t, i18n } = useTranslation();
  const language = languageToApply(i18n.language);
  usePageTitle(t('activity_title'));
  const loadError = useLoadErrorProps();
  const describeError = useErrorText();
  const timeZone = useMarketplaceTimeZone();
  const { query: filter, setParams } = useUrlQuery(parseActivityFilter, canonicalActivityParams);
  const key = activityQuery(filter);
  const list = useCursorList<ActivityEntry, ActivityPage>(queryKeys.activity.list(key), (cursor, signal) => getActivityPage(filter, cursor, signal));
  const apply = useCallback((next: ActivityFilter) => setParams((current) => canonicalActivityParams(next, current)), [setParams]);
  const exporting = useDownload(useCallback((signal: AbortSignal) => exportActivityCsv(filter, signal), [filter]));
  const exportFailure = exporting.state.kind === 'failed' ? describeError(exporting.state.error) : null;
  const rows = list.items.length ? list.items : list.previousItems;
  const filtered = key !== '';
  const when = (at: string) => (timeZone ? formatDateTime(at, language, timeZone) : { date: at.slice(0, 10), time: at.slice(11, 16) });
  const caption = timeZone ? t('activity_caption', { zone: timeZoneLabel(timeZone, language) }) : t('activity_title');

  return (
    <section className="page activity" aria-labelledby="activity-heading">
      <h1 className="amplify-heading amplify-heading--1" id="activity-heading">
        {t('activity_title')}
      </h1>
      <p className="muted">{t('activity_intro')}</p>
      <div className="activity-toolbar">
        {/* Keyed by the filter: back/forward or a reload puts the URL's filter into the fields. */}
        <ActivityFilterForm key={key} filter={filter} onApply={apply} />
        <div className="activity-export">
          <button
            type="button"
            className={exporting.state.kind === 'busy' ? 'amplify-button amplify-button--small amplify-button--disabled' : 'amplify-button amplify-button--small'}
            onClick={() => void exporting.run()}
            disabled={exporting.state.kind === 'busy'}
            data-testid="activity-export"
          >
            {exporting.state.kind === 'busy' ? t('activity_downloading') : t('activity_download_csv')}
          </button>
          <p className="activity-hint">{t('activity_export_hint')}</p>
          <p className="activity-export-status" role="status" data-testid="activity-export-status">
            {exporting.state.kind === 'done' && t('export_done', { filename: exporting.state.result.filename })}
          </p>
          {exportFailure && (
            <Alert tone="error" testId="activity-export-error" onDismiss={exporting.reset} dismissLabel={t('dismiss')} detail={exportFailure.detail}>
              {t('export_failed', { message: exportFailure.message })}
            </Alert>
          )}
        </div>
      </div>
      <LoadStatus
        state={list.status === 'loaded' || (list.status === 'loading' && rows.length > 0 && !list.loadingMore) ? 'idle' : list.status}
        loadingText={list.loadingMore ? t('activity_loading_more') : t('activity_loading')}
        {...loadError(list, 'activity_load_failed')}
        retryLabel={t('try_again')}
        onRetry={list.retry}
        testId="activity-status"
      />
      {list.status === 'loaded' && rows.length === 0 && (
        <div className="empty-state" data-testid="activity-empty">
          <p className="empty-state-title">{filtered ? t('activity_empty_filtered') : t('activity_empty')}</p>
          <p className="muted">{filtered ? t('activity_empty_filtered_hint') : t('activity_empty_hint')}</p>
          {filtered && (
            <button type="button" className="amplify-button amplify-button--small" onClick={() => apply({})}>
              {t('clear_filters')}
            </button>
          )}
        </div>
      )}
      {rows.length > 0 && (
        // Scrolls sideways if it must on a mid-size screen: focusable so keyboard users can scroll it too.
        <div className="table-scroll" tabIndex={0} role="region" aria-label={caption}>
          <table className="data-table card-table activity-table" aria-busy={list.status === 'loading'} data-testid="activity-table" data-filter={key}>
            <caption className="visually-hidden">{caption}</caption>
            <thead>
              <tr>
                <th scope="col">{t('activity_col_when')}</th>
                <th scope="col">{t('activity_col_who')}</th>
                <th scope="col">{t('activity_col_what')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((entry) => {
                const at = when(entry.at);
                const via = activityViaText(t, entry);
                return (
                  <tr key={entry.activityId} data-testid="activity-row" data-action={entry.action}>
                    <td className="activity-when" data-label={t('activity_col_when')}>
                      <time dateTime={entry.at}>
                        {at.date}
                        <span className="activity-time">{at.time}</span>
                      </time>
                    </td>
                    <td className="activity-who" data-label={t('activity_col_who')} data-testid="activity-actor">
                      {entry.actor.email || entry.actor.userId}
                    </td>
                    <td className="activity-what card-wide" data-label={t('activity_col_what')} data-testid="activity-text">
                      {activityText(t, language, entry)}
                      {via && (
                        <span className="activity-via" data-testid="activity-via">
                          {via}
                        </span>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {list.hasMore && list.status !== 'failed' && (
        <div className="load-more">
          <button
            type="button"
            className={list.loadingMore ? 'amplify-button amplify-button--disabled' : 'amplify-button'}
            onClick={list.loadMore}
            disabled={list.loadingMore}
            data-testid="activity-load-more"
          >
            {list.loadingMore ? t('loading') : t('load_more')}
          </button>
        </div>
      )}
    </section>
  );
}
