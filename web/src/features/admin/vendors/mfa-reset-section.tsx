import { useState } from 'react';
import { Alert } from '../../../components/alert';
import { useErrorText } from '../../../lib/error-message';
import { useAdminTranslation } from '../admin-i18n';
import { ReasonDialog } from '../reason-dialog';
import { mfaReasonResolver, useResetTwoStep } from './api/reset-two-step';

/** What the reset came to (the mutation's own state). */
function ResetNotice({ reset, email }: { reset: ReturnType<typeof useResetTwoStep>; email: string }) {
  const { t } = useAdminTranslation();
  const describeError = useErrorText();
  const failure = reset.error ? describeError(reset.error) : null;
  if (!reset.data && !failure) return null;
  return (
    <Alert tone={failure ? 'error' : 'success'} detail={failure?.detail} onDismiss={reset.reset} dismissLabel={t('admin_apps_dismiss')} testId="admin-vendor-mfa-notice">
      {failure ? t('admin_mfa_reset_failed', { message: failure.message }) : t(reset.data?.wasOn ? 'admin_mfa_reset_done' : 'admin_mfa_reset_done_was_off', { email })}
    </Alert>
  );
}

/**
 * "Reset two-step verification" for the vendor's owner (issue 14; docs/operations.md): for a vendor
 * who lost their phone, after ops checked who is asking. A required reason goes to the audit log; the
 * server turns TOTP off in Cognito, records the entry and e-mails the vendor a security notice.
 */
export function MfaResetSection({ vendorKey, userId, email }: { vendorKey: string; userId: string; email: string }) {
  const { t } = useAdminTranslation();
  const reset = useResetTwoStep(vendorKey, userId);
  const [open, setOpen] = useState(false);
  const busy = reset.isPending;
  return (
    <section className="admin-card" aria-labelledby="admin-vendor-mfa" data-testid="admin-vendor-mfa">
      <h2 id="admin-vendor-mfa">{t('admin_mfa_heading')}</h2>
      <p className="admin-muted">{t('admin_mfa_help')}</p>
      <ResetNotice reset={reset} email={email} />
      <div className="admin-actions">
        <button type="button" className="admin-action admin-action-danger" onClick={() => setOpen(true)} data-testid="admin-vendor-mfa-reset">
          {t('admin_mfa_reset_button')}
        </button>
      </div>
      {open && (
        <ReasonDialog
          title={t('admin_mfa_reset_title')}
          intro={<p className="admin-break">{t('admin_mfa_reset_body', { email })}</p>}
          label={t('admin_mfa_reason_label')}
          confirmLabel={busy ? t('admin_mfa_resetting') : t('admin_mfa_reset_confirm')}
          resolver={mfaReasonResolver}
          busy={busy}
          rows={3}
          testIdPrefix="admin-mfa-reset"
          onClose={() => !busy && setOpen(false)}
          // Done or failed, the dialog closes and the card says which.
          onConfirm={(reason) => reset.mutateAsync(reason).finally(() => setOpen(false))}
        />
      )}
    </section>
  );
}
