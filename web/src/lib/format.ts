import type { Language } from '../i18n/language';

/**
 * Money, counts and dates as the vendor reads them, with the browser's Intl: en → US English,
 * zh-TW → Taiwan's Traditional Chinese. Money is integer cents from the API (USD); marketplace days
 * are `yyyy-mm-dd` strings, shown as the calendar day they name whatever the browser's zone.
 */

/** The Intl locale of a portal language. */
export function intlLocale(language: Language): 'en-US' | 'zh-TW' {
  return language === 'zh-TW' ? 'zh-TW' : 'en-US';
}

// Intl constructors are costly (a 30-row table formats ~120 values): keep one per locale and options.
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function numberFormat(language: Language, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${language}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(intlLocale(language), options)));
  return format;
}

function dateFormat(language: Language, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${language}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) dateFormats.set(key, (format = new Intl.DateTimeFormat(intlLocale(language), options)));
  return format;
}

/** `12990` → "$129.90" (en) or "US$129.90" (zh-TW); negative amounts keep their sign ("-$25.00"). */
export function formatMoney(cents: number, language: Language, currency = 'USD'): string {
  return numberFormat(language, { style: 'currency', currency }).format(cents / 100);
}

/** Whole currency units for chart axes: `120000` → "$1,200". */
export function formatMoneyWhole(cents: number, language: Language, currency = 'USD'): string {
  return numberFormat(language, { style: 'currency', currency, maximumFractionDigits: 0, minimumFractionDigits: 0 }).format(cents / 100);
}

/** A count with the locale's grouping: `1234` → "1,234". */
export function formatCount(value: number, language: Language): string {
  return numberFormat(language, {}).format(value);
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar day written `yyyy-mm-dd` (not `2026-02-30`). */
export function isCalendarDay(value: string): boolean {
  const m = DAY.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** Noon UTC of a `yyyy-mm-dd` day: formatted in UTC it is that calendar day in every locale. */
function dayInstant(day: string): Date {
  const m = DAY.exec(day);
  if (!m) throw new RangeError(`Not a day: ${day}`);
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 12));
}

export type DayStyle = 'medium' | 'long' | 'axis' | 'weekday';

const DAY_STYLES: Record<DayStyle, Intl.DateTimeFormatOptions> = {
  /** "Nov 20, 2026" / "2026年11月20日" */
  medium: { dateStyle: 'medium', timeZone: 'UTC' },
  /** "Friday, November 20, 2026" / "2026年11月20日 星期五" */
  long: { dateStyle: 'full', timeZone: 'UTC' },
  /** "11/20" */
  axis: { month: 'numeric', day: 'numeric', timeZone: 'UTC' },
  /** "Fri, Nov 20" / "11月20日 週五" */
  weekday: { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' },
};

/** A marketplace day (`yyyy-mm-dd`) as the calendar day it names. */
export function formatDay(day: string, language: Language, style: DayStyle = 'medium'): string {
  return dateFormat(language, DAY_STYLES[style]).format(dayInstant(day));
}

/** A range of marketplace days, shortened where the locale allows: "Nov 14 – 20, 2026". */
export function formatDayRange(from: string, to: string, language: Language): string {
  if (from === to) return formatDay(from, language);
  return dateFormat(language, DAY_STYLES.medium).formatRange(dayInstant(from), dayInstant(to));
}

/** An instant (ISO-8601 UTC) as date and time in a time zone: "Nov 20, 2026, 6:39 PM". */
export function formatDateTime(instant: string, language: Language, timeZone: string): { date: string; time: string } {
  const at = new Date(instant);
  return {
    date: dateFormat(language, { dateStyle: 'medium', timeZone }).format(at),
    time: dateFormat(language, { timeStyle: 'short', timeZone }).format(at),
  };
}

/** The name of a time zone in the vendor's language: "Pacific Time" / "太平洋時間". */
export function timeZoneLabel(timeZone: string, language: Language, at: Date = new Date()): string {
  try {
    const part = dateFormat(language, { timeZone, timeZoneName: 'longGeneric' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName');
    return part?.value ?? timeZone;
  } catch {
    return timeZone;
  }
}

/** A moment (UTC ISO-8601) as date and time in the browser's zone, in the vendor's language. */
export function formatInstant(instant: string, language: Language): string {
  return dateFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(instant));
}
