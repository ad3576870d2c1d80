/**
 * Answers of the bulk price and stock routes (issue 15; docs/api.md, "Bulk price and stock"). Constants:
 * ./bulk-model.ts (zod-free).
 */
import * as z from 'zod/mini';
import { BULK_JOB_STATUSES, BULK_ROW_ERRORS, BULK_ROW_KINDS, BULK_ROW_OUTCOMES } from './bulk-model';
import { cents, instant, int } from './values';

/** An offer's three spreadsheet values: price and compare-at in cents (compare-at null: none), stock. */
export const bulkValuesSchema = z.object({ priceCents: cents, compareAtCents: z.nullable(cents), inventory: int });
export type BulkValues = z.infer<typeof bulkValuesSchema>;

/** One row of the file as the dry run read it: old → new, unchanged, or an error; after apply/undo its outcome. */
export const bulkRowSchema = z.object({
  /** The row's line in the file (the header is line 1). */
  line: int,
  sku: z.string(),
  productId: z.optional(z.string()),
  nameEn: z.optional(z.string()),
  nameZh: z.optional(z.string()),
  kind: z.enum(BULK_ROW_KINDS),
  error: z.optional(z.enum(BULK_ROW_ERRORS)),
  old: z.optional(bulkValuesSchema),
  new: z.optional(bulkValuesSchema),
  outcome: z.optional(z.enum(BULK_ROW_OUTCOMES)),
});
export type BulkRow = z.infer<typeof bulkRowSchema>;

export const bulkSummarySchema = z.object({ rows: int, changes: int, unchanged: int, errors: int });
export type BulkSummary = z.infer<typeof bulkSummarySchema>;

/** What an apply or an undo did: rows written, rows reported because the product changed meanwhile. */
export const bulkReportSchema = z.object({ written: int, changed: int, gone: int });
export type BulkReport = z.infer<typeof bulkReportSchema>;

export const bulkJobSchema = z.object({
  jobId: z.string(),
  fileName: z.string(),
  status: z.enum(BULK_JOB_STATUSES),
  createdAt: instant,
  summary: bulkSummarySchema,
  /** Rows done of the change rows, while applying or undoing. */
  progress: z.object({ done: int, total: int }),
  appliedAt: z.optional(instant),
  undoneAt: z.optional(instant),
  /** Until when Undo is offered (the apply's end + 24 h), while this is the vendor's last applied job. */
  undoUntil: z.optional(instant),
  applyReport: z.optional(bulkReportSchema),
  undoReport: z.optional(bulkReportSchema),
  /** The rows that change or have an error (unchanged rows are only counted), in file order. */
  rows: z.array(bulkRowSchema),
});
export type BulkJob = z.infer<typeof bulkJobSchema>;

/** `GET /api/inventory/bulk/last`: the vendor's last job, if any. */
export const bulkLastSchema = z.object({ job: z.nullable(bulkJobSchema) });
export type BulkLast = z.infer<typeof bulkLastSchema>;
