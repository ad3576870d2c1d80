import type { ReactNode } from 'react';
import type { ReviewImage } from '@contracts/admin-reviews';
import { MIN_FILL, WHITE_SHARE } from '@contracts/primary-image';
import { useAdminTranslation } from '../admin-i18n';

const percent = (share: number) => Math.round(share * 100);

/**
 * What the primary-image rules measured on the primary image (issue 15): each broken rule with its
 * figure, or that all three hold; and that text, logos and watermarks are the reviewer's to see.
 */
function PrimaryRules({ check }: { check: ReviewImage['check'] }) {
  const { t } = useAdminTranslation();
  if (check.status !== 'valid') return null;
  const primary = check.primary;
  return (
    <div className="admin-review-primary" data-testid="admin-review-primary">
      <strong>{t('admin_review_primary_title')}</strong>
      {!primary ? (
        <p>{t('admin_review_primary_unmeasured')}</p>
      ) : primary.problems.length === 0 ? (
        <p className="admin-review-primary-ok">{t('admin_review_primary_ok', { fill: percent(primary.fill) })}</p>
      ) : (
        <ul>
          {primary.problems.map((rule) => (
            <li key={rule} data-rule={rule}>
              {rule === 'square'
                ? t('admin_review_primary_square', { ratio: primary.aspectRatio.toFixed(2) })
                : rule === 'white_background'
                  ? primary.whiteShare === null || primary.whiteShare >= WHITE_SHARE
                    ? t('admin_review_primary_white_none')
                    : t('admin_review_primary_white', { share: percent(primary.whiteShare) })
                  : t('admin_review_primary_fill', { fill: percent(primary.fill), min: percent(MIN_FILL) })}
            </li>
          ))}
        </ul>
      )}
      {primary?.marks ? (
        <p className="admin-review-primary-marks" data-testid="admin-review-primary-marks">
          {t('admin_review_primary_marks')}
        </p>
      ) : null}
      <p className="admin-review-primary-note">{t('admin_review_primary_manual')}</p>
    </div>
  );
}

/** One image, large, with what the image check recorded (and, for the primary image, the primary-image rules). */
export function ReviewFigure({ image, caption, testId, primary = false }: { image: ReviewImage; caption: string; testId: string; primary?: boolean }) {
  const { t } = useAdminTranslation();
  const check =
    image.check.status === 'valid'
      ? t('admin_review_check_valid')
      : image.check.status === 'rejected'
        ? t('admin_review_check_rejected', { reason: image.check.reason ? t(`admin_review_check_reason_${image.check.reason}`) : t('admin_review_check_reason_unknown') })
        : t('admin_review_check_unchecked');
  return (
    <figure className="admin-review-figure" data-testid={testId}>
      {/* The display size (a 1,200-px rendition, issue 23); the link opens the upload itself. */}
      <a href={image.originalUrl} target="_blank" rel="noreferrer">
        <img src={image.url} alt={caption} loading="lazy" decoding="async" {...(image.width && image.height ? { width: image.width, height: image.height } : {})} />
      </a>
      <figcaption>
        <span>{caption}</span>
        <span className={`admin-review-check ${image.check.status}`} data-testid={`${testId}-check`}>
          {check}
        </span>
        {primary && <PrimaryRules check={image.check} />}
      </figcaption>
    </figure>
  );
}

/** A side of a comparison (submitted / live): stacked on a phone, side by side on a wide screen. */
export function Side({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <div className="admin-review-side" data-testid={testId}>
      <h3>{title}</h3>
      {children}
    </div>
  );
}

