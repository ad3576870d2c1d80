/**
 * The figures of each notification event (issue 12), apart from the rest of ./notifications.ts (which
 * re-exports them): the server checks them when it records an event and renders its e-mail, and the
 * web's inbox checks each item's before rendering its texts. `zod/mini`, so the inbox page carries no
 * classic zod (docs/web.md, "Weight").
 */
import * as z from 'zod/mini';
import { MEMBER_ROLES } from './team-roles';

const money = z.int();
const isoTime = z.iso.datetime();

/**
 * Every event, with the figures its texts need. Amounts in integer US cents; times UTC ISO-8601.
 * A new event: add it here (and its category below), then its e-mail templates and web texts.
 */
export const notificationParams = {
  application_approved: z.object({ vendorId: z.string(), businessName: z.string() }),
  application_rejected: z.object({ businessName: z.string(), reason: z.string() }),
  product_approved: z.object({ productId: z.string(), productName: z.string() }),
  product_rejected: z.object({ productId: z.string(), productName: z.string(), reasons: z.array(z.string()), note: z.optional(z.string()) }),
  product_changes_requested: z.object({ productId: z.string(), productName: z.string(), note: z.string() }),
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
  team_invitation: z.object({ email: z.string(), businessName: z.string(), role: z.enum(MEMBER_ROLES), invitedBy: z.string(), token: z.string(), language: z.string(), expiresAt: isoTime }),
  team_member_changed: z.object({
    change: z.enum(['invited', 'joined', 'role_changed', 'removed']),
    memberEmail: z.string(),
    role: z.enum(MEMBER_ROLES),
    previousRole: z.optional(z.enum(MEMBER_ROLES)),
    by: z.string(),
  }),

  stock_low: z.object({ productId: z.string(), productName: z.string(), sku: z.string(), inventory: z.int(), threshold: z.int() }),

  /** Issue 14: two-step sign-in went off, turned off by the vendor or reset by operations. */
  security_mfa_off: z.object({ by: z.enum(['vendor', 'operations']) }),
} as const;

export type NotificationType = keyof typeof notificationParams;
export const NOTIFICATION_TYPES = Object.keys(notificationParams) as NotificationType[];
export type NotificationParams<T extends NotificationType> = z.infer<(typeof notificationParams)[T]>;

