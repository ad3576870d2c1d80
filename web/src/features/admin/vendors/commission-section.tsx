import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { bpsToPercentText } from '@contracts/admin-values';
import { Alert } from '../../../components/alert';
import { ApiError } from '../../../lib/api';
import { useErrorText } from '../../../lib/error-message';
import { serverFieldErrors } from '../../../lib/field-errors';
import { useAdminTranslation } from '../admin-i18n';
import { FieldError, useFieldErrorText } from '../form-errors';
import type { VendorDetail } from './api/get-vendor';
import { commissionResolver, useUpdateCommission } from './api/update-commission';

type Update = ReturnType<typeof useUpdateCommission>;

/** What the save came to: saved (with the rate), changed meanwhile (409), or failed. */
function CommissionNotice({ update }: { update: Update }) {
  const { t } = useAdminTranslation();
  const describeError = useErrorText();
  let notice: { tone: 'success' | 'error'; text: string; detail?: string | null } | null = null;
  if (update.isSuccess) notice = { tone: 'success', text: t('admin_vendors_commission_saved', { rate: bpsToPercentText(update.variables.commissionRateBps) }) };
  else if (update.error instanceof ApiError && update.error.status === 409) notice = { tone: 'error', text: t('admin_vendors_commission_stale') };
  else if (update.error && !serverFieldErrors(update.error).commissionRateBps) {
    const { message, detail } = describeError(update.error);
    notice = { tone: 'error', text: t('admin_vendors_commission_failed', { message }), detail };
  }
  if (!notice) return null;
  return (
    <Alert tone={notice.tone} detail={notice.detail} onDismiss={update.reset} dismissLabel={t('admin_apps_dismiss')} testId="admin-vendor-commission-notice">
      {notice.text}
    </Alert>
  );
}

/** The rate in percent (up to 2 decimals); a new rate from the server (saved, or changed by someone else) replaces the field's text. */
function CommissionForm({ detail, update, inputId }: { detail: VendorDetail; update: Update; inputId: string }) {
  const { t } = useAdminTranslation();
  const fieldText = useFieldErrorText();
  const { register, handleSubmit, setError, formState } = useForm<{ percent: string }, unknown, { percent: number }>({
    resolver: commissionResolver,
    values: { percent: bpsToPercentText(detail.commission.rateBps) },
  });
  const error = fieldText(formState.errors.percent?.message, 'admin_vendors_commission_invalid');
  const save = handleSubmit(async ({ percent }) => {
    // Saved conditionally on the rate shown: a change made meanwhile is a 409.
    await update.mutateAsync({ commissionRateBps: percent, expectedRateBps: detail.commission.storedRateBps }).catch((err: unknown) => {
      const code = serverFieldErrors(err).commissionRateBps;
      if (code) setError('percent', { type: 'server', message: code });
    });
  });
  return (
    <>
      <form className="admin-search" onSubmit={(e) => void save(e)} noValidate>
        <label className="admin-field" htmlFor={inputId}>
          <span>{t('admin_vendors_commission_label')}</span>
        </label>
        <div className="admin-percent">
          <input
            id={inputId}
            inputMode="decimal"
            {...register('percent')}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${inputId}-error` : undefined}
            data-testid="admin-vendor-commission-input"
          />
          <span aria-hidden="true">%</span>
        </div>
        <button type="submit" className="admin-action admin-action-primary" disabled={update.isPending} data-testid="admin-vendor-commission-save">
          {t('admin_vendors_commission_save')}
        </button>
      </form>
      <FieldError id={`${inputId}-error`} text={error} testId="admin-vendor-commission-error" />
    </>
  );
}

/** The commission rate in percent, saved conditionally on the rate shown (stale → 409). */
export function CommissionSection({ vendorKey, detail }: { vendorKey: string; detail: VendorDetail }) {
  const { t } = useAdminTranslation();
  const inputId = useId();
  const update = useUpdateCommission(vendorKey);
  const rate = bpsToPercentText(detail.commission.rateBps);
  return (
    <section className="admin-card" aria-labelledby={`${inputId}-title`} data-testid="admin-vendor-commission">
      <h2 id={`${inputId}-title`}>{t('admin_vendors_commission')}</h2>
      <p data-testid="admin-vendor-commission-current">
        {detail.commission.storedRateBps === null ? t('admin_vendors_commission_default', { rate }) : t('admin_vendors_commission_own', { rate })}
      </p>
      <p className="admin-muted">{t('admin_vendors_commission_future')}</p>
      <CommissionNotice update={update} />
      <CommissionForm detail={detail} update={update} inputId={inputId} />
    </section>
  );
}
