import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { loadAuth } from '../../lib/auth-client';
import { usePageTitle } from '../../lib/use-page-title';
import { authFlowError } from './auth-errors';
import { AuthField, AuthLayout, FormAlert } from '../../components/auth-layout';
import { forgotPasswordSchema, type ForgotPasswordValues } from './auth-schemas';

const resolver = zodResolver(forgotPasswordSchema, undefined, { mode: 'sync' });

/**
 * '/forgot-password': asks Cognito to e-mail a reset code (Amplify resetPassword), then continues on
 * /reset-password. An unknown address continues the same way, so the page does not reveal who has an account.
 */
export default function ForgotPasswordPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  usePageTitle(t('forgot_password_title'));
  const { register, handleSubmit, formState } = useForm<ForgotPasswordValues>({ resolver, reValidateMode: 'onSubmit', defaultValues: { email: '' } });
  const fieldError = formState.errors.email?.message;
  const [failure, setFailure] = useState<{ text: string; detail: string | null } | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = handleSubmit(
    async (values) => {
      const username = values.email.trim();
      setFailure(null);
      setBusy(true);
      try {
        const { auth } = await loadAuth();
        await auth.resetPassword({ username });
      } catch (err) {
        if (!(err instanceof Error && err.name === 'UserNotFoundException')) {
          setFailure(authFlowError(err, t, i18n.resolvedLanguage ?? i18n.language));
          setBusy(false);
          return;
        }
      }
      navigate(`/reset-password?email=${encodeURIComponent(username)}`);
    },
    () => setFailure(null),
  );

  return (
    <AuthLayout
      title={t('forgot_password_title')}
      intro={t('forgot_password_intro')}
      footer={<Link to="/">{t('back_to_sign_in')}</Link>}
    >
      {failure && <FormAlert detail={failure.detail}>{failure.text}</FormAlert>}
      <form className="auth-form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <AuthField
          label={t('email')}
          type="email"
          autoComplete="username"
          {...register('email')}
          error={fieldError ? t(fieldError) : undefined}
          required
        />
        <button type="submit" className="auth-submit" disabled={busy}>
          {busy ? t('sending_code') : t('send_code')}
        </button>
      </form>
    </AuthLayout>
  );
}
