import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { logger } from '../shared/logger';
import { createVendorIfAbsent, LANGUAGES, type Language } from '../shared/vendors';

/**
 * Cognito post-confirmation trigger: a confirmed sign-up becomes a vendor application (status
 * pending). Idempotent: Cognito may retry, and a reviewed vendor must never be reset to pending.
 */
export async function handler(event: PostConfirmationTriggerEvent): Promise<PostConfirmationTriggerEvent> {
  if (event.triggerSource !== 'PostConfirmation_ConfirmSignUp') return event;
  const attrs = event.request.userAttributes;
  const userId = attrs.sub;
  if (!userId) throw new Error('Post-confirmation event without sub');
  const now = new Date().toISOString();
  const email = attrs.email ?? '';
  const language: Language = (LANGUAGES as readonly string[]).includes(attrs.locale ?? '') ? (attrs.locale as Language) : 'en';
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
