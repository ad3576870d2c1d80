/**
 * The one e-mail check of the portal, without dependencies so the web imports it too: sign-up,
 * forgot / reset password, the payout e-mail (browser and lambdas/payouts/destination.ts) and the
 * local Cognito stand-in's sign-up (scripts/local/cognito-server.mjs) all use it.
 *
 * It is the HTML Standard's "valid e-mail address" (what browsers accept for type=email: one `@`, a
 * dot-atom local part, LDH labels) with at least one dot in the domain, because an address like
 * `shop@example` cannot receive mail from us; at most 254 characters (RFC 5321's path limit).
 */
export const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

export const isEmail = (value: string): boolean => value.length <= 254 && EMAIL_PATTERN.test(value);

/**
 * How the portal compares e-mail addresses: trimmed and lower-cased, as the cloud user pool does for
 * sign-in (`signInCaseSensitive: false`, lib/auth.ts).
 */
export const normalizeEmail = (value: string): string => value.trim().toLowerCase();
