import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '@aws-amplify/ui-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { emailDestinationSchema, type EmailDestinationInput } from '@contracts/payout-destination';
import { ErrorDetail } from '../../components/error-detail';
import { ApiError } from '../../lib/api';
import { useErrorText } from '../../lib/error-message';
import { useStepUp } from '../../components/two-step/use-step-up';
import { useUpdatePayoutMethod, type PayoutMethodView } from './api/update-payout-method';
import { serverProblem } from './payout-form';
import { PayoutField } from './payout-field';

// raw: the address goes as typed (trimmed below); the schema's message is the API's error code.
const resolver = zodResolver(emailDestinationSchema, undefined, { raw: true });

/** What the vendor is told of a failed save, other than a refused address (said by the field). */
function useSaveFailure(error: unknown): { text: string; detail: string | null } | null {
  const { t } = useTranslation();
  const errorText = useErrorText();
  if (!error) return null;
  const known = error instanceof ApiError && error.status === 400 ? serverProblem(error.code) : null;
  if (known?.step === 'email') return null;
  if (known) return { text: t(known.key), detail: null };
  const { message, detail } = errorText(error);
  return { text: t('payout_method_save_failed', { message }), detail };
}

/**
 * The e-mail provider's form, checked with the server's schema (payout-destination.ts) on Save:
 * 'Please enter a valid email address' in the page (role="alert" under the form), never window.alert;
 * a server 400 says the same by the same field.
 */
export function EmailMethodForm({ initial, onSaved, onCancel }: { initial?: string | undefined; onSaved(method: PayoutMethodView): void; onCancel(): void }) {
  const { t } = useTranslation();
  const { register, handleSubmit, setError, formState } = useForm<EmailDestinationInput>({ resolver, reValidateMode: 'onSubmit', defaultValues: { email: initial ?? '' } });
  // Issue 14: the change needs two-step verification on and a recent sign-in (the server's 403s open the dialogs).
  const stepUp = useStepUp();
  const save = useUpdatePayoutMethod(stepUp.run, onSaved);
  const failure = useSaveFailure(save.error);
  const code = formState.errors.email?.message;
  const problem = code !== undefined ? t(serverProblem(code)?.key ?? 'please_enter_valid_email') : (failure?.text ?? null);
  const detail = code === undefined ? (failure?.detail ?? null) : null;

  const submit = handleSubmit(
    (values) =>
      save.mutateAsync({ method: 'email', email: values.email.trim() }).catch((err: unknown) => {
        // The server refused the address: said by the field, as the browser's own check.
        if (err instanceof ApiError && err.status === 400 && serverProblem(err.code)?.step === 'email') setError('email', { type: 'server', message: err.code });
      }),
    () => save.reset(),
  );

  return (
    <>
      <form className="payout-form" onSubmit={(e) => void submit(e)} noValidate data-testid="payout-email-form" aria-labelledby="payout-email-heading">
        <h3 id="payout-email-heading">{t('payout_email_title')}</h3>
        <p className="muted">{t('payout_email_hint')}</p>
        <PayoutField label={t('payout_email_label')}>
          {(id) => <input id={id} type="email" autoComplete="email" {...register('email')} aria-invalid={problem ? true : undefined} data-testid="payout-email" />}
        </PayoutField>
        {problem && (
          <p className="payout-form-error" role="alert" data-testid="payout-email-error">
            {problem}
            {detail && <ErrorDetail text={detail} />}
          </p>
        )}
        <div className="payout-form-actions">
          <Button type="submit" variation="primary" isLoading={save.isPending} loadingText={t('saving')} data-testid="payout-email-save">
            {t('save_payout_email')}
          </Button>
          <Button type="button" onClick={onCancel}>
            {t('cancel')}
          </Button>
        </div>
      </form>
      {stepUp.element}
    </>
  );
}
