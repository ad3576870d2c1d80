import { apiRequest } from '../../lib/api';
import { loadAuth } from '../../lib/auth-client';

/** Whether the signed-in user has two-step sign-in (TOTP) on, as Cognito says (GetUser through Amplify). */
export async function twoStepEnabled(): Promise<boolean> {
  const { auth } = await loadAuth();
  const preference = await auth.fetchMFAPreference();
  return (preference.enabled ?? []).includes('TOTP');
}

/** The key as people copy it: groups of four. */
export const groupedSecret = (secret: string): string => secret.replace(/(.{4})(?=.)/g, '$1 ');

/** Whether Cognito refused a code (rather than the request failing). */
export const isWrongCode = (err: unknown): boolean =>
  err instanceof Error && ['CodeMismatchException', 'EnableSoftwareTokenMFAException', 'InvalidParameterException'].includes(err.name);

/**
 * `POST /api/me/two-step` (issue 14), after turning two-step verification on or off: the server reads
 * the state from Cognito itself, records it and, for "off", sends the security notice.
 */
export async function reportTwoStep(): Promise<void> {
  await apiRequest<unknown>('/api/me/two-step', { method: 'POST', body: {} });
}
