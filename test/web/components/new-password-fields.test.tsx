import { zodResolver } from '@hookform/resolvers/zod';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormProvider, useForm } from 'react-hook-form';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import { NewPasswordFields, type PasswordFieldProps } from '../../../web/src/components/new-password-fields';
import { AuthField } from '../../../web/src/components/auth-layout';
import en from '../../../web/src/i18n/en.json';
import { i18n } from '../../../web/src/i18n/i18n';
import { newPasswordShape, withNewPassword, type NewPasswordValues } from '../../../web/src/lib/form-schemas';


const schema = withNewPassword(z.object(newPasswordShape));
const POLICY = en.password_too_weak.replace('{{min}}', '12');

function Harness({ onValid, Field = AuthField, testIds }: { onValid(values: NewPasswordValues): void; Field?: (props: PasswordFieldProps) => React.ReactNode; testIds?: { password: string; confirm: string } }) {
  const form = useForm<NewPasswordValues>({ resolver: zodResolver(schema, undefined, { mode: 'sync' }), reValidateMode: 'onSubmit', defaultValues: { password: '', confirm: '' } });
  return (
    <I18nextProvider i18n={i18n}>
      <FormProvider {...form}>
        <form noValidate onSubmit={(e) => void form.handleSubmit(onValid)(e)}>
          <NewPasswordFields Field={Field} labels={{ password: 'New password', confirm: 'Confirm new password' }} testIds={testIds} />
          <button type="submit">Save</button>
        </form>
      </FormProvider>
    </I18nextProvider>
  );
}

const describedText = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' | ');

describe('<NewPasswordFields> (sign-up, reset password, change password)', () => {
  it('shows the pool rules under the password, then the spec order on submit: the match first (under the confirmation), then the policy', async () => {
    const onValid = vi.fn();
    render(<Harness onValid={onValid} />);
    const user = userEvent.setup();
    const password = screen.getByLabelText('New password');
    const confirm = screen.getByLabelText('Confirm new password');
    expect(password.getAttribute('type')).toBe('password');
    expect(password.getAttribute('autocomplete')).toBe('new-password');
    expect(describedText(password)).toBe(en.password_rules.replace('{{min}}', '12'));

    await user.type(password, 'short');
    await user.type(confirm, 'other');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(confirm.getAttribute('aria-invalid')).toBe('true');
    expect(describedText(confirm)).toBe('Passwords do not match.');
    expect(password.getAttribute('aria-invalid')).toBeNull();
    expect(document.activeElement).toBe(confirm);

    await user.clear(confirm);
    await user.type(confirm, 'short');
    // Errors are said on submit, not while typing.
    expect(describedText(confirm)).toBe('Passwords do not match.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(confirm.getAttribute('aria-invalid')).toBeNull();
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(describedText(password)).toContain(POLICY);
    expect(document.activeElement).toBe(password);
    expect(onValid).not.toHaveBeenCalled();

    await user.clear(password);
    await user.type(password, 'Fresh!Harvest2027');
    await user.clear(confirm);
    await user.type(confirm, 'Fresh!Harvest2027');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onValid).toHaveBeenCalledWith({ password: 'Fresh!Harvest2027', confirm: 'Fresh!Harvest2027' }, expect.anything());
  });

  it('draws its inputs with the field component it is given (the dialogs pass Amplify TextField), with their test ids', () => {
    const seen: string[] = [];
    const Plain = ({ label, hint, error, required, ...input }: PasswordFieldProps) => {
      seen.push(`${label}:${hint ?? ''}:${error ?? ''}:${String(required)}`);
      return (
        <label>
          {label}
          <input {...input} />
        </label>
      );
    };
    render(<Harness onValid={vi.fn()} Field={Plain} testIds={{ password: 'password-new', confirm: 'password-confirm' }} />);
    expect(screen.getByTestId('password-new')).toBe(screen.getByLabelText('New password'));
    expect(screen.getByTestId('password-confirm')).toBe(screen.getByLabelText('Confirm new password'));
    expect(seen).toContain(`New password:${en.password_rules.replace('{{min}}', '12')}::true`);
    expect(seen).toContain('Confirm new password:::true');
  });
});
