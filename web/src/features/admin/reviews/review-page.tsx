import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { LoadStatus } from '../../../components/load-status';
import { useErrorText } from '../../../lib/error-message';
import { usePageTitle } from '../../../lib/use-page-title';
import { toResource } from '../../../lib/use-resource';
import { useAdminTranslation } from '../admin-i18n';
import { useDecideReview, type ReviewDecisionBody } from './api/decide-review';
import { useProductReview } from './api/get-product-review';
import { ChangesDialog } from './changes-dialog';
import { RejectDialog } from './reject-dialog';
import { DecisionBar, DecisionProblem } from './review-decision-section';
import { ReviewHeadSection, submittedName } from './review-head-section';
import { ReviewFieldsSection, ReviewImagesSection, ReviewLabelSection } from './review-sections';
import { useShortcuts } from './use-shortcuts';

type DecisionInput = { decision: 'approve' } | { decision: 'reject'; reasons: string[] } | { decision: 'request_changes'; note: string };

/**
 * /admin/reviews/:productId (issue 13): the submitted revision beside the live version (for an update)
 * with the changed fields marked, every image large with its check, and the decision: Approve, Reject
 * with reasons, Request changes. Keyboard: a, r, c, n/j (not while typing, not with a dialog open).
 * After a decision the page moves on to the next product in the queue.
 */
export default function ReviewPage() {
  const { productId = '' } = useParams();
  const { t } = useAdminTranslation();
  const describeError = useErrorText();
  const navigate = useNavigate();
  const notice = (useLocation().state as { notice?: string } | null)?.notice;
  const [dialog, setDialog] = useState<'reject' | 'changes' | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const review = toResource(useProductReview(productId));
  const decide = useDecideReview(productId);
  const data = review.status === 'loaded' ? review.data : review.previous;
  const name = submittedName(data);
  usePageTitle(name ? t('admin_review_page_title', { name }) : t('admin_review_queue_title'));

  // A new product on screen (the next one after a decision; the section keys this page by product, so
  // dialogs and alerts start afresh): its name is where reading starts.
  useEffect(() => {
    if (notice && data?.productId === productId) headingRef.current?.focus();
  }, [notice, data?.productId, productId]);

  const canDecide = data?.state === 'pending' && data.submittedAt !== null && !decide.isPending && data.productId === productId;
  const send = (body: DecisionInput) => {
    if (!data?.submittedAt) return;
    decide.mutate({ ...body, submittedAt: data.submittedAt } as ReviewDecisionBody, {
      onSettled: () => setDialog(null),
      onSuccess: (answer) => {
        const done = t(`admin_review_done_${answer.decision}`, { product: answer.productId });
        const next = answer.nextProductId;
        navigate(next ? `/admin/reviews/${next}` : '/admin/reviews', { state: { notice: next ? done : `${done} ${t('admin_review_queue_done')}` } });
      },
    });
  };
  const actions = {
    approve: () => canDecide && send({ decision: 'approve' }),
    reject: () => canDecide && setDialog('reject'),
    requestChanges: () => canDecide && setDialog('changes'),
    next: () => data?.nextProductId && navigate(`/admin/reviews/${data.nextProductId}`),
  };
  useShortcuts({ a: actions.approve, r: actions.reject, c: actions.requestChanges, n: actions.next, j: actions.next }, dialog === null && !decide.isPending);
  const failure = review.status === 'failed' ? describeError(review.error) : null;

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
          <ReviewHeadSection review={data} headingRef={headingRef} />
          <DecisionProblem review={data} decide={decide} />
          <DecisionBar review={data} canDecide={canDecide} sending={decide.isPending} actions={actions} />
          <ReviewFieldsSection review={data} />
          <ReviewImagesSection review={data} />
          <ReviewLabelSection review={data} />
        </>
      )}
      {dialog === 'reject' && <RejectDialog busy={decide.isPending} onCancel={() => setDialog(null)} onReject={(reasons) => send({ decision: 'reject', reasons })} />}
      {dialog === 'changes' && <ChangesDialog busy={decide.isPending} onCancel={() => setDialog(null)} onSend={(note) => send({ decision: 'request_changes', note })} />}
    </section>
  );
}
