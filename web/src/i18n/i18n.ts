import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './en.json';
import { DEFAULT_LANGUAGE, LANGUAGES, initialLanguage, type Language } from './language';

/**
 * i18next with the English resources bundled; zh-TW is fetched on first use (a separate chunk of a
 * few KB), so a first visitor of the login page does not pay for a language they may never pick.
 */
export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en } },
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
  initAsync: false,
  showSupportNotice: false,
});

// <html lang> follows the language (spec §4).
const followLanguage = (lng: string) => {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
};
followLanguage(i18n.language);
i18n.on('languageChanged', followLanguage);

const loaders: Record<Language, () => Promise<Record<string, string>>> = {
  en: async () => en,
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
