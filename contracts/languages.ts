/**
 * The portal's languages (spec §4, §9): en is the default, zh-TW the only other one. The server
 * (what PATCH /api/me accepts, what sign-up stores) and the web (i18next, the language rule) read
 * this one list.
 */
export const LANGUAGES = ['en', 'zh-TW'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
