import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import * as z from 'zod/mini';
import { logger } from '../shared/logger';
import { recordNotification } from '../notifications/record';
import { createVendorIfAbsent, getVendorByUserId, LANGUAGES, type Language } from '../shared/vendors';
import { noControlCharacters } from '../../contracts/values';

/** The `name` attribute as a business name: the shared refinement of every name (contracts/values.ts). */
const businessName = z.string().check(noControlCharacters);

/**
 * Cognito post-confirmation trigger: a confirmed sign-up becomes a vendor application (status
 * pending). Idempotent: Cognito may retry, and a reviewed vendor must never be reset to pending.
 * A confirmed password reset (forgot password) records the "password changed" security notice
 * (docs/decisions.md, "Vendor notifications": how password changes are noticed).
 */
export async function handler(event: PostConfirmationTriggerEvent): Promise<PostConfirmationTriggerEvent> {
  if (event.triggerSource === 'PostConfirmation_ConfirmForgotPassword') {
    await passwordChanged(event.request.userAttributes.sub);
    return event;
  }
  if (event.triggerSource !== 'PostConfirmation_ConfirmSignUp') return event;
  const attrs = event.request.userAttributes;
  const userId = attrs.sub;
  if (!userId) throw new Error('Post-confirmation event without sub');
  const now = new Date().toISOString();
  const email = attrs.email ?? '';
  const language: Language = (LANGUAGES as readonly string[]).includes(attrs.locale ?? '') ? (attrs.locale as Language) : 'en';
  // The sign-up form refuses such a name; Cognito's SignUp API can be called without it (issue 24, item 4).
  if (!businessName.safeParse(attrs.name ?? '').success) throw new Error('The business name may not contain line breaks or other control characters.');
  const created = await createVendorIfAbsent({
    userId,
    email,
    status: 'pending',
    vendorName: (attrs.name ?? '').trim() || email.split('@')[0] || email,
    language,
    createdAt: now,
    updatedAt: now,
  });
  logger.info(created ? 'vendor application created' : 'vendor record already present', { userId });
  return event;
}

/** The security notice of a password reset, in the vendor's inbox (or the applicant's, by user id). */
async function passwordChanged(userId: string | undefined, now = new Date()): Promise<void> {
  if (!userId) throw new Error('Post-confirmation event without sub');
  const vendor = await getVendorByUserId(userId);
  if (!vendor) return;
  const at = now.toISOString();
  await recordNotification({ vendorId: vendor.vendorId ?? userId, type: 'password_changed', subject: `${userId}.${at}`, params: {}, createdAt: at });
  logger.info('password change noticed', { userId });
}
