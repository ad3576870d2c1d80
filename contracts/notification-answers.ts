/**
 * What the web reads of notifications (issue 12), apart from the rest of ./notifications.ts (which
 * re-exports it all): the figures of each event (the server checks them when it records an event and
 * renders its e-mail; the inbox checks each item's before rendering its texts) and the inbox's
 * answers. `zod/mini`, so neither the inbox nor the header's unread badge loads classic zod
 * (docs/web.md, "Weight").
 */
import * as z from 'zod/mini';
import { MEMBER_ROLES } from './team-roles';

/**
 * How long the inbox keeps a notification (the inbox says so): DynamoDB's TTL removes an item this
 * many months after it was created (`expiresAt`, lambdas/notifications/record.ts; table setting in
 * contracts/tables.ts). The e-mail of course stays in the vendor's mailbox.
 */
export const INBOX_RETENTION_MONTHS = 12;

/** What a vendor can turn e-mail on or off for (account settings). `security` cannot be turned off. */
export const NOTIFICATION_CATEGORIES = ['account', 'products', 'payouts', 'balance', 'support', 'security'] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];

const money = z.int();
const isoTime = z.iso.datetime();

/**
 * Every event, with the figures its texts need. Amounts in integer US cents; times UTC ISO-8601.
 * A new event: add it here (and its category below), then its e-mail templates and web texts.
 */
export const notificationParams = {
  application_approved: z.object({ vendorId: z.string(), businessName: z.string() }),
  application_rejected: z.object({ businessName: z.string(), reason: z.string() }),
  // productName is the English name (else the Chinese one); productNameZh the Chinese name when the
  // product has one, so a zh-TW reader is told the product by it (issue 24, item 19).
  product_approved: z.object({ productId: z.string(), productName: z.string(), productNameZh: z.optional(z.string()) }),
  product_rejected: z.object({ productId: z.string(), productName: z.string(), productNameZh: z.optional(z.string()), reasons: z.array(z.string()), note: z.optional(z.string()) }),
  product_changes_requested: z.object({ productId: z.string(), productName: z.string(), productNameZh: z.optional(z.string()), note: z.string() }),
  payout_paid: z.object({ payoutId: z.string(), period: z.string(), amountCents: money, feeCents: money, paidCents: money }),
  payout_failed: z.object({ payoutId: z.string(), period: z.string(), amountCents: money, reason: z.string() }),
  balance_rolled_over: z.object({ balanceCents: money, minimumCents: money, nextPayoutDate: z.string() }),
  payout_method_changed: z.object({ method: z.enum(['bank', 'email']), holdUntil: z.optional(isoTime) }),
  password_changed: z.object({}),
  support_case_received: z.object({ caseId: z.string(), category: z.string(), message: z.string() }),
  support_reply: z.object({ caseId: z.string(), message: z.string() }),
  // Issue 14: an invitation to a shop's team, e-mailed to the invitee (who has no inbox: the item sits
  // under `INVITE#<vendorId>#<memberId>`, and `language` is the inviting owner's), and the security
  // notice the shop gets for every change to its team.
  team_invitation: z.object({ email: z.string(), businessName: z.string(), role: z.enum(MEMBER_ROLES), invitedBy: z.string(), language: z.string(), expiresAt: isoTime }),
  team_member_changed: z.object({
    change: z.enum(['invited', 'joined', 'role_changed', 'removed']),
    memberEmail: z.string(),
    role: z.enum(MEMBER_ROLES),
    previousRole: z.optional(z.enum(MEMBER_ROLES)),
    by: z.string(),
  }),

  stock_low: z.object({ productId: z.string(), productName: z.string(), productNameZh: z.optional(z.string()), sku: z.string(), inventory: z.int(), threshold: z.int() }),

  /** Issue 14: two-step sign-in went off, turned off by the vendor or reset by operations. */
  security_mfa_off: z.object({ by: z.enum(['vendor', 'operations']) }),
  /** Issue 24, item 2: two-step sign-in went on (a vendor who did not do it learns at once). */
  security_mfa_on: z.object({}),
} as const;

export type NotificationType = keyof typeof notificationParams;
export const NOTIFICATION_TYPES = Object.keys(notificationParams) as NotificationType[];
export type NotificationParams<T extends NotificationType> = z.infer<(typeof notificationParams)[T]>;

/** One inbox item as GET /api/notifications answers it (newest first). */
export const notificationViewSchema = z.object({
  /** The event id: one notification (and at most one e-mail) per event. */
  id: z.string(),
  type: z.enum(NOTIFICATION_TYPES as [NotificationType, ...NotificationType[]]),
  category: z.enum(NOTIFICATION_CATEGORIES),
  createdAt: isoTime,
  read: z.boolean(),
  /** The event's figures (see `notificationParams[type]`). */
  params: z.record(z.string(), z.unknown()),
  /** Where in the portal the item leads, e.g. /products/P-1/edit or /payouts?payout=… */
  link: z.string(),
});
export type NotificationView = z.infer<typeof notificationViewSchema>;

/** GET /api/notifications?cursor=…: a page of the inbox and the unread count. */
export const notificationPageSchema = z.object({
  items: z.array(notificationViewSchema),
  nextCursor: z.nullable(z.string()),
  unread: z.int().check(z.nonnegative()),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

/** GET /api/notifications/unread (the header's badge) and the answer of POST /api/notifications/read. */
export const unreadCountSchema = z.object({ unread: z.int().check(z.nonnegative()) });
