import type { i18n as I18n } from 'i18next';

/**
 * Where the English texts arrive (issue 24, item 27). en.json is not imported whole: the build gives
 * every module that names locale keys a small slice of en.json with exactly those texts, imported
 * ahead of the module's own code (`localeSlices` in web/vite.config.ts), so a text downloads with
 * the code that shows it: the login page's with the entry, the payouts page's with its chunk. Slices
 * of the entry's modules may run before i18n.ts has made the instance; they wait here until it has.
 * Imports nothing at run time, so a slice never pulls anything else into a chunk.
 */
type Strings = Record<string, string>;

const early: Strings = {};
let target: I18n | undefined;

/** A module's slice of en.json (called by the generated slice modules). */
export function addStrings(strings: Strings): void {
  if (target) target.addResourceBundle('en', 'translation', strings, true, false);
  else Object.assign(early, strings);
}

/** The English texts arrived so far, for `init`; every later slice goes straight to `instance`. */
export function englishStrings(instance: I18n): Strings {
  target = instance;
  return early;
}
