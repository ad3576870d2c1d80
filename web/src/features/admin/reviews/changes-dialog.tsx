import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { REVIEW_NOTE_MAX } from '@contracts/admin-values';
import { useAdminTranslation } from '../admin-i18n';
import { FieldError, useFieldErrorText } from '../form-errors';
import { changesFormResolver } from './api/decide-review';
import { ReviewDialog } from './review-dialog';

/** Request changes: the product goes back to the vendor as a draft, with this message (contracts/admin-reviews.ts reviewChangesFormSchema). */
export function ChangesDialog({ busy, onCancel, onSend }: { busy: boolean; onCancel(): void; onSend(note: string): void }) {
  const { t } = useAdminTranslation();
  const fieldText = useFieldErrorText();
  const { register, handleSubmit, formState } = useForm<{ note: string }, unknown, { note: string }>({ resolver: changesFormResolver, defaultValues: { note: '' } });
  const noteId = useId();
  const errorId = useId();
  // Any problem with the note (empty, only spaces) is said as "needs a note" (the field's maxLength keeps it short enough).
  const error = fieldText(formState.errors.note && 'admin_review_changes_needs_note', 'admin_review_changes_needs_note');
  const submit = handleSubmit(({ note }) => onSend(note));
  return (
    <ReviewDialog name="changes" tone="primary" busy={busy} onCancel={onCancel} onSubmit={(event) => void submit(event)}>
      <p className="dialog-intro">{t('admin_review_changes_intro')}</p>
      <label htmlFor={noteId} className="admin-review-field-label">
        {t('admin_review_changes_note')}
      </label>
      <textarea
        id={noteId}
        className="admin-review-textarea"
        rows={5}
        maxLength={REVIEW_NOTE_MAX}
        {...register('note')}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? errorId : undefined}
        data-autofocus
        data-testid="admin-review-changes-note"
      />
      <FieldError id={errorId} text={error} testId="admin-review-changes-error" className="admin-review-error" />
    </ReviewDialog>
  );
}
