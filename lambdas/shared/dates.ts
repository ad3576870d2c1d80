/**
 * Calendar days in the marketplace's time zone, shared by the sales ingest (which day an order
 * counts for) and the read side (Today, 7/15/30 days, the payout date). A "day" is a
 * `yyyy-mm-dd` string; instants are UTC. Only Intl is used: the zone rules come from the runtime's ICU.
 */

import { isCalendarDay } from '../../contracts/calendar-day';
import { DEFAULT_MARKETPLACE_TIME_ZONE, env } from './env';

export { DEFAULT_MARKETPLACE_TIME_ZONE };

/**
 * The marketplace zone of this process: env `MARKETPLACE_TIME_ZONE` (set by the stack), default
 * America/Los_Angeles; read when the module loads (an unknown zone fails every function that uses dates).
 */
export const MARKETPLACE_TIME_ZONE: string = env.marketplaceTimeZone();

/** Payouts run at 02:00 marketplace time on the 15th and on the last day of the month. */
export const PAYOUT_LOCAL_HOUR = 2;

export type Instant = Date | string | number;

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** True for a zone name the runtime knows (`America/Los_Angeles`, `UTC`, ...). */
export function isValidTimeZone(timeZone: string): boolean {
  if (!timeZone) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** True for a real calendar date written `yyyy-mm-dd` (2026-02-29 is not one): the one check the web and the schemas use too. */
export const isDay = isCalendarDay;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

export interface LocalDateTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function toMs(instant: Instant): number {
  const ms = instant instanceof Date ? instant.getTime() : typeof instant === 'number' ? instant : Date.parse(instant);
  if (!Number.isFinite(ms)) throw new RangeError(`Not a valid instant: ${String(instant)}`);
  return ms;
}

/** The wall-clock date and time in `timeZone` at `instant`. */
export function localDateTime(instant: Instant, timeZone: string = MARKETPLACE_TIME_ZONE): LocalDateTime {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(toMs(instant))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    // Some ICU versions render midnight as 24 even with h23.
    hour: parts.hour! % 24,
    minute: parts.minute!,
    second: parts.second!,
  };
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const dayOf = (y: number, m: number, d: number) => `${pad(y, 4)}-${pad(m)}-${pad(d)}`;

function splitDay(day: string): [number, number, number] {
  const m = DAY_PATTERN.exec(day);
  if (!m || !isDay(day)) throw new RangeError(`Not a calendar day (yyyy-mm-dd): ${day}`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

/** The marketplace-local calendar day (`yyyy-mm-dd`) on which `instant` falls. */
export function marketplaceDay(instant: Instant, timeZone: string = MARKETPLACE_TIME_ZONE): string {
  const t = localDateTime(instant, timeZone);
  return dayOf(t.year, t.month, t.day);
}

/** `day` moved by `n` calendar days (negative to go back); independent of any zone. */
export function addDays(day: string, n: number): string {
  const [y, m, d] = splitDay(day);
  const date = new Date(Date.UTC(y, m - 1, d) + n * DAY_MS);
  return dayOf(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
}

/** Calendar days from `from` to `to` (positive when `to` is later). */
export function daysBetween(from: string, to: string): number {
  const [y1, m1, d1] = splitDay(from);
  const [y2, m2, d2] = splitDay(to);
  return Math.round((Date.UTC(y2, m2 - 1, d2) - Date.UTC(y1, m1 - 1, d1)) / DAY_MS);
}

/** `n` consecutive days ending with `lastDay` (oldest first): the 30-day series is `lastDays(today, 30)`. */
export function lastDays(lastDay: string, n: number): string[] {
  return Array.from({ length: n }, (_, i) => addDays(lastDay, i - n + 1));
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Milliseconds to add to UTC to get the zone's wall clock at `ms`. */
function offsetMs(ms: number, timeZone: string): number {
  const t = localDateTime(ms, timeZone);
  const wall = Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second);
  return wall - Math.floor(ms / 1000) * 1000;
}

/**
 * The first instant of the local `day` in `timeZone` (usually local midnight; on a day whose
 * midnight is skipped by a DST change, the first instant that exists). A day's instants are
 * `[startOfDay(day), startOfDay(addDays(day, 1)))`, which is how a day range becomes a UTC key range.
 */
export function startOfDay(day: string, timeZone: string = MARKETPLACE_TIME_ZONE): Date {
  const [y, m, d] = splitDay(day);
  const wallMidnight = Date.UTC(y, m - 1, d);
  let t = wallMidnight - offsetMs(wallMidnight, timeZone);
  t = wallMidnight - offsetMs(t, timeZone);
  if (marketplaceDay(t, timeZone) === day && marketplaceDay(t - 1, timeZone) < day) return new Date(t);
  // Midnight does not exist (or is ambiguous) that day: search for the first instant of the day.
  let lo = wallMidnight - 36 * 3_600_000;
  let hi = wallMidnight + 36 * 3_600_000;
  // Zone transitions fall on whole minutes: search minute by minute.
  while (hi - lo > 60_000) {
    const mid = lo + Math.floor((hi - lo) / 120_000) * 60_000;
    if (marketplaceDay(mid, timeZone) < day) lo = mid;
    else hi = mid;
  }
  return new Date(hi);
}

/** The day on which a payout runs: the 15th or the last day of its month. */
export function isPayoutDay(day: string): boolean {
  const [y, m, d] = splitDay(day);
  return d === 15 || d === daysInMonth(y, m);
}

/**
 * The next payout date (`yyyy-mm-dd`) as a vendor at `now` sees it: the 15th or the last day of
 * the month, whichever comes next in the marketplace zone. On a payout day that day is still "next"
 * until the 02:00 local run; from then on it is the following one.
 */
export function nextPayoutDate(now: Instant = new Date(), timeZone: string = MARKETPLACE_TIME_ZONE): string {
  const t = localDateTime(now, timeZone);
  const last = daysInMonth(t.year, t.month);
  if ((t.day === 15 || t.day === last) && t.hour < PAYOUT_LOCAL_HOUR) return dayOf(t.year, t.month, t.day);
  if (t.day < 15) return dayOf(t.year, t.month, 15);
  if (t.day < last) return dayOf(t.year, t.month, last);
  return t.month === 12 ? dayOf(t.year + 1, 1, 15) : dayOf(t.year, t.month + 1, 15);
}

/**
 * `instant` as the wall-clock time in `timeZone` with its UTC offset, to the second:
 * `2026-03-08T10:04:05-08:00` (ISO-8601, unambiguous in the repeated hour of a DST change).
 * What CSV files for people show, under a header naming the zone.
 */
export function zonedDateTime(instant: Instant, timeZone: string = MARKETPLACE_TIME_ZONE): string {
  const ms = toMs(instant);
  const t = localDateTime(ms, timeZone);
  const offsetMinutes = Math.round(offsetMs(ms, timeZone) / 60_000);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return `${dayOf(t.year, t.month, t.day)}T${pad(t.hour)}:${pad(t.minute)}:${pad(t.second)}${sign}${pad(Math.trunc(abs / 60))}:${pad(abs % 60)}`;
}
