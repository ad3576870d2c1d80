/**
 * The names of a product's coded values (issue 24, item 12), one place for the vendor's item form and
 * the ops console's product review: a product type, a unit of measure, an allergen, a yes/no answer,
 * a measuring unit, a country. The locale keys are the portal's (en.json, zh-TW.json); the console's
 * translation falls back to them (admin-i18n.ts), so both screens say the same words.
 */
import type { ProductContent } from '@contracts/listings/schema';

/** Each coded field of the item form and its locale keys' prefix (`product_type_beverages`, `unit_box`, ...). */
const LABEL_PREFIX = {
  productType: 'product_type_',
  unitOfMeasure: 'unit_',
  allergens: 'allergen_',
  hasAllergens: '',
  weightUnit: 'weight_unit_',
  volumeUnit: 'volume_unit_',
  dimensionUnit: 'length_unit_',
} as const satisfies Partial<Record<keyof ProductContent, string>>;
export type CodedProductField = keyof typeof LABEL_PREFIX;

/** The locale key naming `code` of `field` ('yes'/'no' are the portal's own `yes` and `no`). */
export const productValueKey = (field: CodedProductField, code: string): string => `${LABEL_PREFIX[field]}${code}`;

/** A list of names as the language writes one (allergens): 'Milk, Eggs' / '牛奶、蛋'. */
export const listText = (names: readonly string[], language: string): string => names.join(language.startsWith('zh') ? '、' : ', ');

/** A country's name in `locale` (Intl.DisplayNames), the code only where Intl has none. */
export function countryName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/*
 * Country of origin: the ISO 3166-1 alpha-2 codes (what the schema stores), named with
 * Intl.DisplayNames in the vendor's language and sorted by that name.
 */
const CODES =
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW';

export const COUNTRY_CODES: readonly string[] = CODES.split(' ');

/** `[code, name]` for every country, sorted by name in `locale` (the code stands in where Intl has no name). */
export function countryOptions(locale: string): [code: string, name: string][] {
  const collator = new Intl.Collator(locale);
  return COUNTRY_CODES.map((code): [string, string] => [code, countryName(code, locale)]).sort((a, b) => collator.compare(a[1], b[1]));
}
