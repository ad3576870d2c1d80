import type { Language } from '../i18n/language';

/**
 * Money, counts, days and times as the vendor reads them, with the browser's Intl: en → US English,
 * zh-TW → Taiwan's Traditional Chinese. Money is integer cents from the API (USD); marketplace days
 * are `yyyy-mm-dd` strings, shown as the calendar day they name whatever the browser's zone.
 *
 * One clock (issue 24, item 14): this is the only module of web/src that formats a date or a time
 * (test/web/lib/one-clock.test.tsx forbids `Intl.DateTimeFormat`, `toLocale*String` and the Date's
 * local-zone getters elsewhere). Every instant is shown in the marketplace's zone (`/config.json`
 * `marketplaceTimeZone`, lib/marketplace.ts), never the browser's, and with the zone's name.
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

/**
 * An instant (ISO-8601 UTC) as date and time in a time zone, the time with the zone's short name (issue
 * 24, item 14: every time shown is labelled): { date: "Nov 20, 2026", time: "6:39 PM PST" } /
 * { date: "2026年11月20日", time: "下午6:39 [太平洋標準時間]" }.
 */
export function formatDateTime(instant: string, language: Language, timeZone: string): { date: string; time: string } {
  const at = new Date(instant);
  return {
    date: dateFormat(language, { dateStyle: 'medium', timeZone }).format(at),
    time: dateFormat(language, { hour: 'numeric', minute: '2-digit', timeZone, timeZoneName: zoneName(language) }).format(at),
  };
}

/**
 * How a time names its zone: English readers know "PST" / "PDT"; zh-TW's short names are the same
 * Latin letters, so zh-TW says it in words ("太平洋標準時間" / "太平洋夏令時間"). Both tell standard from
 * daylight time, so the hour repeated in November is never ambiguous.
 */
const zoneName = (language: Language): 'short' | 'long' => (language === 'zh-TW' ? 'long' : 'short');

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

/**
 * A moment (UTC ISO-8601) as date, time and the zone's short name, in the marketplace's zone (issue 24,
 * item 14: one clock for every screen, whatever the browser's zone): "Nov 19, 2026, 6:39 PM PST" /
 * "2026年11月19日 下午6:39 [太平洋標準時間]". Until /config.json is read the zone is unknown: then UTC, labelled
 * as such, never the browser's zone.
 */
export function formatInstant(instant: string, language: Language, timeZone: string | undefined): string {
  return dateFormat(language, { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: timeZone ?? 'UTC', timeZoneName: zoneName(language) }).format(
    new Date(instant),
  );
}

/** A month `yyyy-mm` by name: "November 2026" / "2026年11月". */
export function formatMonth(month: string, language: Language): string {
  return dateFormat(language, { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(`${month}-15T12:00:00Z`));
}

/** The calendar day (`yyyy-mm-dd`) of an instant in a zone: the marketplace's "today" is `dayIn(new Date(), zone)`. */
export function dayIn(at: Date, timeZone: string): string {
  const parts: Record<string, string> = {};
  for (const p of dateFormat('en', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(at)) parts[p.type] = p.value;
  return `${parts.year}-${parts.month}-${parts.day}`;
}
