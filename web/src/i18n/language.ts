import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../../contracts/languages';

export { DEFAULT_LANGUAGE, LANGUAGES, type Language };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The language to apply for a vendor's stored preference: the stored value only when it is exactly
 * 'en' or 'zh-TW' (no case folding, no 'zh' or 'zh-Hant' guessing), otherwise the default (spec §5).
 */
export function languageToApply(stored: unknown): Language {
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

/** The header button's short label: 'EN' or '繁中'. */
export function languageButtonLabel(language: Language): string {
  return language === 'zh-TW' ? '繁中' : 'EN';
}

/** i18n key of a language's name; names are shown in their own language in both locales. */
export function languageNameKey(language: Language): 'language_name_en' | 'language_name_zh_TW' {
  return language === 'zh-TW' ? 'language_name_zh_TW' : 'language_name_en';
}
