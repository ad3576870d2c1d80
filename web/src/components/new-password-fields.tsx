import type { ComponentType, Ref } from 'react';
import { useFormContext, type UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { NewPasswordValues } from '../lib/form-schemas';
import { PASSWORD_MIN_LENGTH } from '../lib/password-rules';

/** What `<NewPasswordFields>` hands the field component it is given: a label, the rules as a hint, the error, and the input's props. */
export type PasswordFieldProps = Omit<UseFormRegisterReturn, 'ref'> & {
  ref?: Ref<HTMLInputElement>;
  label: string;
  hint?: string;
  error?: string | undefined;
  type: 'password';
  autoComplete: 'new-password';
  required?: boolean;
  'data-testid'?: string;
};

/**
 * The new password and its confirmation, with the pool's rules under the first (spec §5), where a
 * password is chosen: sign-up, reset password and change password. It lives inside a react-hook-form
 * `FormProvider` whose values have `password` and `confirm` and whose schema adds `withNewPassword`
 * (or `changePasswordSchema`): the messages are those schemas' i18n keys, translated here with the
 * policy's minimum. `Field` draws one labelled input (the auth pages' `AuthField`, the dialogs' Amplify
 * `TextField`), so this component carries no UI kit into the auth pages.
 */
export function NewPasswordFields({
  Field,
  labels,
  testIds,
}: {
  Field: ComponentType<PasswordFieldProps>;
  labels: { password: string; confirm: string };
  testIds?: { password: string; confirm: string };
}) {
  const { t } = useTranslation();
  const { register, formState } = useFormContext<NewPasswordValues>();
  const say = (message: string | undefined) => (message ? t(message, { min: PASSWORD_MIN_LENGTH }) : undefined);
  return (
    <>
      <Field
        label={labels.password}
        type="password"
        autoComplete="new-password"
        hint={t('password_rules', { min: PASSWORD_MIN_LENGTH })}
        error={say(formState.errors.password?.message)}
        required
        {...register('password')}
        {...(testIds ? { 'data-testid': testIds.password } : {})}
      />
      <Field
        label={labels.confirm}
        type="password"
        autoComplete="new-password"
        error={say(formState.errors.confirm?.message)}
        required
        {...register('confirm')}
        {...(testIds ? { 'data-testid': testIds.confirm } : {})}
      />
    </>
  );
}
