import { languageToApply } from '../../i18n/language';
import { formatDateTime, formatInstant } from '../../lib/format';
import { useMarketplaceTimeZone } from '../../lib/marketplace';
import { useAdminTranslation } from './admin-i18n';
import { formatAge } from './waiting-age';

/**
 * Times and ages as every console screen shows them: in the marketplace's zone (as every screen,
 * lib/format.ts), in the console's language.
 */
export function useAdminFormat() {
  const { i18n } = useAdminTranslation();
  const language = languageToApply(i18n.language);
  const timeZone = useMarketplaceTimeZone();
  return {
    language,
    timeZone,
    /** Date and time with the zone's name in one string (lib/format.ts formatInstant). */
    instant: (iso: string): string => formatInstant(iso, language, timeZone),
    /** "date time" in the marketplace zone; the instant itself until the zone is known. */
    dateTime(iso: string): string {
      if (!timeZone) return iso;
      const { date, time } = formatDateTime(iso, language, timeZone);
      return `${date} ${time}`;
    },
    age: (since: string, now: string): string => formatAge(since, now, language),
  };
}
