import '@aws-amplify/ui-react/styles/fieldGroup.css';
import '@aws-amplify/ui-react/styles/fieldMessages.css';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, TextField } from '@aws-amplify/ui-react';
import { useRef, useState, type BaseSyntheticEvent } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/alert';
import { Dialog } from '../../components/dialog';
import { NewPasswordFields, type PasswordFieldProps } from '../../components/new-password-fields';
import { apiRequest } from '../../lib/api';
import { loadAuth } from '../../lib/auth-client';
import { changePasswordSchema, type ChangePasswordValues } from '../../lib/form-schemas';
import { useSession } from '../../lib/session';
import type { ChangePasswordBody } from '@contracts/me';
import { useErrorText } from '../../lib/error-message';
import { passwordChangeFailure } from './password-change-errors';

const resolver = zodResolver(changePasswordSchema, undefined, { mode: 'sync' });

/** One password field of the dialog: Amplify's TextField, its error under it (`amplify-field__error-message`). */
function DialogPasswordField({ hint, error, required, ...input }: PasswordFieldProps) {
  return <TextField {...input} descriptiveText={hint} hasError={Boolean(error)} errorMessage={error} isRequired={required} />;
}

export interface ChangePasswordDialogProps {
  onClose(): void;
  /** The password was changed; the dialog is done (the caller says so). */
  onChanged(): void;
}

/**
 * Change password (spec §2, §5, §8), opened from Account settings. Save is enabled once the three
 * fields are filled; the checks (`changePasswordSchema`: match, differs from current, the pool's
 * policy) run on Save and only the first problem is shown, by its field, which takes the focus. Then
 * `POST /api/me/password` with the session's access token: the server has Cognito verify the current
 * password and change it (the spec's "re-authenticate, then update" in one call) and records the
 * "password changed" security notice (issue 12); a wrong current password is said under Current Password.
 */
export default function ChangePasswordDialog({ onClose, onChanged }: ChangePasswordDialogProps) {
  const { t, i18n } = useTranslation();
  // Spec §8 shows the error's own message; the server's messages are English, so zh-TW shows the
  // translated reason instead (lib/error-message.ts, issue 24 item 19).
  const language = i18n.resolvedLanguage ?? i18n.language;
  const errorText = useErrorText();
  const { user } = useSession();
  const form = useForm<ChangePasswordValues>({ resolver, reValidateMode: 'onSubmit', defaultValues: { current: '', password: '', confirm: '' } });
  const { register, handleSubmit, setError, control, formState } = form;
  const currentField = register('current');
  const currentInput = useRef<HTMLInputElement | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [current, next, confirm] = useWatch({ control, name: ['current', 'password', 'confirm'] });
  const complete = current !== '' && next !== '' && confirm !== '';
  const currentError = formState.errors.current?.message;

  const close = () => {
    if (!busy) onClose();
  };

  const onValid = async (values: ChangePasswordValues) => {
    setFailure(null);
    if (!user?.email) return setFailure(t('user_not_authenticated'));
    setBusy(true);
    try {
      const { auth } = await loadAuth();
      const { tokens } = await auth.fetchAuthSession();
      const accessToken = tokens?.accessToken?.toString();
      const idToken = tokens?.idToken?.toString();
      if (!accessToken || !idToken) throw Object.assign(new Error('No signed-in user.'), { name: 'UserUnAuthenticatedException' });
      const body: ChangePasswordBody = { accessToken, previousPassword: values.current, proposedPassword: values.password };
      // The ID token of the same session authorizes the call: the server checks both are the same user's.
      await apiRequest<void>('/api/me/password', { method: 'POST', body, token: idToken });
    } catch (err) {
      setBusy(false);
      const failed = passwordChangeFailure(err);
      if (failed.kind === 'wrong-current-password') {
        setError('current', { type: 'server', message: 'current_password_incorrect' });
        // At once (react-hook-form's setFocus waits a tick).
        currentInput.current?.focus();
      } else if (failed.kind === 'not-authenticated') setFailure(t('user_not_authenticated'));
      else if (language !== 'en') setFailure(errorText(err).message);
      else setFailure(failed.message ?? t('error_occurred'));
      return;
    }
    setBusy(false);
    onChanged();
  };
  const onSubmit = (event: BaseSyntheticEvent) => handleSubmit(onValid, () => setFailure(null))(event);

  return (
    <Dialog
      title={t('change_password')}
      onClose={close}
      testId="change-password-dialog"
      form={{
        onSubmit: (e) => {
          if (busy || !complete) return e.preventDefault();
          void onSubmit(e);
        },
      }}
      footer={
        <>
          <Button onClick={close} isDisabled={busy}>
            {t('cancel')}
          </Button>
          <Button type="submit" variation="primary" isDisabled={busy || !complete} isLoading={busy} loadingText={t('saving')} data-testid="password-save">
            {t('save')}
          </Button>
        </>
      }
    >
      {failure && <Alert tone="error" testId="password-error">{failure}</Alert>}
      <FormProvider {...form}>
        <div className="dialog-fields">
          {/* Lets password managers file the new password under the right account. */}
          <input type="email" name="username" autoComplete="username" value={user?.email ?? ''} readOnly hidden />
          <TextField
            label={t('current_password_label')}
            type="password"
            autoComplete="current-password"
            {...currentField}
            ref={(el: HTMLInputElement | null) => {
              currentField.ref(el);
              currentInput.current = el;
            }}
            hasError={Boolean(currentError)}
            errorMessage={currentError ? t(currentError) : undefined}
            isRequired
            data-testid="password-current"
            data-autofocus
          />
          <NewPasswordFields
            Field={DialogPasswordField}
            labels={{ password: t('new_password_label'), confirm: t('confirm_new_password_label') }}
            testIds={{ password: 'password-new', confirm: 'password-confirm' }}
          />
        </div>
      </FormProvider>
    </Dialog>
  );
}
