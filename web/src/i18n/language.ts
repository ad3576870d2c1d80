import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@contracts/languages';

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

/** localStorage key of the language chosen on this device (issue 24, item 13). */
export const LANGUAGE_STORAGE_KEY = 'language';

/**
 * The portal language of a browser's preferences (`navigator.languages`, most preferred first): the
 * first that is English or any Chinese decides — Chinese in any script or region (`zh`, `zh-TW`,
 * `zh-Hant`, `zh-HK`, and also `zh-CN` / `zh-Hans`) is zh-TW, the only Chinese the portal has; when
 * none is, English (spec §9's default).
 */
export function browserLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
    if (primary === 'zh') return 'zh-TW';
    if (primary === 'en') return 'en';
  }
  return DEFAULT_LANGUAGE;
}

/** The language chosen on this device, or null (none, an unknown value, or storage blocked). */
export function storedLanguage(): Language | null {
  try {
    const value = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

/** Remembers a language on this device: a choice, or a signed-in vendor's profile language. */
export function rememberLanguage(language: Language): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Blocked storage: the language holds for this page load only.
  }
}

/**
 * The language a page load starts in (issue 24, item 13): the one remembered on this device, else the
 * browser's. A signed-in vendor's profile language replaces it once the record is read (spec §4).
 */
export function initialLanguage(): Language {
  const preferred = typeof navigator === 'undefined' ? [] : navigator.languages?.length ? navigator.languages : [navigator.language ?? ''];
  return storedLanguage() ?? browserLanguage(preferred);
}

/** The header button's short label: 'EN' or '繁中'. */
export function languageButtonLabel(language: Language): string {
  return language === 'zh-TW' ? '繁中' : 'EN';
}

/** i18n key of a language's name; names are shown in their own language in both locales. */
export function languageNameKey(language: Language): 'language_name_en' | 'language_name_zh_TW' {
  return language === 'zh-TW' ? 'language_name_zh_TW' : 'language_name_en';
}
