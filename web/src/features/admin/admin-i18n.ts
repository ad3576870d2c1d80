import { getI18n, useTranslation } from 'react-i18next';
import en from '../../i18n/admin.en.json';
import zhTW from '../../i18n/admin.zh-TW.json';

/**
 * The ops console's texts, in both languages, as the i18next namespace `admin`: they come with the
 * console's chunk, so the entry (which bundles en.json for every visitor) does not carry them. The
 * instance is react-i18next's (the app's, i18n/i18n.ts): importing that module here would make the
 * bundler split the entry into shared chunks, a few hundred bytes more for every visitor.
 */
const i18n = getI18n();
i18n.addResourceBundle('en', 'admin', en, true, true);
i18n.addResourceBundle('zh-TW', 'admin', zhTW, true, true);

/** useTranslation for the console: its own `admin` texts first, then the portal's (log out, try again, ...). */
export function useAdminTranslation() {
  return useTranslation(['admin', 'translation'], { nsMode: 'fallback' });
}
