/**
 * Typed text as every boundary reads it, zod-free (the pages import it without zod; contracts/values.ts
 * re-exports it for the schemas).
 */
/**
 * What a keyboard, an IME or a spreadsheet types differently, folded before a number (or a code) is
 * read: full-width digits, points and commas (`１８．５０` → `18.50`, NFKC), the minus-like dashes
 * (− ‒ –) as `-`, spaces around (full-width ones too). One helper for every numeric field: the bulk
 * sheet's cells (lambdas/bulk/sheet.ts), the item form's and the offer dialog's numbers
 * (contracts/listings/schema.ts), the low-stock default. Folding only makes them comparable: the
 * field's own pattern still decides (a comma or a minus stays wrong where it was).
 */
export const foldTyped = (text: string): string => text.normalize('NFKC').replace(/[\u2212\u2012\u2013]/g, '-').trim();
