import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type en from './en.json';
import { DEFAULT_LANGUAGE, LANGUAGES, initialLanguage, type Language } from './language';
import { englishStrings } from './strings';

/**
 * i18next with the English texts of the code that is loaded: each module brings its slice of en.json
 * (strings.ts; issue 24, item 27: the whole file was ~17 KB gzip of the entry, mostly the signed-in
 * pages' texts). zh-TW is fetched whole on first use (a separate chunk), so a first visitor of the
 * login page does not pay for a language they may never pick.
 */
export const i18n = i18next.createInstance();

let allEnglish: Promise<void> | undefined;
/**
 * The safety net behind the slices: a key that no loaded module's slice carried (named in a way the
 * build's scan does not see) fetches all of en.json once and renders again, so a raw key never stays.
 * The locale slice test (test/web/i18n/locale-slices.test.ts) keeps this from happening.
 */
function loadAllEnglish(key: string): void {
  if (allEnglish) return;
  console.error(`Locale key ${key} is in no loaded module's slice of en.json: loading all of it`);
  allEnglish = import('./en.json').then(
    async ({ default: all }) => {
      i18n.addResourceBundle('en', 'translation', all, true, false);
      await i18n.changeLanguage(i18n.language);
    },
    (err: unknown) => console.error('Could not load the English texts', err),
  );
}

void i18n.use(initReactI18next).init({
  resources: { en: { translation: englishStrings(i18n) } },
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
  initAsync: false,
  showSupportNotice: false,
  // Only to hear of a key no slice carried (loadAllEnglish); nothing is saved anywhere.
  saveMissing: true,
  missingKeyHandler: (_languages, _namespace, key) => loadAllEnglish(key),
});

// <html lang> follows the language (spec §4).
const followLanguage = (lng: string) => {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
};
followLanguage(i18n.language);
i18n.on('languageChanged', followLanguage);

const loaders: Record<Language, () => Promise<Record<string, string>>> = {
  // English is there from the start (the loaded modules' slices).
  en: async () => ({}),
  'zh-TW': async () => (await import('./zh-TW.json')).default,
};

/** Switches the UI language, loading its resources first when needed. Does not save anything. */
export async function switchLanguage(language: Language): Promise<void> {
  if (!i18n.hasResourceBundle(language, 'translation')) {
    i18n.addResourceBundle(language, 'translation', await loaders[language]());
  }
  if (i18n.language !== language) await i18n.changeLanguage(language);
}

/**
 * Applies the language a page load starts in (the device's choice, else the browser's; issue 24,
 * item 13), loading zh-TW first when it is that: main.tsx renders once this settles, so a zh-TW
 * visitor never sees an English first paint.
 */
export function startLanguage(): Promise<void> {
  return switchLanguage(initialLanguage()).catch((err: unknown) => console.error('Could not apply the language', err));
}

export type TranslationKey = keyof typeof en;
