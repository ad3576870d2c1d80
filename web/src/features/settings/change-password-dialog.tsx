import '@aws-amplify/ui-react/styles/fieldGroup.css';
import '@aws-amplify/ui-react/styles/fieldMessages.css';
import { Button, TextField } from '@aws-amplify/ui-react';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/alert';
import { Dialog } from '../../components/dialog';
import { loadAuth } from '../../lib/auth-client';
import { changePasswordProblem, PASSWORD_MIN_LENGTH } from '../../lib/password-rules';
import { useSession } from '../../lib/session';
import { passwordChangeFailure } from './password-change-errors';

type Field = 'current' | 'new' | 'confirm';

export interface ChangePasswordDialogProps {
  onClose(): void;
  /** The password was changed; the dialog is done (the caller says so). */
  onChanged(): void;
}

/**
 * Change password (spec §2, §5, §8), opened from Account settings. Save is enabled once the three
 * fields are filled; the checks run in the spec's order (match, differs from current, the pool's
 * policy) and the first problem is shown by its field. Then Amplify `updatePassword`, which has
 * Cognito verify the current password (the spec's "re-authenticate, then update" in one call).
 */
export default function ChangePasswordDialog({ onClose, onChanged }: ChangePasswordDialogProps) {
  const { t } = useTranslation();
  const { user } = useSession();
  const [values, setValues] = useState<Record<Field, string>>({ current: '', new: '', confirm: '' });
  const [fieldError, setFieldError] = useState<{ field: Field; text: string } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const refs = { current: useRef<HTMLInputElement>(null), new: useRef<HTMLInputElement>(null), confirm: useRef<HTMLInputElement>(null) };

  const complete = values.current !== '' && values.new !== '' && values.confirm !== '';
  const errorOf = (field: Field) => (fieldError?.field === field ? fieldError.text : undefined);
  const showFieldError = (field: Field, text: string) => {
    setFieldError({ field, text });
    refs[field].current?.focus();
  };

  const close = () => {
    if (!busy) onClose();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !complete) return;
    setFieldError(null);
    setFailure(null);
    const problem = changePasswordProblem(values.current, values.new, values.confirm);
    if (problem) return showFieldError(problem.field, t(problem.key, { min: PASSWORD_MIN_LENGTH }));
    if (!user?.email) return setFailure(t('user_not_authenticated'));
    setBusy(true);
    try {
      const { auth } = await loadAuth();
      await auth.updatePassword({ oldPassword: values.current, newPassword: values.new });
    } catch (err) {
      setBusy(false);
      const failed = passwordChangeFailure(err);
      if (failed.kind === 'wrong-current-password') showFieldError('current', t('current_password_incorrect'));
      else if (failed.kind === 'not-authenticated') setFailure(t('user_not_authenticated'));
      else setFailure(failed.message ?? t('error_occurred'));
      return;
    }
    setBusy(false);
    onChanged();
  };

  const field = (name: Field, label: string, autoComplete: string, extra: { descriptiveText?: string; autofocus?: boolean } = {}) => (
    <TextField
      ref={refs[name]}
      label={label}
      type="password"
      name={`${name}-password`}
      autoComplete={autoComplete}
      value={values[name]}
      onChange={(e) => {
        const value = e.target.value;
        setValues((v) => ({ ...v, [name]: value }));
      }}
      hasError={Boolean(errorOf(name))}
      errorMessage={errorOf(name)}
      descriptiveText={extra.descriptiveText}
      isRequired
      data-testid={`password-${name}`}
      {...(extra.autofocus ? { 'data-autofocus': true } : {})}
    />
  );

  return (
    <Dialog
      title={t('change_password')}
      onClose={close}
      testId="change-password-dialog"
      form={{ onSubmit: (e) => void onSubmit(e) }}
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
      <div className="dialog-fields">
        {/* Lets password managers file the new password under the right account. */}
        <input type="email" name="username" autoComplete="username" value={user?.email ?? ''} readOnly hidden />
        {field('current', t('current_password_label'), 'current-password', { autofocus: true })}
        {field('new', t('new_password_label'), 'new-password', { descriptiveText: t('password_rules', { min: PASSWORD_MIN_LENGTH }) })}
        {field('confirm', t('confirm_new_password_label'), 'new-password')}
      </div>
    </Dialog>
  );
}
