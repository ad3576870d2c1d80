import type { Language } from '../../i18n/language';
import { intlLocale } from '../../lib/format';

/** How long something has waited, in the largest whole unit: minutes under an hour, hours under two days, else days. */
export function waitingAge(since: string, now: string): { value: number; unit: 'minute' | 'hour' | 'day' } {
  const minutes = Math.max(0, Math.floor((Date.parse(now) - Date.parse(since)) / 60_000));
  if (minutes < 60) return { value: minutes, unit: 'minute' };
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return { value: hours, unit: 'hour' };
  return { value: Math.floor(hours / 24), unit: 'day' };
}

/** "3 days", "4 hours", "25 minutes" (waitingAge) in a language. */
export function formatAge(since: string, now: string, language: Language): string {
  const { value, unit } = waitingAge(since, now);
  return new Intl.NumberFormat(intlLocale(language), { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}
