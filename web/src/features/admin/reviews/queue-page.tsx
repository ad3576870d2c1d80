import { useLocation } from 'react-router-dom';
import { LoadStatus } from '../../../components/load-status';
import { useErrorText } from '../../../lib/error-message';
import { formatCount } from '../../../lib/format';
import { usePageTitle } from '../../../lib/use-page-title';
import { useAdminFormat } from '../admin-format';
import { useAdminTranslation } from '../admin-i18n';
import { useReviewQueue } from './api/get-review-queue';
import { ReviewQueueTable } from './review-queue-table';

/**
 * /admin/reviews (issue 13): the products waiting for review, oldest submission first, with how long
 * each has waited, both names as submitted, the vendor, and whether it is a new product or an update
 * of a published one. A table on a wide screen, cards on a phone; "Show more" reads the next page.
 */
export default function ReviewQueuePage() {
  const { t } = useAdminTranslation();
  const { language } = useAdminFormat();
  const describeError = useErrorText();
  const notice = (useLocation().state as { notice?: string } | null)?.notice;
  usePageTitle(t('admin_review_queue_title'));
  const queue = useReviewQueue();
  const pages = queue.data?.pages ?? [];
  const items = pages.flatMap((p) => p.items);
  const failure = queue.isError ? describeError(queue.error) : null;
  const state = queue.isPending || (queue.isFetching && !queue.isFetchingNextPage) ? 'loading' : queue.isError ? 'failed' : 'idle';

  return (
    <section className="admin-page admin-reviews" aria-busy={state === 'loading'}>
      <h1>{t('admin_review_queue_title')}</h1>
      <p className="admin-intro">{t('admin_review_queue_intro')}</p>
      {notice && (
        <p className="admin-review-notice" role="status" data-testid="admin-review-notice">
          {notice}
        </p>
      )}
      <LoadStatus
        state={state}
        loadingText={t('admin_review_queue_loading')}
        errorText={failure ? t('admin_review_queue_failed', { message: failure.message }) : undefined}
        errorDetail={failure?.detail}
        loadedText={queue.isSuccess ? t('admin_review_queue_count', { shown: formatCount(items.length, language) }) : undefined}
        retryLabel={t('try_again')}
        onRetry={() => void queue.refetch()}
        testId="admin-review-queue-status"
      />
      {queue.isSuccess && items.length === 0 && (
        <p className="admin-review-empty" data-testid="admin-review-queue-empty">
          {t('admin_review_queue_empty')}
        </p>
      )}
      {items.length > 0 && <ReviewQueueTable items={items} now={pages[0]?.generatedAt} />}
      {queue.hasNextPage && (
        <p>
          <button type="button" className="admin-review-more" data-testid="admin-review-queue-more" disabled={queue.isFetchingNextPage} onClick={() => void queue.fetchNextPage()}>
            {queue.isFetchingNextPage ? t('admin_review_queue_loading') : t('admin_review_queue_more')}
          </button>
        </p>
      )}
    </section>
  );
}
