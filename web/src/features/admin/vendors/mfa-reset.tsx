import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '../../../components/alert';
import { useErrorText } from '../../../lib/error-message';
import { useAdminTranslation } from '../admin-i18n';
import { ReasonDialog } from '../reason-dialog';
import { resetTwoStep, vendorsKeys } from './vendors-api';

/**
 * "Reset two-step verification" for the vendor's owner (issue 14; docs/operations.md): for a vendor
 * who lost their phone, after ops checked who is asking. A required reason goes to the audit log; the
 * server turns TOTP off in Cognito, records the entry and e-mails the vendor a security notice.
 */
export function MfaResetCard({ vendorKey, userId, email }: { vendorKey: string; userId: string; email: string }) {
  const { t } = useAdminTranslation();
  const describeError = useErrorText();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string; detail?: string | null } | null>(null);

  const reset = async (reason: string) => {
    setBusy(true);
    setNotice(null);
    try {
      const answer = await resetTwoStep(userId, reason);
      setOpen(false);
      setNotice({ tone: 'success', text: t(answer.wasOn ? 'admin_mfa_reset_done' : 'admin_mfa_reset_done_was_off', { email }) });
      // The page's figures are read again (the entry itself is targeted at the user: the Audit log section lists it).
      await queryClient.invalidateQueries({ queryKey: vendorsKeys.detail(vendorKey) });
    } catch (err) {
      const { message, detail } = describeError(err);
      setOpen(false);
      setNotice({ tone: 'error', text: t('admin_mfa_reset_failed', { message }), detail });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="admin-card" aria-labelledby="admin-vendor-mfa" data-testid="admin-vendor-mfa">
      <h2 id="admin-vendor-mfa">{t('admin_mfa_heading')}</h2>
      <p className="admin-muted">{t('admin_mfa_help')}</p>
      {notice && (
        <Alert tone={notice.tone} detail={notice.detail} onDismiss={() => setNotice(null)} dismissLabel={t('admin_apps_dismiss')} testId="admin-vendor-mfa-notice">
          {notice.text}
        </Alert>
      )}
      <div className="admin-actions">
        <button type="button" className="admin-action admin-action-danger" onClick={() => setOpen(true)} data-testid="admin-vendor-mfa-reset">
          {t('admin_mfa_reset_button')}
        </button>
      </div>
      {open && <MfaResetDialog email={email} busy={busy} onClose={() => !busy && setOpen(false)} onReset={reset} />}
    </section>
  );
}

/** Confirm, with the reason (required, at most 1000 characters: the server's rule too). */
function MfaResetDialog({ email, busy, onClose, onReset }: { email: string; busy: boolean; onClose(): void; onReset(reason: string): Promise<void> }) {
  const { t } = useAdminTranslation();
  return (
    <ReasonDialog
      title={t('admin_mfa_reset_title')}
      intro={<p className="admin-break">{t('admin_mfa_reset_body', { email })}</p>}
      label={t('admin_mfa_reason_label')}
      confirmLabel={busy ? t('admin_mfa_resetting') : t('admin_mfa_reset_confirm')}
      requiredText={t('admin_mfa_reason_required')}
      tooLongText={t('admin_mfa_reason_too_long')}
      busy={busy}
      rows={3}
      testIdPrefix="admin-mfa-reset"
      onClose={onClose}
      onConfirm={onReset}
    />
  );
}
