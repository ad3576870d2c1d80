/**
 * The value schemas every answer is built from: money in integer cents, UTC ISO instants, calendar
 * days (`yyyy-mm-dd`, a real date). Plain zod (`zod/mini`: the answer schemas ride in the web's route chunks, which carry no full zod;
 * docs/web.md, "Weight"), for the server's answers and the web's parsing alike.
 */
import * as z from 'zod/mini';
import { isCalendarDay } from './calendar-day';
import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacters } from './typed-text';

// The zod-free text and day helpers (pages import them without zod); everything stays importable from here.
export * from './typed-text';
export { isCalendarDay };

/** An exact integer (counts, quantities): what JSON numbers from the API must be. */
export const int = z.number().check(z.refine(Number.isSafeInteger, 'must be a safe integer'));

/** Money: integer cents. */
export const cents = int;

/** A `yyyy-mm-dd` that is a real date. */
export const calendarDay = z.string().check(z.refine(isCalendarDay, 'must be a calendar day, yyyy-mm-dd'));

/** An instant the browser can read (the API sends UTC ISO-8601, e.g. `2026-03-08T09:30:00.000Z`). */
export const instant = z.string().check(z.refine((s) => !Number.isNaN(Date.parse(s)), 'must be an ISO-8601 time'));

/**
 * The one refinement of every name and subject (issue 24, item 4): no line break, NUL or other
 * C0/C1 control character (`hasControlCharacters`); its message is the key `error_control_characters`.
 * Used by the business name at sign-up (the web's form and the post-confirmation trigger), the
 * product names (contracts/listings/schema.ts). A `zod/mini` check: full zod schemas take it too (`.check(noControlCharacters)`).
 */
export const noControlCharacters = z.refine<string>((text) => !hasControlCharacters(text), CONTROL_CHARACTERS_MESSAGE);
