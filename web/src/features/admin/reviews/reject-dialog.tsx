import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { REVIEW_REASON_MAX } from '@contracts/admin-values';
import { REJECTION_REASONS } from '@contracts/listings/model';
import { useAdminTranslation } from '../admin-i18n';
import { FieldError, useFieldErrorText } from '../form-errors';
import { rejectFormResolver } from './api/decide-review';
import { ReviewDialog } from './review-dialog';

type RejectValues = { codes: (typeof REJECTION_REASONS)[number][]; text: string };

/**
 * Reject: one or more of the known reasons (REJECTION_REASONS, in the console's language; the vendor
 * reads them in theirs) and/or free text, sent as one reason more. At least one is needed
 * (contracts/admin-reviews.ts reviewRejectFormSchema).
 */
export function RejectDialog({ busy, onCancel, onReject }: { busy: boolean; onCancel(): void; onReject(reasons: string[]): void }) {
  const { t } = useAdminTranslation();
  const fieldText = useFieldErrorText();
  const { register, handleSubmit, clearErrors, formState } = useForm<RejectValues, unknown, { reasons: string[] }>({ resolver: rejectFormResolver, defaultValues: { codes: [], text: '' } });
  const textId = useId();
  const errorId = useId();
  const error = fieldText(formState.errors.text?.message, 'admin_review_reject_needs_reason');
  // Ticking a reason answers "at least one" at once.
  const codes = register('codes', { onChange: () => clearErrors('text') });
  const submit = handleSubmit(({ reasons }) => onReject(reasons));
  return (
    <ReviewDialog name="reject" tone="danger" busy={busy} onCancel={onCancel} onSubmit={(event) => void submit(event)}>
      <fieldset className="admin-review-reasons" aria-describedby={error ? errorId : undefined}>
        <legend>{t('admin_review_reject_reasons')}</legend>
        {REJECTION_REASONS.map((code, i) => (
          <label key={code} className="admin-review-reason">
            <input type="checkbox" value={code} {...codes} data-testid={`admin-review-reason-${code}`} {...(i === 0 ? { 'data-autofocus': true } : {})} />
            <span>{t(`rejection_${code}`)}</span>
          </label>
        ))}
      </fieldset>
      <label htmlFor={textId} className="admin-review-field-label">
        {t('admin_review_reject_other')}
      </label>
      <textarea id={textId} className="admin-review-textarea" rows={3} maxLength={REVIEW_REASON_MAX} {...register('text')} data-testid="admin-review-reject-text" />
      <FieldError id={errorId} text={error} testId="admin-review-reject-error" className="admin-review-error" />
    </ReviewDialog>
  );
}
