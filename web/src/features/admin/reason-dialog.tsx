import { useState, type FormEvent, type ReactNode } from 'react';
import { Dialog } from '../../components/dialog';
import { useAdminTranslation } from './admin-i18n';

/** The audit log's limit on an operator's reason (the server's rule too). */
export const REASON_MAX = 1000;

export interface ReasonDialogProps {
  title: string;
  /** What the action does, above the reason. */
  intro: ReactNode;
  label: string;
  confirmLabel: string;
  /** The texts for an empty and a too long reason. */
  requiredText: string;
  tooLongText: string;
  busy: boolean;
  rows?: number;
  /** `<prefix>-dialog`, `<prefix>-confirm`, `<prefix>-reason`, `<prefix>-reason-error`. */
  testIdPrefix: string;
  onClose(): void;
  onConfirm(reason: string): Promise<void>;
}

/**
 * A console action that needs the operator's reason (rejecting an application, resetting two-step
 * sign-in): required, at most REASON_MAX characters, checked here before anything is sent and said
 * in place beside the field.
 */
export function ReasonDialog({ title, intro, label, confirmLabel, requiredText, tooLongText, busy, rows = 4, testIdPrefix, onClose, onConfirm }: ReasonDialogProps) {
  const { t } = useAdminTranslation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const errorId = `${testIdPrefix}-reason-error`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = reason.trim();
    if (!text) return setError(requiredText);
    if (text.length > REASON_MAX) return setError(tooLongText);
    setError(null);
    void onConfirm(text);
  };
  return (
    <Dialog
      title={title}
      onClose={onClose}
      form={{ onSubmit: submit }}
      testId={`${testIdPrefix}-dialog`}
      footer={
        <>
          <button type="button" className="admin-action" onClick={onClose} disabled={busy}>
            {t('admin_apps_cancel')}
          </button>
          <button type="submit" className="admin-action admin-action-danger" disabled={busy} data-testid={`${testIdPrefix}-confirm`}>
            {confirmLabel}
          </button>
        </>
      }
    >
      {intro}
      <label className="admin-field">
        <span>{label}</span>
        <textarea
          value={reason}
          rows={rows}
          maxLength={REASON_MAX}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => setReason(e.target.value)}
          data-autofocus
          data-testid={`${testIdPrefix}-reason`}
        />
      </label>
      {error && (
        <p id={errorId} className="admin-field-error" role="alert" data-testid={errorId}>
          {error}
        </p>
      )}
    </Dialog>
  );
}
