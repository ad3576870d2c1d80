/**
 * Support case threads (issue 13, screen 4): the vendor's "Support cases" page (GET/POST
 * /api/support/...) and the ops console's support inbox (/api/admin/support/...), declared once for
 * the server (lambdas/support, lambdas/admin/support-handler.ts) and the web. Plain zod; imports
 * nothing of the project but its own folder.
 *
 * Status: `open` (waiting for ops), `answered` (ops replied, waiting for the vendor), `closed`.
 * An ops reply makes an open or answered case `answered`; a vendor's answer makes any case `open`
 * again (a closed one too: docs/decisions.md, "Support inbox"); ops close and reopen (→ `open`).
 */
import * as z from 'zod';
import { SUPPORT_CATEGORIES, SUPPORT_MESSAGE_MAX } from './categories';

export const SUPPORT_STATUSES = ['open', 'answered', 'closed'] as const;
export type SupportStatus = (typeof SUPPORT_STATUSES)[number];

/** Who wrote a message: the vendor, or marketplace staff (ops). */
export const SUPPORT_AUTHORS = ['vendor', 'ops'] as const;
export type SupportAuthor = (typeof SUPPORT_AUTHORS)[number];

/** At most this many messages after the first in one case (a thread is read whole, in one query page). */
export const SUPPORT_THREAD_MAX = 100;
/** Rows per page of the vendor's list and of the ops inbox. */
export const SUPPORT_PAGE_SIZE = 20;

export const supportMessageSchema = z.strictObject({
  /** Unique within the case (the first message is `first`). */
  messageId: z.string().min(1),
  author: z.enum(SUPPORT_AUTHORS),
  body: z.string(),
  /** UTC ISO-8601. */
  at: z.iso.datetime(),
});
export type SupportMessage = z.infer<typeof supportMessageSchema>;

/** A case as lists show it. */
export const supportCaseSummarySchema = z.strictObject({
  caseId: z.string().min(1),
  vendorId: z.string().min(1),
  category: z.enum(SUPPORT_CATEGORIES),
  status: z.enum(SUPPORT_STATUSES),
  createdAt: z.iso.datetime(),
  /** The last message's time (the opening one for a case without replies). */
  lastActivityAt: z.iso.datetime(),
  /** Who wrote last. */
  lastAuthor: z.enum(SUPPORT_AUTHORS),
  /** The first message's beginning (at most 140 characters). */
  preview: z.string(),
  /** All messages, the first included. */
  messageCount: z.number().int().positive(),
});
export type SupportCaseSummary = z.infer<typeof supportCaseSummarySchema>;

/** A case with its whole thread, oldest message first. */
export const supportCaseDetailSchema = supportCaseSummarySchema.extend({
  messages: z.array(supportMessageSchema),
});
export type SupportCaseDetail = z.infer<typeof supportCaseDetailSchema>;

/** The ops view of a case: the thread plus who the vendor is. */
export const adminSupportCaseSchema = supportCaseDetailSchema.extend({
  vendor: z.strictObject({ vendorId: z.string(), name: z.string().nullable(), email: z.string() }),
});
export type AdminSupportCase = z.infer<typeof adminSupportCaseSchema>;

export const supportCasePageSchema = z.strictObject({
  items: z.array(supportCaseSummarySchema),
  nextCursor: z.string().nullable(),
});
export type SupportCasePage = z.infer<typeof supportCasePageSchema>;

const cursorField = z.string().max(2048, { message: 'is not a cursor this API issued' }).optional();

/** GET /api/support?cursor= — the vendor's own cases, newest first. */
export const supportListQuery = z.strictObject({ cursor: cursorField });

/**
 * GET /api/admin/support?status=&category=&vendorId=&cursor= — the ops inbox: one status (default
 * open); open cases oldest first (the queue), answered and closed newest first.
 */
export const adminSupportListQuery = z.strictObject({
  status: z.enum(SUPPORT_STATUSES).default('open'),
  category: z.enum(SUPPORT_CATEGORIES).optional(),
  vendorId: z
    .string()
    .trim()
    .regex(/^V-\d{1,12}$/, 'is not a vendor id (V-10001)')
    .optional(),
  cursor: cursorField,
});
export type AdminSupportListQuery = z.infer<typeof adminSupportListQuery>;

/**
 * The ops inbox's filter form: a category ('' for any) and a vendor id as typed (any case; '' for any),
 * checked as the list query checks them.
 */
export const adminSupportFilterFormSchema = z.strictObject({
  category: z.union([z.enum(SUPPORT_CATEGORIES), z.literal('')]),
  vendorId: z.string().trim().toUpperCase().pipe(z.union([z.literal(''), adminSupportListQuery.shape.vendorId.unwrap()])),
});

/** The text of a reply (ops) or an answer (vendor): the same rule as the opening message. */
export const supportMessageBody = z.strictObject({
  message: z
    .string()
    .trim()
    .min(1, 'Please enter a message')
    .max(SUPPORT_MESSAGE_MAX, `The message can be at most ${SUPPORT_MESSAGE_MAX} characters`),
});
export type SupportMessageBody = z.infer<typeof supportMessageBody>;

/** What the close and reopen routes take: nothing. */
export const emptyBody = z.strictObject({});

/** Case ids as the server issues them (lambdas/support/store.ts newCaseId): SC-20261121-051912-7F3A. */
export const SUPPORT_CASE_ID = /^SC-\d{8}-\d{6}-[0-9A-F]{4}$/;
