import * as z from 'zod';

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

/** POST /api/support — the same body the web dialog sends. */
export const supportCaseBody = z.strictObject({
  category: z.enum(SUPPORT_CATEGORIES),
  message: z
    .string()
    .trim()
    .min(1, 'Please enter a message')
    .max(SUPPORT_MESSAGE_MAX, `The message can be at most ${SUPPORT_MESSAGE_MAX} characters`),
  vendorId: z.string().min(1),
});
export type SupportCaseBody = z.infer<typeof supportCaseBody>;
