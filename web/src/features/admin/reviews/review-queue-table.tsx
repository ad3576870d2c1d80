import { Link } from 'react-router-dom';
import { namesInOrder } from '@contracts/listings/names';
import { useAdminFormat } from '../admin-format';
import { useAdminTranslation } from '../admin-i18n';
import type { ReviewQueueItem } from './api/get-review-queue';

/** One waiting product: both names (the console's language first), the vendor, new or update, how long it has waited. */
function QueueRow({ item, now }: { item: ReviewQueueItem; now: string | undefined }) {
  const { t } = useAdminTranslation();
  const format = useAdminFormat();
  // The name in the console's language first, the other under it (issue 24, item 19).
  const { first, second } = namesInOrder(item, format.language);
  return (
    <tr data-testid="admin-review-queue-row" data-product-id={item.productId}>
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
        <span data-testid="admin-review-age">{now ? format.age(item.submittedAt, now) : ''}</span>
        {format.timeZone && <span className="admin-review-muted">{t('admin_review_submitted_at', { time: format.dateTime(item.submittedAt) })}</span>}
      </td>
    </tr>
  );
}

/** The queue as a table on a wide screen, cards on a phone. */
export function ReviewQueueTable({ items, now }: { items: readonly ReviewQueueItem[]; now: string | undefined }) {
  const { t } = useAdminTranslation();
  return (
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
          {items.map((item) => (
            <QueueRow key={item.productId} item={item} now={now} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
