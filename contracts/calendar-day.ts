/**
 * Calendar days as the API writes them, zod-free (the pages import it without zod; contracts/values.ts
 * re-exports it for the schemas): one check for the server's `calendarDay` schema and the web's
 * filters and texts (issue 25: the web had its own copies).
 */
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar day written `yyyy-mm-dd` (not `2026-02-30`). */
export function isCalendarDay(value: string): boolean {
  const m = DAY.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}
