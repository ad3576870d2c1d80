import { Alert } from '../../../components/alert';
import { useErrorText } from '../../../lib/error-message';
import { useAdminFormat } from '../admin-format';
import { useAdminTranslation } from '../admin-i18n';
import type { ProductReview } from './api/get-product-review';
import { ReviewedMeanwhile, type ReviewDecisionBody, type useDecideReview } from './api/decide-review';

type Decide = ReturnType<typeof useDecideReview>;

/** "approved", "rejected", "asked for changes" in the console's language. */
export function useDecisionWord(): (decision: ReviewDecisionBody['decision']) => string {
  const { t } = useAdminTranslation();
  return (decision) => t(`admin_review_decided_${decision}`);
}

/**
 * Why the decision was not taken (the mutation's error): someone else decided first (who, what, when),
 * or the request failed. Else, for a product no longer pending, who decided it.
 */
export function DecisionProblem({ review, decide }: { review: ProductReview; decide: Decide }) {
  const { t } = useAdminTranslation();
  const format = useAdminFormat();
  const describeError = useErrorText();
  const decisionWord = useDecisionWord();
  const err = decide.error;
  if (err) {
    const problem =
      err instanceof ReviewedMeanwhile
        ? { text: t('admin_review_conflict', { by: err.last.by, decision: decisionWord(err.last.decision), time: format.dateTime(err.last.at) }), detail: null }
        : (({ message, detail }) => ({ text: t('admin_review_decision_failed', { message }), detail }))(describeError(err));
    return (
      <Alert tone="error" detail={problem.detail} testId="admin-review-problem" onDismiss={decide.reset} dismissLabel={t('admin_review_dismiss')}>
        {problem.text}
      </Alert>
    );
  }
  if (review.state === 'pending' && review.submittedAt !== null) return null;
  const last = review.lastReview;
  return (
    <p className="admin-review-decided" role="status" data-testid="admin-review-not-pending">
      {last ? t('admin_review_already', { by: last.by, decision: decisionWord(last.decision), time: format.dateTime(last.at) }) : t('admin_review_not_pending')}
    </p>
  );
}

export interface DecisionActions {
  approve(): void;
  reject(): void;
  requestChanges(): void;
  next(): void;
}

/** Approve, Reject, Request changes and Next (with their keys), while the product is pending; the keys' legend always. */
export function DecisionBar({ review, canDecide, sending, actions }: { review: ProductReview; canDecide: boolean; sending: boolean; actions: DecisionActions }) {
  const { t } = useAdminTranslation();
  const pending = review.state === 'pending' && review.submittedAt !== null;
  return (
    <>
      {pending && (
        <div className="admin-review-actions" role="group" aria-label={t('admin_review_decision')}>
          <button type="button" className="admin-action admin-action-primary" onClick={actions.approve} disabled={!canDecide} aria-keyshortcuts="a" data-testid="admin-review-approve">
            {t('admin_review_approve')}
          </button>
          <button type="button" className="admin-action admin-action-danger" onClick={actions.reject} disabled={!canDecide} aria-keyshortcuts="r" data-testid="admin-review-reject">
            {t('admin_review_reject')}
          </button>
          <button type="button" className="admin-action" onClick={actions.requestChanges} disabled={!canDecide} aria-keyshortcuts="c" data-testid="admin-review-request-changes">
            {t('admin_review_request_changes')}
          </button>
          {review.nextProductId && (
            <button type="button" className="admin-action" onClick={actions.next} aria-keyshortcuts="n j" data-testid="admin-review-next">
              {t('admin_review_next')}
            </button>
          )}
          {sending && (
            <span role="status" className="admin-review-muted">
              {t('admin_review_sending')}
            </span>
          )}
        </div>
      )}
      <p className="admin-review-shortcuts" data-testid="admin-review-shortcuts">
        <span>{t('admin_review_shortcuts')}</span> <kbd>a</kbd> {t('admin_review_approve')} · <kbd>r</kbd> {t('admin_review_reject')} · <kbd>c</kbd> {t('admin_review_request_changes')} ·{' '}
        <kbd>n</kbd>/<kbd>j</kbd> {t('admin_review_next')}
      </p>
    </>
  );
}
