/**
 * A product's two names in the reader's language first (issue 24, item 19): in zh-TW the Chinese name
 * leads wherever both exist (lists, dialogs, notifications, e-mails), in English the English one. One
 * helper for the web and the Lambdas; no dependencies.
 */

/** The languages a name is written in (contracts/languages.ts's, as BCP 47 tags for `lang`). */
export type NameLanguage = 'en' | 'zh-TW';

export interface ProductNames {
  nameEn?: string | null;
  nameZh?: string | null;
}

export interface ShownName {
  text: string;
  lang: NameLanguage;
}

/**
 * Both names, the reader's language first: `first` is null only when the product has no name at all;
 * `second` is the other name when it exists and differs.
 */
export function namesInOrder(names: ProductNames, language: string): { first: ShownName | null; second: ShownName | null } {
  const en = names.nameEn?.trim() ? { text: names.nameEn.trim(), lang: 'en' as const } : null;
  const zh = names.nameZh?.trim() ? { text: names.nameZh.trim(), lang: 'zh-TW' as const } : null;
  const [preferred, other] = language.startsWith('zh') ? [zh, en] : [en, zh];
  const first = preferred ?? other;
  const second = preferred && other && other.text !== preferred.text ? other : null;
  return { first, second };
}

/** The one name to call a product by in `language` (the other when its own is missing), else `fallback` (e.g. its SKU). */
export function productNameIn(names: ProductNames, language: string, fallback = ''): string {
  return namesInOrder(names, language).first?.text ?? fallback;
}
