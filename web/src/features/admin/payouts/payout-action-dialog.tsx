import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/alert';
import { Dialog } from '../../../components/dialog';
import { useErrorText } from '../../../lib/error-message';
import { formatMoney } from '../../../lib/format';
import { useAdminFormat } from '../admin-format';
import { useAdminTranslation } from '../admin-i18n';
import { payoutActionResolver, usePayoutAction, type PayoutAction } from './api/act-on-payout';

/**
 * Asks before an action on a payout (Retry, Confirm paid, Confirm failed with the reason the bank gave)
 * and sends it once: a second click before the answer (a double click) sends nothing more. A refusal
 * is said in the dialog; done, the page says what happened.
 */
export function PayoutActionDialog({ action, onClose, onDone }: { action: PayoutAction; onClose(): void; onDone(text: string): void }) {
  const { t } = useAdminTranslation();
  const { language } = useAdminFormat();
  const describe = useErrorText();
  const send = usePayoutAction();
  const { register, handleSubmit, formState } = useForm<{ reason: string }, unknown, { reason: string }>({ resolver: payoutActionResolver, defaultValues: { reason: '' } });
  const { payout } = action;
  const who = payout.vendorName ?? payout.vendorId;
  const amount = formatMoney(payout.paidCents, language);
  const failure = send.error ? describe(send.error) : null;
  const submit = handleSubmit(async ({ reason }) => {
    if (send.isPending) return;
    const answer = await send.mutateAsync({ action, reason }).catch(() => null);
    if (answer) onDone(t(`admin_payouts_done_${answer.outcome}`, { vendor: who, amount }));
  });

  return (
    <Dialog
      title={t(`admin_payouts_dialog_${action.kind}_title`)}
      onClose={onClose}
      testId="admin-payouts-dialog"
      form={{ onSubmit: (e) => void submit(e) }}
      footer={
        <>
          <button type="button" className="admin-payouts-button admin-payouts-button-secondary" onClick={onClose} data-testid="admin-payouts-dialog-cancel">
            {t('cancel')}
          </button>
          <button type="submit" className="admin-payouts-button" disabled={formState.isSubmitting || send.isPending} data-testid="admin-payouts-dialog-submit">
            {t(`admin_payouts_dialog_${action.kind}_submit`)}
          </button>
        </>
      }
    >
      <p data-testid="admin-payouts-dialog-text">{t(`admin_payouts_dialog_${action.kind}_text`, { vendor: who, amount, id: payout.payoutId })}</p>
      {action.kind === 'failed' && (
        <div className="admin-payouts-field">
          <label htmlFor="admin-payouts-reason">{t('admin_payouts_reason_label')}</label>
          <textarea id="admin-payouts-reason" data-testid="admin-payouts-reason" maxLength={500} rows={3} {...register('reason')} />
          <p className="admin-payouts-hint">{t('admin_payouts_reason_hint')}</p>
        </div>
      )}
      {failure && (
        <Alert tone="error" detail={failure.detail} testId="admin-payouts-dialog-error">
          {t('admin_payouts_action_failed', { message: failure.message })}
        </Alert>
      )}
    </Dialog>
  );
}
