import { useForm, type Resolver } from 'react-hook-form';
import type { ReactNode } from 'react';
import { Dialog } from '../../components/dialog';
import { useAdminTranslation } from './admin-i18n';
import { FieldError, setServerFieldErrors, useFieldErrorText } from './form-errors';

/** The audit log's limit on an operator's reason (the server's rule too). */
export const REASON_MAX = 1000;

export type ReasonValues = { reason: string };

export interface ReasonDialogProps {
  title: string;
  /** What the action does, above the reason. */
  intro: ReactNode;
  label: string;
  confirmLabel: string;
  /**
   * The reason's rule: the route's body schema from contracts/ (required, at most REASON_MAX
   * characters, trimmed), its messages the texts for an empty and a too long reason.
   */
  resolver: Resolver<ReasonValues, unknown, ReasonValues>;
  /** The action is being sent (also while `onConfirm`'s promise runs). */
  busy?: boolean;
  rows?: number;
  /** `<prefix>-dialog`, `<prefix>-confirm`, `<prefix>-reason`, `<prefix>-reason-error`. */
  testIdPrefix: string;
  onClose(): void;
  /** Sends the action with the trimmed reason; a 400 naming `reason` is said by the field. */
  onConfirm(reason: string): Promise<unknown>;
}

/**
 * A console action that needs the operator's reason (rejecting an application, resetting two-step
 * sign-in): checked with the route's schema before anything is sent and said in place beside the field.
 */
export function ReasonDialog({ title, intro, label, confirmLabel, resolver, busy = false, rows = 4, testIdPrefix, onClose, onConfirm }: ReasonDialogProps) {
  const { t } = useAdminTranslation();
  const fieldText = useFieldErrorText();
  const { register, handleSubmit, setError, formState } = useForm<ReasonValues, unknown, ReasonValues>({ resolver, defaultValues: { reason: '' } });
  const sending = busy || formState.isSubmitting;
  const error = fieldText(formState.errors.reason?.message, 'error_reason_validation');
  const errorId = `${testIdPrefix}-reason-error`;
  const submit = handleSubmit(async ({ reason }) => {
    // Any other failure is the caller's to say (its mutation's error).
    await onConfirm(reason).catch((err: unknown) => setServerFieldErrors(err, setError, ['reason']));
  });
  return (
    <Dialog
      title={title}
      onClose={onClose}
      form={{ onSubmit: (event) => void submit(event) }}
      testId={`${testIdPrefix}-dialog`}
      footer={
        <>
          <button type="button" className="admin-action" onClick={onClose} disabled={sending}>
            {t('admin_apps_cancel')}
          </button>
          <button type="submit" className="admin-action admin-action-danger" disabled={sending} data-testid={`${testIdPrefix}-confirm`}>
            {confirmLabel}
          </button>
        </>
      }
    >
      {intro}
      <label className="admin-field">
        <span>{label}</span>
        <textarea
          {...register('reason')}
          rows={rows}
          maxLength={REASON_MAX}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          data-autofocus
          data-testid={`${testIdPrefix}-reason`}
        />
      </label>
      <FieldError id={errorId} text={error} />
    </Dialog>
  );
}
