/**
 * Support constants without zod, so the web's support dialog can import them without pulling the
 * schema library into its chunk. The schema (contracts/support/schema.ts) builds on them.
 */

/** The eight support categories of spec §3; the keys are also the i18n keys of their labels. */
export const SUPPORT_CATEGORIES = [
  'add_remove_product',
  'payouts_category',
  'title_image_description_update',
  'send_product_to_warehouse',
  'inventory_category',
  'ask_question',
  'suggest_improvement',
  'report_bug',
] as const;
export type SupportCategory = (typeof SUPPORT_CATEGORIES)[number];

export const SUPPORT_MESSAGE_MAX = 5_000;
/** At most this many cases per vendor in any rolling hour. */
export const SUPPORT_CASES_PER_HOUR = 10;
