/**
 * The ops console's answers (issue 13), declared once for the server (lambdas/admin) and the web
 * (web/src/features/admin). Plain zod; imports only its plain values (contracts/admin-values.ts).
 */
import * as z from 'zod';
import { OVERVIEW_QUEUES } from './admin-values';

/** The queues of the Overview screen, in the order it shows them (contracts/admin-values.ts). */
export { OVERVIEW_QUEUES };
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
