/**
 * Bulk price and stock by spreadsheet (issue 15): the zod-free constants the inventory's bulk page
 * and the server share. Answer schemas: ./bulk.ts. Server: lambdas/bulk/.
 */

/** A job's life: dry run done (`ready`), applying, applied; undoing, undone (within UNDO_WINDOW_MS of the apply). */
export const BULK_JOB_STATUSES = ['ready', 'applying', 'applied', 'undoing', 'undone'] as const;
export type BulkJobStatus = (typeof BULK_JOB_STATUSES)[number];

/** What the dry run found for one row of the file. */
export const BULK_ROW_KINDS = ['change', 'unchanged', 'error'] as const;
export type BulkRowKind = (typeof BULK_ROW_KINDS)[number];

/**
 * Why a row of the file cannot be applied (each translated by the web: `inventory.bulk.error.<code>`).
 * A row with an error is never applied; the other rows are.
 */
export const BULK_ROW_ERRORS = [
  'sku_missing',
  'unknown_sku',
  'duplicate_sku',
  'price_format',
  'price_range',
  'compare_at_format',
  'compare_at_not_above',
  'stock_format',
  'negative_stock',
  'stock_range',
] as const;
export type BulkRowError = (typeof BULK_ROW_ERRORS)[number];

/**
 * What happened to a change row when it was applied or undone: `applied` / `undone`, or `changed`:
 * the product was changed by someone else after the dry run (or after the apply, for an undo), so
 * the row was reported and not written.
 */
export const BULK_ROW_OUTCOMES = ['applied', 'changed', 'undone', 'undo_changed', 'gone'] as const;
export type BulkRowOutcome = (typeof BULK_ROW_OUTCOMES)[number];

/** The last bulk change can be undone for this long after its apply finished. */
export const UNDO_WINDOW_MS = 24 * 60 * 60 * 1000;

/** At most this many data rows per file (the catalogue cap). */
export const BULK_MAX_ROWS = 5_000;

/** At most this many bytes per uploaded file (5,000 rows of a few columns fit many times over). */
export const BULK_MAX_FILE_BYTES = 2 * 1024 * 1024;

/** The file's columns, as the export writes them (machine ids; the header row is in the vendor's language). */
export const BULK_COLUMNS = ['sku', 'name', 'price', 'compare_at_price', 'stock'] as const;
export type BulkColumn = (typeof BULK_COLUMNS)[number];
