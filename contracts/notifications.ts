/**
 * Notifications (issue 12): what happened that a vendor should hear about. The server records one
 * notification per event in the vendor's inbox (the `notifications` table) in the same write as the
 * change, and the notifier e-mails it in the vendor's saved language unless the vendor turned the
 * category off. The web lists the inbox and renders each item from its `type` and `params` with its
 * own translations (`notifications.<type>.title` / `.body`), so a language switch applies at once.
 */
import * as z from 'zod';

/** Categories whose e-mail the vendor may switch; `security` notices are always sent. */
export const OPTIONAL_CATEGORIES = ['account', 'products', 'payouts', 'balance', 'support'] as const satisfies readonly NotificationCategory[];
export type OptionalCategory = (typeof OPTIONAL_CATEGORIES)[number];

/** E-mail preferences of a vendor who never changed them: everything on except balance roll-overs. */
export const DEFAULT_EMAIL_PREFERENCES: Readonly<Record<OptionalCategory, boolean>> = {
  account: true,
  products: true,
  payouts: true,
  balance: false,
  support: true,
};

export {
  NOTIFICATION_CATEGORIES,
  notificationPageSchema,
  notificationParams,
  NOTIFICATION_TYPES,
  notificationViewSchema,
  unreadCountSchema,
  type NotificationCategory,
  type NotificationPage,
  type NotificationParams,
  type NotificationType,
  type NotificationView,
} from './notification-answers';
import type { NotificationCategory, NotificationType } from './notification-answers';

export const notificationCategory: Readonly<Record<NotificationType, NotificationCategory>> = {
  application_approved: 'account',
  application_rejected: 'account',
  product_approved: 'products',
  product_rejected: 'products',
  product_changes_requested: 'products',
  payout_paid: 'payouts',
  payout_failed: 'payouts',
  balance_rolled_over: 'balance',
  payout_method_changed: 'security',
  password_changed: 'security',
  support_case_received: 'support',
  support_reply: 'support',
  team_invitation: 'security',
  team_member_changed: 'security',

  stock_low: 'products',

  security_mfa_off: 'security',
  security_mfa_on: 'security',
};

/** POST /api/notifications/read: mark these read, or all of them. */
export const markReadBodySchema = z.union([z.object({ ids: z.array(z.string().min(1).max(100)).min(1).max(100) }).strict(), z.object({ all: z.literal(true) }).strict()]);

/** GET and PUT /api/notifications/preferences: e-mail on or off per optional category. */
export const emailPreferencesSchema = z
  .object({
    email: z.object({ account: z.boolean(), products: z.boolean(), payouts: z.boolean(), balance: z.boolean(), support: z.boolean() }).strict(),
  })
  .strict();
export type EmailPreferences = z.infer<typeof emailPreferencesSchema>;
