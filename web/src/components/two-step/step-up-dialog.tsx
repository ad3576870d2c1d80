import { Button, PasswordField, TextField } from '@aws-amplify/ui-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../alert';
import { Dialog } from '../dialog';
import { useSession } from '../../lib/session';
import type { SignInError, TotpCodeError } from '../../lib/sign-in-errors';
import { isTotpCode, TOTP_INPUT } from '../../lib/totp';

export interface StepUpDialogProps {
  /** Signed in again with the second step: the action can be retried. */
  onConfirmed(): void;
  /** Closed without confirming (the action is not retried). */
  onCancel(): void;
}

/**
 * "Confirm it's you" (issue 14, step-up): a sensitive change (the payout method) needs a sign-in with
 * the second step within the last 5 minutes, checked by the server from the ID token's `auth_time`.
 * Cognito gives a new `auth_time` only to a new sign-in, so the dialog signs the vendor in again in
 * place (password, then the authenticator code; lib/session signIn + confirmTotpCode) without
 * leaving the page; the caller then retries its action. Why the password too: docs/decisions.md,
 * "Issue 14: two-step sign-in".
 *
 * The new sign-in replaces the old session as soon as the password is sent: after a wrong password
 * or an expired code the vendor is no longer signed in, so cancelling then signs out (the dialog says so).
 */
export default function StepUpDialog({ onConfirmed, onCancel }: StepUpDialogProps) {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const email = session.user?.email ?? '';
  const [stage, setStage] = useState<'password' | 'code'>('password');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** The old session is gone (a sign-in was attempted): cancelling must sign out. */
  const [replaced, setReplaced] = useState(false);
  const passwordInput = useRef<HTMLInputElement>(null);
  const codeInput = useRef<HTMLInputElement>(null);

  const english = (i18n.resolvedLanguage ?? i18n.language) === 'en';
  const otherText = (other: string) => t('error_generic', { message: english ? other : t('error_reason_unknown') });
  const signInFailure = (e: SignInError): string => {
    if (typeof e === 'object') return otherText(e.other);
    if (e === 'wrong-credentials') return t('step_up_wrong_password');
    if (e === 'too-many-attempts') return t('error_too_many_attempts');
    if (e === 'network') return t('error_network');
    if (e === 'config') return t('error_config');
    return otherText(e);
  };
  const codeFailure = (e: Exclude<TotpCodeError, 'sign-in-expired'>): string => {
    if (typeof e === 'object') return otherText(e.other);
    if (e === 'wrong-code') return t('totp_code_wrong');
    if (e === 'too-many-attempts') return t('error_too_many_attempts');
    if (e === 'network') return t('error_network');
    return t('error_config');
  };

  const cancel = () => {
    if (busy) return;
    if (replaced) void session.signOut({ kind: 'session-expired' });
    onCancel();
  };

  const sendPassword = async () => {
    setFailure(null);
    if (password === '') {
      setFieldError(t('step_up_password_required'));
      return passwordInput.current?.focus();
    }
    setFieldError(undefined);
    setBusy(true);
    setReplaced(true);
    const result = await session.signIn(email, password);
    setBusy(false);
    if (result.kind === 'totp-required') {
      setStage('code');
      setPassword('');
      return;
    }
    // Signed in without a code (two-step sign-in went off meanwhile): the retried action says so.
    if (result.kind === 'signed-in') return onConfirmed();
    if (result.kind === 'refused') return onCancel();
    setFailure(signInFailure(result.error));
    setPassword('');
    passwordInput.current?.focus();
  };

  const sendCode = async () => {
    setFailure(null);
    const problem = code.trim() === '' ? t('totp_code_required') : isTotpCode(code) ? undefined : t('totp_code_format');
    setFieldError(problem);
    if (problem) return codeInput.current?.focus();
    setBusy(true);
    const result = await session.confirmTotpCode(code);
    setBusy(false);
    if (result.kind === 'signed-in') return onConfirmed();
    if (result.kind === 'refused') return onCancel();
    setCode('');
    if (result.error === 'sign-in-expired') {
      setStage('password');
      setFailure(t('step_up_expired'));
      return;
    }
    setFailure(codeFailure(result.error));
    codeInput.current?.focus();
  };

  return (
    <Dialog
      title={t('step_up_title')}
      onClose={cancel}
      testId="step-up-dialog"
      form={{
        onSubmit: (e) => {
          e.preventDefault();
          if (!busy) void (stage === 'password' ? sendPassword() : sendCode());
        },
      }}
      footer={
        <>
          <Button onClick={cancel} isDisabled={busy}>
            {t('cancel')}
          </Button>
          <Button type="submit" variation="primary" isLoading={busy} loadingText={t('step_up_checking')} data-testid="step-up-submit">
            {stage === 'password' ? t('step_up_continue') : t('step_up_confirm')}
          </Button>
        </>
      }
    >
      {failure && <Alert tone="error" testId="step-up-error">{failure}</Alert>}
      {stage === 'password' ? (
        <>
          <p>{t('step_up_intro')}</p>
          <TextField label={t('email')} value={email} isReadOnly autoComplete="username" data-testid="step-up-email" />
          <PasswordField
            ref={passwordInput}
            label={t('password')}
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            hasError={Boolean(fieldError)}
            errorMessage={fieldError}
            isRequired
            data-testid="step-up-password"
            data-autofocus
          />
        </>
      ) : (
        <>
          <p>{t('step_up_code_intro')}</p>
          <TextField
            ref={codeInput}
            label={t('totp_code_label')}
            {...TOTP_INPUT}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            hasError={Boolean(fieldError)}
            errorMessage={fieldError}
            isRequired
            autoFocus
            data-testid="step-up-code"
          />
        </>
      )}
      {replaced && <p className="muted" role="status">{t('step_up_cancel_signs_out')}</p>}
    </Dialog>
  );
}
