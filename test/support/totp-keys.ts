import { demoTotpSecret } from '../../scripts/demo/accounts';

/**
 * Two-step keys of the users a test turned two-step sign-in on for (test/support/auth.ts turnOnTotp), by
 * e-mail, beside the demo accounts' keys: the sign-in helpers (idTokenFor, the browser's signIn) answer
 * the code challenge of any of them by themselves. Per test file (each runs in its own worker).
 */
const keys = new Map<string, string>();

export function rememberTotpSecret(email: string, secret: string): void {
  keys.set(email.trim().toLowerCase(), secret);
}

export function totpSecretFor(email: string): string | undefined {
  return demoTotpSecret(email) ?? keys.get(email.trim().toLowerCase());
}
