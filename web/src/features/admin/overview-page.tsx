import { Link } from 'react-router-dom';
import { OVERVIEW_QUEUES } from '@contracts/admin-values';
import { LoadStatus } from '../../components/load-status';
import { useErrorText } from '../../lib/error-message';
import { formatCount } from '../../lib/format';
import { usePageTitle } from '../../lib/use-page-title';
import { toResource } from '../../lib/use-resource';
import { useAdminFormat } from './admin-format';
import { useAdminTranslation } from './admin-i18n';
import { useOverview, type AdminOverview } from './api/get-overview';
import { QUEUE_SECTION } from './sections';

/** One card per queue: how many wait and how long the oldest has waited. */
function QueueCards({ data }: { data: AdminOverview }) {
  const { t } = useAdminTranslation();
  const format = useAdminFormat();
  return (
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
              {formatCount(queue.count, format.language)}
            </p>
            <p className="admin-queue-age" data-testid={`admin-queue-${key}-age`}>
              {queue.oldestAt ? t('admin_queue_oldest', { age: format.age(queue.oldestAt, data.generatedAt) }) : t('admin_queue_empty')}
            </p>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The ops console's first screen (issue 13): what is waiting for operations staff, one card per queue
 * with how many wait and how long the oldest has waited, counted by the server at `generatedAt`.
 */
export default function OverviewPage() {
  const { t } = useAdminTranslation();
  const format = useAdminFormat();
  const describeError = useErrorText();
  usePageTitle(t('admin_overview_title'));
  const overview = toResource(useOverview());
  const data = overview.status === 'loaded' ? overview.data : overview.previous;
  // As useLoadErrorProps does, with the sentence from the console's namespace.
  const failure = overview.status === 'failed' ? describeError(overview.error) : null;

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
          <QueueCards data={data} />
          {/* The marketplace's clock, as on the vendor pages (the stack setting in /config.json). */}
          {format.timeZone && <p className="admin-as-of">{t('admin_overview_as_of', { time: format.dateTime(data.generatedAt) })}</p>}
        </>
      )}
    </section>
  );
}
