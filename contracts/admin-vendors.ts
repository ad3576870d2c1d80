/**
 * The ops console's Vendor applications and Vendor directory screens (issue 13): requests and answers,
 * declared once for the server (lambdas/admin/vendors-*.ts) and the web (web/src/features/admin/
 * applications, web/src/features/admin/vendors). Plain zod; imports only the audit contract.
 */
import * as z from 'zod';
import { ADMIN_VENDOR_STATUSES, percentToBps, PRODUCT_TABS } from './admin-values';
import { auditEntrySchema } from './audit';

export { ADMIN_VENDOR_STATUSES, PRODUCT_TABS };
export type AdminVendorStatus = (typeof ADMIN_VENDOR_STATUSES)[number];

/** Commission rates are basis points of 10 000 (1500 = 15 %). */
export const COMMISSION_BPS_MAX = 10_000;

/** One pending application in the queue (oldest first). */
export const applicationSummarySchema = z.strictObject({
  userId: z.string().min(1),
  email: z.string(),
  vendorName: z.string(),
  language: z.string(),
  /** When the applicant signed up (UTC ISO-8601): the wait is measured from it. */
  createdAt: z.iso.datetime(),
});
export type ApplicationSummary = z.infer<typeof applicationSummarySchema>;

/** `GET /api/admin/applications`: pending applications, oldest first, cursor-paged. */
export const applicationsPageSchema = z.strictObject({
  items: z.array(applicationSummarySchema),
  nextCursor: z.string().nullable(),
  /** The server's clock when it answered: wait ages are measured from it. */
  generatedAt: z.iso.datetime(),
});
export type ApplicationsPage = z.infer<typeof applicationsPageSchema>;

/** A vendor record as ops see it (never the payout account number). */
export const adminVendorRecordSchema = z.strictObject({
  userId: z.string().min(1),
  /** `V-…` once approved; null before. */
  vendorId: z.string().nullable(),
  email: z.string(),
  vendorName: z.string(),
  language: z.string(),
  status: z.enum(ADMIN_VENDOR_STATUSES),
  createdAt: z.iso.datetime(),
  /** The last decision on the application (an earlier rejection stays visible after a re-application). */
  reviewedAt: z.string().nullable(),
  reviewedBy: z.string().nullable(),
  rejectionReason: z.string().nullable(),
});
export type AdminVendorRecord = z.infer<typeof adminVendorRecordSchema>;

/** `GET /api/admin/applications/{userId}`: the application and its history (audit trail, newest first). */
export const applicationDetailSchema = z.strictObject({
  application: adminVendorRecordSchema,
  audit: z.array(auditEntrySchema),
  generatedAt: z.iso.datetime(),
});
export type ApplicationDetail = z.infer<typeof applicationDetailSchema>;

/** Why an application is rejected (the applicant reads it): the messages are the console's text keys. */
const rejectionReason = z.string().trim().min(1, 'admin_apps_reason_required').max(1000, 'admin_apps_reason_too_long');

/** `POST /api/admin/applications/{userId}/decision`. `expectedStatus`: the status the operator saw (stale → 409). */
export const applicationDecisionBodySchema = z.discriminatedUnion('decision', [
  z.strictObject({ decision: z.literal('approve'), expectedStatus: z.enum(ADMIN_VENDOR_STATUSES).optional() }),
  z.strictObject({ decision: z.literal('reject'), reason: rejectionReason, expectedStatus: z.enum(ADMIN_VENDOR_STATUSES).optional() }),
]);
export type ApplicationDecisionBody = z.infer<typeof applicationDecisionBodySchema>;

/** The console's reject dialog: the reason as the decision's body checks it. */
export const applicationRejectFormSchema = z.strictObject({ reason: rejectionReason });

/** The answer of a decision: the record as it now is. */
export const applicationDecisionAnswerSchema = z.strictObject({ application: adminVendorRecordSchema });

/** One row of the directory. */
export const vendorListItemSchema = z.strictObject({
  userId: z.string().min(1),
  vendorId: z.string().nullable(),
  email: z.string(),
  vendorName: z.string(),
  status: z.enum(ADMIN_VENDOR_STATUSES),
  createdAt: z.iso.datetime(),
});
export type VendorListItem = z.infer<typeof vendorListItemSchema>;

/** `GET /api/admin/vendors?q=&status=&cursor=`. */
export const vendorListQuerySchema = z.strictObject({
  /** A business-name or e-mail prefix (case-insensitive), or an exact vendor id (V-10001). */
  q: z.string().trim().max(200).optional(),
  status: z.enum(ADMIN_VENDOR_STATUSES).optional(),
  cursor: z.string().optional(),
});
export type VendorListQuery = z.infer<typeof vendorListQuerySchema>;

export const vendorsPageSchema = z.strictObject({
  items: z.array(vendorListItemSchema),
  nextCursor: z.string().nullable(),
});
export type VendorsPage = z.infer<typeof vendorsPageSchema>;


/** `GET /api/admin/vendors/{vendorId}` (a `V-…` id, or the user id of a vendor not approved yet). */
export const vendorDetailSchema = z.strictObject({
  vendor: adminVendorRecordSchema,
  commission: z.strictObject({
    /** The rate applied to orders received from now on (basis points). */
    rateBps: z.number().int().min(0).max(COMMISSION_BPS_MAX),
    /** The vendor's own rate as stored, null when the marketplace default applies. */
    storedRateBps: z.number().int().min(0).max(COMMISSION_BPS_MAX).nullable(),
  }),
  balanceCents: z.number().int().nullable(),
  recentOrders: z.array(
    z.strictObject({ orderId: z.string(), orderNumber: z.string(), placedAt: z.string(), status: z.string(), totalCents: z.number().int() }),
  ),
  products: z.strictObject({ live: z.number().int().nonnegative(), draft: z.number().int().nonnegative(), pending: z.number().int().nonnegative(), rejected: z.number().int().nonnegative() }),
  /** What the vendor sees of the payout method: masked, never the full account number. */
  payoutMethod: z
    .strictObject({ method: z.enum(['email', 'bank']), destination: z.string(), payoutAccountId: z.string(), holdUntil: z.string().nullable() })
    .nullable(),
  payouts: z.array(
    z.strictObject({ payoutId: z.string(), periodFrom: z.string(), periodTo: z.string(), status: z.string(), amountCents: z.number().int(), paidCents: z.number().int(), createdAt: z.string() }),
  ),
  audit: z.array(auditEntrySchema),
});
export type VendorDetail = z.infer<typeof vendorDetailSchema>;

/**
 * `PUT /api/admin/vendors/{vendorId}/commission`: the new rate, and the stored rate the operator saw
 * (null: the default applied) — a change made meanwhile is a 409.
 */
export const commissionBodySchema = z.strictObject({
  commissionRateBps: z.number().int('admin_vendors_commission_invalid').min(0, 'admin_vendors_commission_invalid').max(COMMISSION_BPS_MAX, 'admin_vendors_commission_invalid'),
  expectedRateBps: z.number().int().min(0).max(COMMISSION_BPS_MAX).nullable(),
});
export type CommissionBody = z.infer<typeof commissionBodySchema>;

/** The console's commission form: the rate in percent as typed (percentToBps), checked as the body's rate. */
export const commissionFormSchema = z.strictObject({
  percent: z
    .string()
    .transform((text, ctx) => {
      const bps = percentToBps(text);
      if (bps === null) ctx.addIssue({ code: 'custom', message: 'admin_vendors_commission_invalid' });
      return bps ?? z.NEVER;
    })
    .pipe(commissionBodySchema.shape.commissionRateBps),
});

/** The directory's search form: the query's text and status, '' for every status. */
export const vendorSearchFormSchema = z.strictObject({
  q: z.string().trim().max(200),
  status: z.union([z.enum(ADMIN_VENDOR_STATUSES), z.literal('')]),
});
