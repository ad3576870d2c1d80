/** Figures as the e-mails show them, per language. Amounts are integer US cents. */
import type { Language } from '../../../contracts/languages';
import { periodFromId } from '../../payouts/period';
import { MARKETPLACE_TIME_ZONE, localDateTime } from '../../shared/dates';

/** `123456` → `US$1,234.56` (both languages write US dollars this way); negative: `-US$0.05`. */
export function usd(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not an amount in cents: ${cents}`);
  const abs = Math.abs(cents);
  const dollars = Math.trunc(abs / 100).toLocaleString('en-US');
  return `${cents < 0 ? '-' : ''}US$${dollars}.${String(abs % 100).padStart(2, '0')}`;
}

const [EN_MONTHS] = [['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']];

/** A calendar day `yyyy-mm-dd`: `Nov 30, 2026` / `2026年11月30日`. */
export function day(value: string, language: Language): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!m) return value;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return language === 'zh-TW' ? `${y}年${mo}月${d}日` : `${EN_MONTHS[mo - 1]} ${d}, ${y}`;
}

const intlLocale = (language: Language) => (language === 'zh-TW' ? 'zh-TW' : 'en-US');

/**
 * An instant (UTC ISO-8601) on the marketplace's clock with the zone named, as the portal shows it
 * (issue 24, item 14; web/src/lib/format.ts): `Nov 28, 2026, 6:05 AM PST` /
 * `2026年11月28日 上午6:05（太平洋標準時間）` (zh-TW names the zone in words, like the portal).
 */
export function instant(value: string, language: Language, timeZone: string = MARKETPLACE_TIME_ZONE): string {
  const t = new Date(value);
  if (Number.isNaN(t.getTime())) return value;
  const local = localDateTime(t, timeZone);
  const date = day(`${local.year}-${String(local.month).padStart(2, '0')}-${String(local.day).padStart(2, '0')}`, language);
  // Plain spaces: ICU puts a narrow no-break space before AM/PM, which some mail clients show as a box.
  const time = new Intl.DateTimeFormat(intlLocale(language), { hour: 'numeric', minute: '2-digit', timeZone }).format(t).replace(/\s+/g, ' ');
  const zone =
    new Intl.DateTimeFormat(intlLocale(language), { timeZone, timeZoneName: language === 'zh-TW' ? 'long' : 'short' }).formatToParts(t).find((p) => p.type === 'timeZoneName')?.value ?? timeZone;
  return language === 'zh-TW' ? `${date} ${time}（${zone}）` : `${date}, ${time} ${zone}`;
}

/** A payout period id `2026-11-2`: `Nov 16 – Nov 30, 2026` / `2026年11月16日至2026年11月30日`. */
export function period(id: string, language: Language): string {
  const p = periodFromId(id);
  if (!p) return id;
  return language === 'zh-TW' ? `${day(p.from, language)}至${day(p.to, language)}` : `${day(p.from, language).replace(/, \d{4}$/, '')} – ${day(p.to, language)}`;
}
