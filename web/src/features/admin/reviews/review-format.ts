import type { Language } from '../../../i18n/language';
import { intlLocale } from '../../../lib/format';
import { waitingAge } from '../admin-api';

/** "3 days", "4 hours", "25 minutes" (waitingAge, as the Overview says it) in the console's language. */
export function ageFormatter(language: Language): (since: string, now: string) => string {
  return (since, now) => {
    const { value, unit } = waitingAge(since, now);
    return new Intl.NumberFormat(intlLocale(language), { style: 'unit', unit, unitDisplay: 'long' }).format(value);
  };
}
