/**
 * The user pool as data: read by the CDK auth construct (lib/auth.ts) and by the local
 * cognito-local bootstrap (scripts/local/cognito.ts), so both have the same policy, attributes,
 * groups and client flows.
 */
export const VENDOR_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type VendorStatus = (typeof VENDOR_STATUSES)[number];

export const GROUPS = {
  vendors: { name: 'vendors', description: 'Approved marketplace vendors' },
  admins: { name: 'admins', description: 'Marketplace operations staff' },
} as const;

export const passwordPolicy = {
  minLength: 12,
  requireLowercase: true,
  requireUppercase: true,
  requireDigits: true,
  requireSymbols: true,
} as const;

/**
 * What Cognito counts as a symbol for `requireSymbols` (its documented list; a space in the middle
 * of a password also counts). Letters such as é or 中 are not symbols there, so the browser must not
 * count them either, or it would accept passwords the pool refuses.
 */
export const PASSWORD_SYMBOLS = '^$*.[]{}()?"!@#%&/\\,><\':;|_~`=+- ';

/**
 * Whether a password meets the user pool's policy (`passwordPolicy`): checked by the browser's forms
 * (web/src/lib/password-rules.ts) and by the API before it asks Cognito (POST /api/me/password), because
 * cognito-local does not enforce the policy.
 */
export function meetsPasswordPolicy(password: string): boolean {
  if (password.length < passwordPolicy.minLength) return false;
  if (passwordPolicy.requireLowercase && !/[a-z]/.test(password)) return false;
  if (passwordPolicy.requireUppercase && !/[A-Z]/.test(password)) return false;
  if (passwordPolicy.requireDigits && !/[0-9]/.test(password)) return false;
  if (passwordPolicy.requireSymbols && ![...password.trim()].some((c) => PASSWORD_SYMBOLS.includes(c))) return false;
  return true;
}

/** Custom attributes (without the `custom:` prefix). */
export const customAttributes = {
  status: { type: 'String', mutable: true, minLen: 1, maxLen: 16 },
} as const;

/**
 * Attributes the web client may read; it may write only `clientWritableAttributes`. At sign-up the
 * business name travels as `name` and the chosen language as `locale`; the post-confirmation
 * trigger copies both into the vendor record. `custom:status` is written only by the server.
 */
export const clientReadableAttributes = ['email', 'email_verified', 'name', 'locale', 'custom:status'] as const;
export const clientWritableAttributes = ['email', 'name', 'locale'] as const;

/**
 * Auth flows the web client may use. SRP in the cloud; USER_PASSWORD_AUTH is allowed because
 * cognito-local has no SRP and the local stack uses the same client definition.
 */
export const clientAuthFlows = ['ALLOW_USER_SRP_AUTH', 'ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'] as const;

export const tokenValidity = { idTokenMinutes: 60, accessTokenMinutes: 60, refreshTokenDays: 30 } as const;

/**
 * Two-step sign-in (issue 14): optional for vendors, with an authenticator app (TOTP) only — no SMS.
 * The same for the cloud pool (lib/auth.ts) and the local one (scripts/local/cognito.ts).
 */
export const mfaSettings = { configuration: 'OPTIONAL', totp: true, sms: false } as const;
/** The issuer an authenticator app shows beside the account (the otpauth:// URI's issuer). */
export const TOTP_ISSUER = 'Seller Portal';
