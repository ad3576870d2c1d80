import { apiRequest } from './api';
import { loadAuth } from './auth-client';

/** Whether the signed-in user has two-step sign-in (TOTP) on, as Cognito says (GetUser through Amplify). */
export async function twoStepEnabled(): Promise<boolean> {
  const { auth } = await loadAuth();
  const preference = await auth.fetchMFAPreference();
  return (preference.enabled ?? []).includes('TOTP');
}

/** How recent a sign-in must be to turn two-step verification on (the server's step-up window). */
export const FRESH_SIGN_IN_SECONDS = 5 * 60;

/**
 * Whether the session's sign-in (the ID token's `auth_time`) is within the last 5 minutes: turning
 * two-step verification on asks for a fresh sign-in first (issue 24, item 2). Unknown counts as old.
 */
export async function signedInRecently(now: number = Date.now()): Promise<boolean> {
  const { auth } = await loadAuth();
  const authTime = (await auth.fetchAuthSession()).tokens?.idToken?.payload.auth_time;
  return typeof authTime === 'number' && Math.floor(now / 1000) - authTime <= FRESH_SIGN_IN_SECONDS;
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
