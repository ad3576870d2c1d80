import { Button } from '@aws-amplify/ui-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import type { TFunction } from 'i18next';
import type { ProductReview, ReviewField, ReviewFieldRow, ReviewImage, ReviewValue } from '../../../../../contracts/admin-reviews';
import { MIN_FILL, WHITE_SHARE } from '../../../../../contracts/primary-image';
import { Alert } from '../../../components/alert';
import { LoadStatus } from '../../../components/load-status';
import { languageToApply, type Language } from '../../../i18n/language';
import { ApiError } from '../../../lib/api';
import { useErrorText } from '../../../lib/error-message';
import { formatDateTime, formatCount, formatMoney, intlLocale } from '../../../lib/format';
import { useMarketplaceTimeZone } from '../../../lib/marketplace';
import { countryName, listText, productValueKey, type CodedProductField } from '../../../lib/product-labels';
import { usePageTitle } from '../../../lib/use-page-title';
import { toResource } from '../../../lib/use-resource';
import { useAdminTranslation } from '../admin-i18n';
import { ChangesDialog, RejectDialog } from './decision-dialogs';
import { decideReview, getProductReview, reviewQueryKeys, type ReviewDecisionBody } from './reviews-api';
import { useShortcuts } from './use-shortcuts';

type Decision = ReviewDecisionBody['decision'];
type DecisionInput = { decision: 'approve' } | { decision: 'reject'; reasons: string[] } | { decision: 'request_changes'; note: string };

/** The fields whose values are codes, and how the vendor's form names them (web/src/lib/product-labels.ts). */
const CODED: Partial<Record<ReviewField, CodedProductField>> = {
  productType: 'productType',
  unitOfMeasure: 'unitOfMeasure',
  hasAllergens: 'hasAllergens',
  allergens: 'allergens',
  weight: 'weightUnit',
  volume: 'volumeUnit',
  dimensions: 'dimensionUnit',
};

/**
 * A field's value as text in the console's language: money, codes by the vendor form's labels (never
 * the code itself), a country by its name, measurements with their unit's name; '—' when not given.
 */
function valueText(row: ReviewFieldRow, value: ReviewValue, language: Language, t: TFunction, none: string): string {
  if (value === null || value === '' || (Array.isArray(value) && value.length === 0)) return none;
  if (row.kind === 'money' && typeof value === 'number') return formatMoney(value, language);
  const coded = CODED[row.field];
  if (typeof value === 'object' && !Array.isArray(value)) {
    const amounts = value.amounts.map((a) => (a === null ? '–' : formatCount(a, language))).join(' × ');
    return `${amounts} ${coded ? t(productValueKey(coded, value.unit)) : value.unit}`;
  }
  if (Array.isArray(value)) return listText(coded ? value.map((v) => t(productValueKey(coded, v))) : value, language);
  if (row.field === 'countryOfOrigin') return countryName(String(value), intlLocale(language));
  return coded ? t(productValueKey(coded, String(value))) : String(value);
}

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
function ReviewFigure({ image, caption, testId, primary = false }: { image: ReviewImage; caption: string; testId: string; primary?: boolean }) {
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
function Side({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <div className="admin-review-side" data-testid={testId}>
      <h3>{title}</h3>
      {children}
    </div>
  );
}

/**
 * /admin/reviews/:productId (issue 13): the submitted revision beside the live version (for an update)
 * with the changed fields marked, every image large with its check, and the decision: Approve, Reject
 * with reasons, Request changes. Keyboard: a, r, c, n/j (not while typing, not with a dialog open).
 * After a decision the page moves on to the next product in the queue.
 */
export default function ReviewPage() {
  const { productId = '' } = useParams();
  const { t, i18n } = useAdminTranslation();
  const language = languageToApply(i18n.language);
  const describeError = useErrorText();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const timeZone = useMarketplaceTimeZone();
  const notice = (location.state as { notice?: string } | null)?.notice;
  const [dialog, setDialog] = useState<'reject' | 'changes' | null>(null);
  const [problem, setProblem] = useState<{ text: string; detail: string | null } | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const review = toResource(useQuery({ queryKey: reviewQueryKeys.product(productId), queryFn: ({ signal }) => getProductReview(productId, signal) }));
  const data: ProductReview | undefined = review.status === 'loaded' ? review.data : review.previous;
  const name = data ? data.fields.find((f) => f.field === 'nameEn')?.submitted : null;
  usePageTitle(typeof name === 'string' && name ? t('admin_review_page_title', { name }) : t('admin_review_queue_title'));

  // A new product on screen (the next one after a decision; the section keys this page by product, so
  // dialogs and alerts start afresh): its name is where reading starts.
  useEffect(() => {
    if (notice && data?.productId === productId) headingRef.current?.focus();
  }, [notice, data?.productId, productId]);

  const when = (instant: string) => {
    if (!timeZone) return instant;
    const { date, time } = formatDateTime(instant, language, timeZone);
    return `${date} ${time}`;
  };
  const decisionWord = (d: Decision) => t(`admin_review_decided_${d}`);

  const decide = useMutation({
    mutationFn: (body: ReviewDecisionBody) => decideReview(productId, body),
    onSuccess: async (answer) => {
      setDialog(null);
      await queryClient.invalidateQueries({ queryKey: reviewQueryKeys.all });
      const done = t(`admin_review_done_${answer.decision}`, { product: answer.productId });
      const next = answer.nextProductId;
      navigate(next ? `/admin/reviews/${next}` : '/admin/reviews', { state: { notice: next ? done : `${done} ${t('admin_review_queue_done')}` } });
    },
    onError: async (err) => {
      setDialog(null);
      if (err instanceof ApiError && err.code === 'product_already_reviewed') {
        // Someone else decided first: say who and what, from the product as it is now.
        const fresh = await queryClient.fetchQuery({ queryKey: reviewQueryKeys.product(productId), queryFn: () => getProductReview(productId) }).catch(() => null);
        void queryClient.invalidateQueries({ queryKey: reviewQueryKeys.queue });
        const last = fresh?.lastReview;
        if (last) {
          setProblem({ text: t('admin_review_conflict', { by: last.by, decision: decisionWord(last.decision), time: when(last.at) }), detail: null });
          return;
        }
      }
      const failure = describeError(err);
      setProblem({ text: t('admin_review_decision_failed', { message: failure.message }), detail: failure.detail });
    },
  });

  const pending = data?.state === 'pending' && data.submittedAt !== null;
  const canDecide = pending && !decide.isPending && data.productId === productId;
  const send = (body: DecisionInput) => {
    if (!data?.submittedAt) return;
    setProblem(null);
    decide.mutate({ ...body, submittedAt: data.submittedAt });
  };
  const goNext = () => {
    if (data?.nextProductId) navigate(`/admin/reviews/${data.nextProductId}`);
  };
  useShortcuts(
    {
      a: () => canDecide && send({ decision: 'approve' }),
      r: () => canDecide && setDialog('reject'),
      c: () => canDecide && setDialog('changes'),
      n: goNext,
      j: goNext,
    },
    dialog === null && !decide.isPending,
  );

  const failure = review.status === 'failed' ? describeError(review.error) : null;
  const none = t('admin_review_not_given');
  const live = data?.update ?? false;
  const nameZh = data?.fields.find((f) => f.field === 'nameZh')?.submitted;

  return (
    <section className="admin-page admin-review" aria-busy={review.status === 'loading'} data-testid="admin-review-page">
      <p className="admin-review-back">
        <Link to="/admin/reviews">{t('admin_review_back_to_queue')}</Link>
      </p>
      {notice && data?.productId === productId && (
        <p className="admin-review-notice" role="status" data-testid="admin-review-notice">
          {notice}
        </p>
      )}
      <LoadStatus
        state={review.status === 'loaded' ? 'idle' : review.status}
        loadingText={t('admin_review_loading')}
        errorText={failure ? t('admin_review_failed', { message: failure.message }) : undefined}
        errorDetail={failure?.detail}
        retryLabel={t('try_again')}
        onRetry={review.retry}
        testId="admin-review-status"
      />
      {data && (
        <>
          <header className="admin-review-head">
            <h1 ref={headingRef} tabIndex={-1} data-testid="admin-review-title">
              <span lang="en">{typeof name === 'string' && name ? name : t('admin_review_no_name')}</span>
            </h1>
            <dl className="admin-review-facts">
              <div>
                <dt>{t('admin_review_field_nameZh')}</dt>
                <dd lang="zh-TW">{typeof nameZh === 'string' && nameZh ? nameZh : none}</dd>
              </div>
              <div>
                <dt>{t('admin_review_col_vendor')}</dt>
                <dd>
                  {data.vendorName || data.vendorId} ({data.vendorId})
                </dd>
              </div>
              <div>
                <dt>{t('admin_review_product_id')}</dt>
                <dd>
                  {data.productId} · {t('admin_review_sku', { sku: data.sku })}
                </dd>
              </div>
              <div>
                <dt>{t('admin_review_col_kind')}</dt>
                <dd data-testid="admin-review-kind">{data.update ? t('admin_review_kind_update') : t('admin_review_kind_new')}</dd>
              </div>
              {data.submittedAt && (
                <div>
                  <dt>{t('admin_review_submitted')}</dt>
                  <dd>{when(data.submittedAt)}</dd>
                </div>
              )}
            </dl>
          </header>

          {problem && (
            <Alert tone="error" detail={problem.detail} testId="admin-review-problem" onDismiss={() => setProblem(null)} dismissLabel={t('admin_review_dismiss')}>
              {problem.text}
            </Alert>
          )}

          {!pending && !problem && (
            <p className="admin-review-decided" role="status" data-testid="admin-review-not-pending">
              {data.lastReview
                ? t('admin_review_already', { by: data.lastReview.by, decision: decisionWord(data.lastReview.decision), time: when(data.lastReview.at) })
                : t('admin_review_not_pending')}
            </p>
          )}

          {pending && (
            <div className="admin-review-actions" role="group" aria-label={t('admin_review_decision')}>
              <Button variation="primary" onClick={() => send({ decision: 'approve' })} disabled={!canDecide} aria-keyshortcuts="a" data-testid="admin-review-approve">
                {t('admin_review_approve')}
              </Button>
              <Button variation="destructive" onClick={() => setDialog('reject')} disabled={!canDecide} aria-keyshortcuts="r" data-testid="admin-review-reject">
                {t('admin_review_reject')}
              </Button>
              <Button onClick={() => setDialog('changes')} disabled={!canDecide} aria-keyshortcuts="c" data-testid="admin-review-request-changes">
                {t('admin_review_request_changes')}
              </Button>
              {data.nextProductId && (
                <Button onClick={goNext} aria-keyshortcuts="n j" data-testid="admin-review-next">
                  {t('admin_review_next')}
                </Button>
              )}
              {decide.isPending && (
                <span role="status" className="admin-review-muted">
                  {t('admin_review_sending')}
                </span>
              )}
            </div>
          )}
          <p className="admin-review-shortcuts" data-testid="admin-review-shortcuts">
            <span>{t('admin_review_shortcuts')}</span>{' '}
            <kbd>a</kbd> {t('admin_review_approve')} · <kbd>r</kbd> {t('admin_review_reject')} · <kbd>c</kbd> {t('admin_review_request_changes')} · <kbd>n</kbd>/<kbd>j</kbd>{' '}
            {t('admin_review_next')}
          </p>

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
              {data.fields.map((row) => (
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

          <h2>
            {t('admin_review_images')}
            {data.images.changed && <span className="admin-review-badge">{t('admin_review_changed')}</span>}
          </h2>
          <div className={`admin-review-compare${live ? ' two' : ''}`}>
            <Side title={live ? t('admin_review_col_submitted') : t('admin_review_submitted_version')} testId="admin-review-images-submitted">
              {data.images.submitted.length === 0 && <p>{none}</p>}
              {data.images.submitted.map((image, i) => (
                <ReviewFigure key={image.key} image={image} caption={t(i === 0 ? 'admin_review_image_primary' : 'admin_review_image_n', { n: i + 1 })} testId="admin-review-image" primary={i === 0} />
              ))}
            </Side>
            {live && (
              <Side title={t('admin_review_col_live')} testId="admin-review-images-live">
                {data.images.live.map((image, i) => (
                  <ReviewFigure key={image.key} image={image} caption={t(i === 0 ? 'admin_review_image_primary' : 'admin_review_image_n', { n: i + 1 })} testId="admin-review-live-image" primary={i === 0} />
                ))}
              </Side>
            )}
          </div>

          <h2>
            {t('admin_review_label')}
            {data.nutritionLabel.changed && <span className="admin-review-badge">{t('admin_review_changed')}</span>}
          </h2>
          <div className={`admin-review-compare${live ? ' two' : ''}`}>
            <Side title={live ? t('admin_review_col_submitted') : t('admin_review_submitted_version')} testId="admin-review-label-submitted">
              {data.nutritionLabel.submitted ? (
                <ReviewFigure image={data.nutritionLabel.submitted} caption={t('admin_review_label')} testId="admin-review-label" />
              ) : (
                <p>{none}</p>
              )}
            </Side>
            {live && (
              <Side title={t('admin_review_col_live')} testId="admin-review-label-live">
                {data.nutritionLabel.live ? <ReviewFigure image={data.nutritionLabel.live} caption={t('admin_review_label')} testId="admin-review-live-label" /> : <p>{none}</p>}
              </Side>
            )}
          </div>
        </>
      )}
      {dialog === 'reject' && <RejectDialog busy={decide.isPending} onCancel={() => setDialog(null)} onReject={(reasons) => send({ decision: 'reject', reasons })} />}
      {dialog === 'changes' && <ChangesDialog busy={decide.isPending} onCancel={() => setDialog(null)} onSend={(note) => send({ decision: 'request_changes', note })} />}
    </section>
  );
}
