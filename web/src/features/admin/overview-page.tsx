import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { OVERVIEW_QUEUES } from '../../../../contracts/admin-values';
import { LoadStatus } from '../../components/load-status';
import { languageToApply } from '../../i18n/language';
import { useErrorText } from '../../lib/error-message';
import { formatCount, formatDateTime, intlLocale } from '../../lib/format';
import { useMarketplaceTimeZone } from '../../lib/marketplace';
import { usePageTitle } from '../../lib/use-page-title';
import { toResource } from '../../lib/use-resource';
import { adminQueryKeys, getOverview, waitingAge } from './admin-api';
import { useAdminTranslation } from './admin-i18n';
import { QUEUE_SECTION } from './sections';

/**
 * The ops console's first screen (issue 13): what is waiting for operations staff, one card per queue
 * with how many wait and how long the oldest has waited, counted by the server at `generatedAt`.
 */
export default function OverviewPage() {
  const { t, i18n } = useAdminTranslation();
  const language = languageToApply(i18n.language);
  const describeError = useErrorText();
  usePageTitle(t('admin_overview_title'));
  const overview = toResource(useQuery({ queryKey: adminQueryKeys.overview, queryFn: ({ signal }) => getOverview(signal) }));
  const data = overview.status === 'loaded' ? overview.data : overview.previous;
  // As useLoadErrorProps does, with the sentence from the console's namespace.
  const failure = overview.status === 'failed' ? describeError(overview.error) : null;
  const age = (since: string, now: string) => {
    const { value, unit } = waitingAge(since, now);
    return new Intl.NumberFormat(intlLocale(language), { style: 'unit', unit, unitDisplay: 'long' }).format(value);
  };
  // The marketplace's clock, as on the vendor pages (the stack setting in /config.json).
  const timeZone = useMarketplaceTimeZone();
  const asOf = data && timeZone ? formatDateTime(data.generatedAt, language, timeZone) : null;

  return (
    <section className="admin-page admin-overview" aria-busy={overview.status === 'loading'}>
      <h1>{t('admin_overview_title')}</h1>
      <p className="admin-intro">{t('admin_overview_intro')}</p>
      <LoadStatus
        state={overview.status === 'loaded' ? 'idle' : overview.status}
        loadingText={t('admin_overview_loading')}
        errorText={failure ? t('admin_overview_failed', { message: failure.message }) : undefined}
        errorDetail={failure?.detail}
        retryLabel={t('try_again')}
        onRetry={overview.retry}
        testId="admin-overview-status"
      />
      {data && (
        <>
          <ul className="admin-queues" data-testid="admin-queues">
            {OVERVIEW_QUEUES.map((key) => {
              const queue = data.queues[key];
              return (
                <li key={key} className="admin-queue" data-testid={`admin-queue-${key}`} data-waiting={queue.count > 0}>
                  <h2 className="admin-queue-label">
                    <Link to={QUEUE_SECTION[key]} data-testid={`admin-queue-${key}-link`}>
                      {t(`admin_queue_${key}`)}
                    </Link>
                  </h2>
                  <p className="admin-queue-count" data-testid={`admin-queue-${key}-count`}>
                    {formatCount(queue.count, language)}
                  </p>
                  <p className="admin-queue-age" data-testid={`admin-queue-${key}-age`}>
                    {queue.oldestAt ? t('admin_queue_oldest', { age: age(queue.oldestAt, data.generatedAt) }) : t('admin_queue_empty')}
                  </p>
                </li>
              );
            })}
          </ul>
          {asOf && <p className="admin-as-of">{t('admin_overview_as_of', { time: `${asOf.date} ${asOf.time}` })}</p>}
        </>
      )}
    </section>
  );
}
