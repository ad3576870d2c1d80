/**
 * The ops console's two-step sign-in reset (issue 14): `POST /api/admin/users/{userId}/mfa-reset` turns
 * a user's TOTP off after ops checked who they are (a lost phone), with a required reason for the audit
 * log. Plain zod, for the server (lambdas/admin/mfa-handler.ts) and the web (features/admin/vendors).
 */
import * as z from 'zod';

export const mfaResetBodySchema = z.strictObject({
  reason: z.string().trim().min(1, 'admin_mfa_reason_required').max(1000, 'admin_mfa_reason_too_long'),
});
export type MfaResetBody = z.infer<typeof mfaResetBodySchema>;

/** `wasOn`: whether Cognito had TOTP on for the user before the reset. */
export const mfaResetAnswerSchema = z.strictObject({ userId: z.string().min(1), totp: z.literal(false), wasOn: z.boolean() });
export type MfaResetAnswer = z.infer<typeof mfaResetAnswerSchema>;
