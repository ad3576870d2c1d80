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

/**
 * Control characters: C0 (NUL, CR, LF, TAB, ESC …), DEL and C1 (NEL …), and the Unicode line and
 * paragraph separators. None belongs in a name or a subject: a line break there splits an e-mail
 * header or a CSV row, a NUL truncates, an escape sequence paints a terminal (issue 24, item 4).
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
// eslint-disable-next-line no-control-regex -- as above
const CONTROL_CHARACTERS_ALL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

export const hasControlCharacters = (text: string): boolean => CONTROL_CHARACTERS.test(text);

/** The i18n key (web/src/i18n) of a name or subject refused for its control characters. */
export const CONTROL_CHARACTERS_MESSAGE = 'error_control_characters';

/**
 * A subject line as it leaves for SES or SNS: each run of control characters a single space, the
 * ends trimmed. Defence in depth behind the schemas that refuse them in names and subjects: a value
 * stored before them (or from elsewhere) still cannot add a header line.
 */
export const oneLine = (text: string): string => text.replace(CONTROL_CHARACTERS_ALL, ' ').replace(/ {2,}/g, ' ').trim();
