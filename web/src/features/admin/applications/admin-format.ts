import { languageToApply } from '../../../i18n/language';
import { formatInstant, intlLocale } from '../../../lib/format';
import { useMarketplaceTimeZone } from '../../../lib/marketplace';
import { waitingAge } from '../admin-api';
import { useAdminTranslation } from '../admin-i18n';

/**
 * Times and ages as the applications and vendor screens show them: in the marketplace's zone with its
 * name (as every screen, lib/format.ts), in the console's language.
 */
export function useAdminFormat() {
  const { i18n } = useAdminTranslation();
  const language = languageToApply(i18n.language);
  const timeZone = useMarketplaceTimeZone();
  return {
    language,
    instant(iso: string): string {
      return formatInstant(iso, language, timeZone);
    },
    age(since: string, now: string): string {
      const { value, unit } = waitingAge(since, now);
      return new Intl.NumberFormat(intlLocale(language), { style: 'unit', unit, unitDisplay: 'long' }).format(value);
    },
  };
}
