/**
 * The ops console's answers (issue 13), declared once for the server (lambdas/admin) and the web
 * (web/src/features/admin). Plain zod; imports nothing of the project.
 */
import * as z from 'zod';

/**
 * The queues of the Overview screen, in the order it shows them: what is waiting for operations staff.
 * - vendorApplications: vendor records with status `pending` (since the application, `createdAt`)
 * - productsInReview: products submitted for review (since submission)
 * - openSupportCases: support cases with status `open` (since opened)
 * - failedPayouts: payouts with status `failed` (since they failed, `updatedAt`)
 * - bankTransfersAwaiting: bank-transfer payouts written to the bank batch and still `pending`, i.e.
 *   awaiting ops' confirmation (since `submittedAt`)
 */
export const OVERVIEW_QUEUES = ['vendorApplications', 'productsInReview', 'openSupportCases', 'failedPayouts', 'bankTransfersAwaiting'] as const;
export type OverviewQueue = (typeof OVERVIEW_QUEUES)[number];

export const queueSummarySchema = z.strictObject({
  /** How many are waiting. */
  count: z.number().int().nonnegative(),
  /** Since when the oldest of them waits (UTC ISO-8601); null when none waits. */
  oldestAt: z.iso.datetime().nullable(),
});
export type QueueSummary = z.infer<typeof queueSummarySchema>;

/** `GET /api/admin/overview` (docs/api.md). */
export const adminOverviewSchema = z.strictObject({
  /** When the counts were taken (UTC ISO-8601): ages are measured from it. */
  generatedAt: z.iso.datetime(),
  queues: z.strictObject({
    vendorApplications: queueSummarySchema,
    productsInReview: queueSummarySchema,
    openSupportCases: queueSummarySchema,
    failedPayouts: queueSummarySchema,
    bankTransfersAwaiting: queueSummarySchema,
  }),
});
export type AdminOverview = z.infer<typeof adminOverviewSchema>;
