/**
 * The zod pieces the portal's small forms share (issue 11: every form on react-hook-form + zod). The
 * rules themselves stay where they were (password-rules.ts: the pool's policy and the spec's order;
 * contracts/email.ts: the one e-mail check); these wrap them as schemas whose messages are i18n
 * keys, translated where they are shown. zod is imported by the lazy route and dialog chunks that use
 * it, never by the login page (docs/web.md, "Weight").
 */
import * as z from 'zod';
import { isEmail } from '@contracts/email';
import { changePasswordProblem, newPasswordProblem } from './password-rules';

/** A required e-mail address, trimmed: 'error_email_required' when empty, else the format's message. */
export const emailField = z
  .string()
  .trim()
  .min(1, 'error_email_required')
  .refine((value) => value === '' || isEmail(value), 'please_enter_valid_email');

/** A required text, trimmed, with its message key when empty. */
export const requiredText = (messageKey: string) => z.string().trim().min(1, messageKey);

/** The two fields of `<NewPasswordFields>` (web/src/components/new-password-fields.tsx). */
export interface NewPasswordValues {
  password: string;
  confirm: string;
}

/**
 * Adds the new-password checks to a form's schema, in the spec's order (§5): first that both entries
 * match (said under the confirmation), then the pool's policy (said under the password). Only the first
 * problem is reported. It runs even when other fields have problems, so one submit shows them all.
 */
export function withNewPassword<T extends z.ZodObject<{ password: z.ZodString; confirm: z.ZodString }>>(schema: T) {
  return schema.superRefine((values, ctx) => {
    const { password, confirm } = values as NewPasswordValues;
    const problem = newPasswordProblem(password, confirm);
    if (problem) ctx.addIssue({ code: 'custom', path: [problem === 'passwords_do_not_match' ? 'confirm' : 'password'], message: problem });
  });
}

/** The new-password pair alone. */
export const newPasswordShape = { password: z.string(), confirm: z.string() };

/** Change password (spec §5): match, differs from the current one, the pool's policy; the first problem only, by its field. */
export const changePasswordSchema = z.object({ current: z.string(), ...newPasswordShape }).superRefine((values, ctx) => {
  const problem = changePasswordProblem(values.current, values.password, values.confirm);
  if (problem) ctx.addIssue({ code: 'custom', path: [problem.field === 'new' ? 'password' : problem.field], message: problem.key });
});
export type ChangePasswordValues = z.input<typeof changePasswordSchema>;
