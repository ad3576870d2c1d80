import { Button } from '@aws-amplify/ui-react';
import { useId, useState } from 'react';
import { REJECTION_REASONS } from '../../../../../contracts/listings/model';
import { REVIEW_NOTE_MAX, REVIEW_REASON_MAX } from '../../../../../contracts/admin-values';
import { Dialog } from '../../../components/dialog';
import { useAdminTranslation } from '../admin-i18n';

/**
 * Reject: one or more of the known reasons (REJECTION_REASONS, in the console's language; the vendor
 * reads them in theirs) and/or free text, sent as one reason more. At least one is needed.
 */
export function RejectDialog({ busy, onCancel, onReject }: { busy: boolean; onCancel(): void; onReject(reasons: string[]): void }) {
  const { t } = useAdminTranslation();
  const [codes, setCodes] = useState<string[]>([]);
  const [text, setText] = useState('');
  const [error, setError] = useState(false);
  const textId = useId();
  const errorId = useId();
  const toggle = (code: string) => setCodes((list) => (list.includes(code) ? list.filter((c) => c !== code) : [...list, code]));
  const submit = () => {
    const reasons = [...REJECTION_REASONS.filter((code) => codes.includes(code)), ...(text.trim() ? [text.trim()] : [])];
    if (reasons.length === 0) return setError(true);
    onReject(reasons);
  };
  return (
    <Dialog
      title={t('admin_review_reject_title')}
      onClose={onCancel}
      testId="admin-review-reject-dialog"
      form={{
        onSubmit: (event) => {
          event.preventDefault();
          submit();
        },
      }}
      footer={
        <>
          <Button onClick={onCancel} data-testid="admin-review-reject-cancel">
            {t('admin_review_cancel')}
          </Button>
          <Button type="submit" variation="destructive" isLoading={busy} loadingText={t('admin_review_sending')} data-testid="admin-review-reject-confirm">
            {t('admin_review_reject_confirm')}
          </Button>
        </>
      }
    >
      <fieldset className="admin-review-reasons" aria-describedby={error ? errorId : undefined}>
        <legend>{t('admin_review_reject_reasons')}</legend>
        {REJECTION_REASONS.map((code, i) => (
          <label key={code} className="admin-review-reason">
            <input
              type="checkbox"
              checked={codes.includes(code)}
              onChange={() => {
                toggle(code);
                setError(false);
              }}
              data-testid={`admin-review-reason-${code}`}
              {...(i === 0 ? { 'data-autofocus': true } : {})}
            />
            <span>{t(`rejection_${code}`)}</span>
          </label>
        ))}
      </fieldset>
      <label htmlFor={textId} className="admin-review-field-label">
        {t('admin_review_reject_other')}
      </label>
      <textarea
        id={textId}
        className="admin-review-textarea"
        rows={3}
        maxLength={REVIEW_REASON_MAX}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setError(false);
        }}
        data-testid="admin-review-reject-text"
      />
      {error && (
        <p id={errorId} className="admin-review-error" role="alert" data-testid="admin-review-reject-error">
          {t('admin_review_reject_needs_reason')}
        </p>
      )}
    </Dialog>
  );
}

/** Request changes: the product goes back to the vendor as a draft, with this message. */
export function ChangesDialog({ busy, onCancel, onSend }: { busy: boolean; onCancel(): void; onSend(note: string): void }) {
  const { t } = useAdminTranslation();
  const [note, setNote] = useState('');
  const [error, setError] = useState(false);
  const noteId = useId();
  const errorId = useId();
  return (
    <Dialog
      title={t('admin_review_changes_title')}
      onClose={onCancel}
      testId="admin-review-changes-dialog"
      form={{
        onSubmit: (event) => {
          event.preventDefault();
          if (!note.trim()) return setError(true);
          onSend(note.trim());
        },
      }}
      footer={
        <>
          <Button onClick={onCancel} data-testid="admin-review-changes-cancel">
            {t('admin_review_cancel')}
          </Button>
          <Button type="submit" variation="primary" isLoading={busy} loadingText={t('admin_review_sending')} data-testid="admin-review-changes-confirm">
            {t('admin_review_changes_confirm')}
          </Button>
        </>
      }
    >
      <p className="dialog-intro">{t('admin_review_changes_intro')}</p>
      <label htmlFor={noteId} className="admin-review-field-label">
        {t('admin_review_changes_note')}
      </label>
      <textarea
        id={noteId}
        className="admin-review-textarea"
        rows={5}
        maxLength={REVIEW_NOTE_MAX}
        value={note}
        aria-invalid={error}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => {
          setNote(event.target.value);
          setError(false);
        }}
        data-autofocus
        data-testid="admin-review-changes-note"
      />
      {error && (
        <p id={errorId} className="admin-review-error" role="alert" data-testid="admin-review-changes-error">
          {t('admin_review_changes_needs_note')}
        </p>
      )}
    </Dialog>
  );
}
