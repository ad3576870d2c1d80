import * as z from 'zod';

import { SUPPORT_CATEGORIES, SUPPORT_MESSAGE_MAX } from './categories';

export { SUPPORT_CASES_PER_HOUR, SUPPORT_CATEGORIES, SUPPORT_MESSAGE_MAX, type SupportCategory } from './categories';

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
