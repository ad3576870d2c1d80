import { useInfiniteQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router-dom';
import { LoadStatus } from '../../../components/load-status';
import { languageToApply, type Language } from '../../../i18n/language';
import { useErrorText } from '../../../lib/error-message';
import { formatCount, formatDateTime } from '../../../lib/format';
import { useMarketplaceTimeZone } from '../../../lib/marketplace';
import { usePageTitle } from '../../../lib/use-page-title';
import { useAdminTranslation } from '../admin-i18n';
import { getReviewQueue, reviewQueryKeys } from './reviews-api';
import { ageFormatter } from './review-format';
import { namesInOrder } from '../../../../../contracts/listings/names';

/**
 * /admin/reviews (issue 13): the products waiting for review, oldest submission first, with how long
 * each has waited, both names as submitted, the vendor, and whether it is a new product or an update
 * of a published one. A table on a wide screen, cards on a phone; "Show more" reads the next page.
 */
export default function ReviewQueuePage() {
  const { t, i18n } = useAdminTranslation();
  const language: Language = languageToApply(i18n.language);
  const describeError = useErrorText();
  const timeZone = useMarketplaceTimeZone();
  const age = ageFormatter(language);
  const notice = (useLocation().state as { notice?: string } | null)?.notice;
  usePageTitle(t('admin_review_queue_title'));
  const queue = useInfiniteQuery({
    queryKey: reviewQueryKeys.queue,
    queryFn: ({ pageParam, signal }) => getReviewQueue(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
  const pages = queue.data?.pages ?? [];
  const items = pages.flatMap((p) => p.items);
  const now = pages[0]?.generatedAt;
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
      {items.length > 0 && (
        <div className="admin-review-table-wrap">
          <table className="admin-review-queue" data-testid="admin-review-queue">
            <caption className="visually-hidden">{t('admin_review_queue_caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('admin_review_col_product')}</th>
                <th scope="col">{t('admin_review_col_vendor')}</th>
                <th scope="col">{t('admin_review_col_kind')}</th>
                <th scope="col">{t('admin_review_col_waiting')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => {
                const at = timeZone ? formatDateTime(item.submittedAt, language, timeZone) : null;
                // The name in the console's language first, the other under it (issue 24, item 19).
                const { first, second } = namesInOrder(item, language);
                return (
                  <tr key={item.productId} data-testid="admin-review-queue-row" data-product-id={item.productId}>
                    <th scope="row" data-label={t('admin_review_col_product')}>
                      <Link to={`/admin/reviews/${item.productId}`} className="admin-review-name" data-testid="admin-review-queue-link">
                        <span lang={first?.lang}>{first?.text ?? t('admin_review_no_name')}</span>
                      </Link>
                      {second && (
                        <span className="admin-review-name-zh" lang={second.lang}>
                          {second.text}
                        </span>
                      )}
                      <span className="admin-review-muted">
                        {item.productId} · {t('admin_review_sku', { sku: item.sku })}
                      </span>
                    </th>
                    <td data-label={t('admin_review_col_vendor')}>
                      <span>{item.vendorName || item.vendorId}</span>
                      <span className="admin-review-muted">{item.vendorId}</span>
                    </td>
                    <td data-label={t('admin_review_col_kind')}>
                      <span className={`admin-review-kind ${item.update ? 'update' : 'new'}`} data-testid="admin-review-kind">
                        {item.update ? t('admin_review_kind_update') : t('admin_review_kind_new')}
                      </span>
                    </td>
                    <td data-label={t('admin_review_col_waiting')}>
                      <span data-testid="admin-review-age">{now ? age(item.submittedAt, now) : ''}</span>
                      {at && <span className="admin-review-muted">{t('admin_review_submitted_at', { time: `${at.date} ${at.time}` })}</span>}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {queue.hasNextPage && (
        <p>
          <button
            type="button"
            className="admin-review-more"
            data-testid="admin-review-queue-more"
            disabled={queue.isFetchingNextPage}
            onClick={() => void queue.fetchNextPage()}
          >
            {queue.isFetchingNextPage ? t('admin_review_queue_loading') : t('admin_review_queue_more')}
          </button>
        </p>
      )}
    </section>
  );
}
