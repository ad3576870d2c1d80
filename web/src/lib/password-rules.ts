import { meetsPasswordPolicy, passwordPolicy } from '@contracts/auth';

export const PASSWORD_MIN_LENGTH = passwordPolicy.minLength;

/** Whether a password meets the user pool's policy (contracts/auth.ts, shared with the API); cognito-local does not enforce it. */
export { meetsPasswordPolicy };

/** Checked in the spec's order (§5): first that both entries match, then the policy. */
export function newPasswordProblem(password: string, confirm: string): 'passwords_do_not_match' | 'password_too_weak' | null {
  if (password !== confirm) return 'passwords_do_not_match';
  if (!meetsPasswordPolicy(password)) return 'password_too_weak';
  return null;
}

/** The first problem of a password change, and the field it belongs to. */
export type ChangePasswordProblem =
  | { field: 'confirm'; key: 'passwords_do_not_match' }
  | { field: 'new'; key: 'password_same_as_current' }
  | { field: 'new'; key: 'password_too_weak' };

/**
 * The change-password checks in the spec's order (§5): new and confirmation must match, then the new
 * password must differ from the current one, then the pool's policy. Only the first problem is reported.
 */
export function changePasswordProblem(current: string, next: string, confirm: string): ChangePasswordProblem | null {
  if (next !== confirm) return { field: 'confirm', key: 'passwords_do_not_match' };
  if (next === current) return { field: 'new', key: 'password_same_as_current' };
  if (!meetsPasswordPolicy(next)) return { field: 'new', key: 'password_too_weak' };
  return null;
}
