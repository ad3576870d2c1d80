import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { NewPasswordFields } from '../../components/new-password-fields';
import { loadAuth } from '../../lib/auth-client';
import { usePageTitle } from '../../lib/use-page-title';
import { authFlowError } from './auth-errors';
import { AuthField, AuthLayout, FormAlert } from '../../components/auth-layout';
import { resetPasswordSchema, type ResetPasswordValues } from './auth-schemas';

const resolver = zodResolver(resetPasswordSchema, undefined, { mode: 'sync' });

/** '/reset-password': the e-mailed code and a new password, twice (Amplify confirmResetPassword). */
export default function ResetPasswordPage() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  usePageTitle(t('reset_password_title'));
  // Errors show on submit and stay until the next one; the focus goes to the first.
  const form = useForm<ResetPasswordValues>({
    resolver,
    reValidateMode: 'onSubmit',
    defaultValues: { email: params.get('email') ?? '', code: '', password: '', confirm: '' },
  });
  const { errors } = form.formState;
  const say = (message: string | undefined) => (message ? t(message) : undefined);
  const [failure, setFailure] = useState<{ text: string; detail: string | null } | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  const onSubmit = form.handleSubmit(
    async (values) => {
      setFailure(null);
      setBusy(true);
      try {
        const { auth } = await loadAuth();
        await auth.confirmResetPassword({ username: values.email.trim(), confirmationCode: values.code.trim(), newPassword: values.password });
        setDone(true);
      } catch (err) {
        setFailure(authFlowError(err, t, i18n.resolvedLanguage ?? i18n.language));
      } finally {
        setBusy(false);
      }
    },
    () => setFailure(null),
  );

  if (done) {
    return (
      <AuthLayout title={t('reset_password_title')}>
        <FormAlert tone="success">{t('reset_password_done')}</FormAlert>
        <Link className="auth-button-link" to="/">
          {t('go_to_sign_in')}
        </Link>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t('reset_password_title')} intro={t('reset_password_intro')} footer={<Link to="/">{t('back_to_sign_in')}</Link>}>
      {failure && <FormAlert detail={failure.detail}>{failure.text}</FormAlert>}
      <FormProvider {...form}>
        <form className="auth-form" noValidate onSubmit={(e) => void onSubmit(e)}>
          <AuthField label={t('email')} type="email" autoComplete="username" {...form.register('email')} error={say(errors.email?.message)} required />
          <AuthField
            label={t('verification_code')}
            autoComplete="one-time-code"
            inputMode="numeric"
            {...form.register('code')}
            error={say(errors.code?.message)}
            required
          />
          <NewPasswordFields Field={AuthField} labels={{ password: t('new_password'), confirm: t('confirm_new_password') }} />
          <button type="submit" className="auth-submit" disabled={busy}>
            {busy ? t('resetting_password') : t('reset_password_submit')}
          </button>
        </form>
      </FormProvider>
    </AuthLayout>
  );
}
