import type { ProductReview } from '@contracts/admin-reviews';
import { useAdminFormat } from '../admin-format';
import { useAdminTranslation } from '../admin-i18n';
import { ReviewFigure, Side } from './review-figure';
import { valueText } from './review-value-text';

/** Every field as submitted, beside the live value for an update, the changed ones marked. */
export function ReviewFieldsSection({ review }: { review: ProductReview }) {
  const { t } = useAdminTranslation();
  const { language } = useAdminFormat();
  const none = t('admin_review_not_given');
  const live = review.update;
  return (
    <>
      <h2>{t('admin_review_details')}</h2>
      {live && <p className="admin-review-muted">{t('admin_review_changed_intro')}</p>}
      <table className="admin-review-fields" data-testid="admin-review-fields">
        <thead>
          <tr>
            <th scope="col">{t('admin_review_col_field')}</th>
            <th scope="col">{t('admin_review_col_submitted')}</th>
            {live && <th scope="col">{t('admin_review_col_live')}</th>}
          </tr>
        </thead>
        <tbody>
          {review.fields.map((row) => (
            <tr key={row.field} className={row.changed ? 'changed' : undefined} data-testid={`admin-review-field-${row.field}`} data-changed={row.changed}>
              <th scope="row">
                {t(`admin_review_field_${row.field}`)}
                {row.changed && <span className="admin-review-badge">{t('admin_review_changed')}</span>}
              </th>
              <td data-label={t('admin_review_col_submitted')} lang={row.field === 'nameZh' ? 'zh-TW' : undefined}>
                {valueText(row, row.submitted, language, t, none)}
              </td>
              {live && (
                <td data-label={t('admin_review_col_live')} lang={row.field === 'nameZh' ? 'zh-TW' : undefined}>
                  {valueText(row, row.live, language, t, none)}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/** Every image large with its check, submitted beside live for an update. */
export function ReviewImagesSection({ review }: { review: ProductReview }) {
  const { t } = useAdminTranslation();
  const live = review.update;
  const caption = (i: number) => t(i === 0 ? 'admin_review_image_primary' : 'admin_review_image_n', { n: i + 1 });
  return (
    <>
      <h2>
        {t('admin_review_images')}
        {review.images.changed && <span className="admin-review-badge">{t('admin_review_changed')}</span>}
      </h2>
      <div className={`admin-review-compare${live ? ' two' : ''}`}>
        <Side title={live ? t('admin_review_col_submitted') : t('admin_review_submitted_version')} testId="admin-review-images-submitted">
          {review.images.submitted.length === 0 && <p>{t('admin_review_not_given')}</p>}
          {review.images.submitted.map((image, i) => (
            <ReviewFigure key={image.key} image={image} caption={caption(i)} testId="admin-review-image" primary={i === 0} />
          ))}
        </Side>
        {live && (
          <Side title={t('admin_review_col_live')} testId="admin-review-images-live">
            {review.images.live.map((image, i) => (
              <ReviewFigure key={image.key} image={image} caption={caption(i)} testId="admin-review-live-image" primary={i === 0} />
            ))}
          </Side>
        )}
      </div>
    </>
  );
}

/** The nutrition label, submitted beside live for an update. */
export function ReviewLabelSection({ review }: { review: ProductReview }) {
  const { t } = useAdminTranslation();
  const live = review.update;
  const none = <p>{t('admin_review_not_given')}</p>;
  const { submitted, live: current, changed } = review.nutritionLabel;
  return (
    <>
      <h2>
        {t('admin_review_label')}
        {changed && <span className="admin-review-badge">{t('admin_review_changed')}</span>}
      </h2>
      <div className={`admin-review-compare${live ? ' two' : ''}`}>
        <Side title={live ? t('admin_review_col_submitted') : t('admin_review_submitted_version')} testId="admin-review-label-submitted">
          {submitted ? <ReviewFigure image={submitted} caption={t('admin_review_label')} testId="admin-review-label" /> : none}
        </Side>
        {live && (
          <Side title={t('admin_review_col_live')} testId="admin-review-label-live">
            {current ? <ReviewFigure image={current} caption={t('admin_review_label')} testId="admin-review-live-label" /> : none}
          </Side>
        )}
      </div>
    </>
  );
}
