import type { Ref } from 'react';
import type { ProductReview } from '@contracts/admin-reviews';
import { useAdminFormat } from '../admin-format';
import { useAdminTranslation } from '../admin-i18n';

/** The product's English name as submitted, or null. */
export function submittedName(review: ProductReview | undefined, field: 'nameEn' | 'nameZh' = 'nameEn'): string | null {
  const name = review?.fields.find((f) => f.field === field)?.submitted;
  return typeof name === 'string' && name ? name : null;
}

/** The product's names, vendor, id and SKU, new or update, and when it was submitted. */
export function ReviewHeadSection({ review, headingRef }: { review: ProductReview; headingRef: Ref<HTMLHeadingElement> }) {
  const { t } = useAdminTranslation();
  const format = useAdminFormat();
  return (
    <header className="admin-review-head">
      <h1 ref={headingRef} tabIndex={-1} data-testid="admin-review-title">
        <span lang="en">{submittedName(review) ?? t('admin_review_no_name')}</span>
      </h1>
      <dl className="admin-review-facts">
        <div>
          <dt>{t('admin_review_field_nameZh')}</dt>
          <dd lang="zh-TW">{submittedName(review, 'nameZh') ?? t('admin_review_not_given')}</dd>
        </div>
        <div>
          <dt>{t('admin_review_col_vendor')}</dt>
          <dd>
            {review.vendorName || review.vendorId} ({review.vendorId})
          </dd>
        </div>
        <div>
          <dt>{t('admin_review_product_id')}</dt>
          <dd>
            {review.productId} · {t('admin_review_sku', { sku: review.sku })}
          </dd>
        </div>
        <div>
          <dt>{t('admin_review_col_kind')}</dt>
          <dd data-testid="admin-review-kind">{review.update ? t('admin_review_kind_update') : t('admin_review_kind_new')}</dd>
        </div>
        {review.submittedAt && (
          <div>
            <dt>{t('admin_review_submitted')}</dt>
            <dd>{format.dateTime(review.submittedAt)}</dd>
          </div>
        )}
      </dl>
    </header>
  );
}
