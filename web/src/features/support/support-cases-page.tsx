import '../../components/empty-state.css';
import './support-cases.css';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LoadStatus } from '../../components/load-status';
import { languageToApply } from '../../i18n/language';
import { useLoadErrorProps } from '../../lib/error-message';
import { formatCount, formatInstant } from '../../lib/format';
import { useMarketplaceTimeZone } from '../../lib/marketplace';
import { usePageTitle } from '../../lib/use-page-title';
import { useSupportCases } from './api/get-support-cases';

/**
 * Plain elements with Amplify UI's classes (as the notifications page: the route stays small).
 *
 * The vendor's Support cases (issue 13): its own cases, newest first, 20 at a time with "Load more",
 * each with its status (waiting for support, replied, closed) and last activity; a case opens its thread.
 */
export default function SupportCasesPage() {
  const { t, i18n } = useTranslation();
  const language = languageToApply(i18n.language);
  const timeZone = useMarketplaceTimeZone();
  const loadError = useLoadErrorProps();
  usePageTitle(t('support_cases'));
  const list = useSupportCases();
  const items = list.items;
  const empty = list.status === 'loaded' && items.length === 0;

  return (
    <section className="page support-cases" aria-labelledby="support-cases-heading">
      <h1 className="amplify-heading amplify-heading--1" id="support-cases-heading">
        {t('support_cases')}
      </h1>
      <p className="muted">{t('support_cases_intro')}</p>
      <LoadStatus
        state={list.status === 'loaded' ? 'idle' : list.status}
        loadingText={list.loadingMore ? t('support_cases_loading_more') : t('support_cases_loading')}
        {...loadError(list, 'support_cases_load_failed')}
        retryLabel={t('try_again')}
        onRetry={list.retry}
        testId="support-cases-status"
      />
      {empty && (
        <div className="empty-state" data-testid="support-cases-empty">
          <p className="empty-state-title">{t('support_cases_empty')}</p>
          <p className="muted">{t('support_cases_empty_hint')}</p>
        </div>
      )}
      {items.length > 0 && (
        <>
          <ul className="support-case-list" aria-busy={list.status === 'loading'} data-testid="support-cases-list">
            {items.map((c) => (
              <li key={c.caseId} className="support-case-card" data-status={c.status} data-testid="support-case-item">
                <Link to={`/support/${encodeURIComponent(c.caseId)}`} className="support-case-link">
                  <span className="support-case-id">{t('support_case_title', { caseId: c.caseId })}</span>
                </Link>
                <p className="support-case-meta">
                  <span className="support-status" data-status={c.status} data-testid="support-case-status">
                    {t(`support_status_${c.status}`)}
                  </span>
                  <span>{t(c.category)}</span>
                </p>
                <p className="support-case-preview">{c.preview}</p>
                <p className="support-case-time muted">
                  {t('support_case_last_activity', { time: formatInstant(c.lastActivityAt, language, timeZone) })} ·{' '}
                  {t('support_case_message_count', { shown: formatCount(c.messageCount, language) })}
                </p>
              </li>
            ))}
          </ul>
          {list.hasMore && list.status !== 'failed' && (
            <div className="load-more">
              <button type="button" className={`amplify-button${list.loadingMore ? ' amplify-button--disabled' : ''}`} onClick={list.loadMore} disabled={list.loadingMore} data-testid="support-cases-load-more">
                {list.loadingMore ? t('loading') : t('load_more')}
              </button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
