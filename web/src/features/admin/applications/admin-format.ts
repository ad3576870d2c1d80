import { languageToApply } from '../../../i18n/language';
import { formatDateTime, intlLocale } from '../../../lib/format';
import { useMarketplaceTimeZone } from '../../../lib/marketplace';
import { waitingAge } from '../admin-api';
import { useAdminTranslation } from '../admin-i18n';

/**
 * Times and ages as the applications and vendor screens show them: in the marketplace's zone (as the
 * Overview), in the console's language. Until /config.json is read, the UTC ISO time.
 */
export function useAdminFormat() {
  const { i18n } = useAdminTranslation();
  const language = languageToApply(i18n.language);
  const timeZone = useMarketplaceTimeZone();
  return {
    language,
    instant(iso: string): string {
      if (!timeZone) return iso;
      const { date, time } = formatDateTime(iso, language, timeZone);
      return `${date} ${time}`;
    },
    age(since: string, now: string): string {
      const { value, unit } = waitingAge(since, now);
      return new Intl.NumberFormat(intlLocale(language), { style: 'unit', unit, unitDisplay: 'long' }).format(value);
    },
  };
}
