/** The auth pages' forms as zod schemas (messages are i18n keys); the rules are lib/form-schemas.ts'. */
import * as z from 'zod';
import { noControlCharacters } from '@contracts/values';
import { emailField, newPasswordShape, requiredText, withNewPassword } from '../../lib/form-schemas';

export const signUpSchema = withNewPassword(z.object({ businessName: requiredText('error_business_name_required').check(noControlCharacters), email: emailField, ...newPasswordShape }));
export type SignUpValues = z.input<typeof signUpSchema>;

export const confirmSignUpSchema = z.object({ code: requiredText('error_code_required') });
export type ConfirmSignUpValues = z.input<typeof confirmSignUpSchema>;

export const forgotPasswordSchema = z.object({ email: emailField });
export type ForgotPasswordValues = z.input<typeof forgotPasswordSchema>;

export const resetPasswordSchema = withNewPassword(z.object({ email: emailField, code: requiredText('error_code_required'), ...newPasswordShape }));
export type ResetPasswordValues = z.input<typeof resetPasswordSchema>;
