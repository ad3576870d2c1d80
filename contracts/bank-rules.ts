/**
 * The bank-account checks field by field, shared by the browser's wizard (web/src/features/payouts)
 * and the server (destination.ts), so the two agree on every value. No dependencies: the web bundles it.
 */

/** The wizard's steps that have fields (the fourth, review, has none). */
export type BankStep = 'type' | 'business' | 'account';

/** The wizard's values, flat (the server's body nests the business address; destination.ts flattens it). */
export interface BankFields {
  accountType?: string | undefined;
  country?: string | undefined;
  currency?: string | undefined;
  phone?: string | undefined;
  street?: string | undefined;
  addressMore?: string | undefined;
  city?: string | undefined;
  postalCode?: string | undefined;
  businessCountry?: string | undefined;
  bankName?: string | undefined;
  accountHolderName?: string | undefined;
  accountNumber?: string | undefined;
  swiftBic?: string | undefined;
  confirmed?: boolean | undefined;
}
export type BankField = keyof BankFields;

/** What is wrong with one field. */
export type BankFieldProblem =
  | 'required'
  | 'not_confirmed'
  | 'invalid_phone'
  | 'invalid_postal_code'
  | 'invalid_swift_bic'
  | 'invalid_iban'
  | 'invalid_account_number';

/** The fields of each step, in the order the wizard shows them. */
export const BANK_STEP_FIELDS: Readonly<Record<BankStep, readonly BankField[]>> = {
  type: ['accountType', 'country', 'currency'],
  business: ['phone', 'street', 'addressMore', 'city', 'postalCode', 'businessCountry'],
  account: ['bankName', 'accountHolderName', 'accountNumber', 'swiftBic', 'confirmed'],
};

/** Spaces and dashes out, upper case: how account numbers, IBANs and SWIFT/BIC codes are compared and stored. */
export const compactCode = (s: string): string => s.replace(/[\s-]+/g, '').toUpperCase();

const filled = (s: string | undefined): s is string => typeof s === 'string' && s.trim().length > 0;

/** SWIFT/BIC (ISO 9362): 4 letters bank, 2 letters country, 2 letters/digits location, optional 3 branch; 8 or 11 characters. */
export const isSwiftBic = (value: string): boolean => /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(value);

/** Countries that use IBANs, with the IBAN length (SWIFT IBAN registry). */
export const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AD: 24, AE: 23, AL: 28, AT: 20, AZ: 28, BA: 20, BE: 16, BG: 22, BH: 22, BR: 29, BY: 28, CH: 21, CR: 22, CY: 28,
  CZ: 24, DE: 22, DK: 18, DO: 28, EE: 20, EG: 29, ES: 24, FI: 18, FO: 18, FR: 27, GB: 22, GE: 22, GI: 23, GL: 18,
  GR: 27, GT: 28, HR: 21, HU: 28, IE: 22, IL: 23, IQ: 23, IS: 26, IT: 27, JO: 30, KW: 30, KZ: 20, LB: 28, LC: 32,
  LI: 21, LT: 20, LU: 20, LV: 21, MC: 27, MD: 24, ME: 22, MK: 19, MR: 27, MT: 31, MU: 30, NL: 18, NO: 15, PK: 24,
  PL: 28, PS: 29, PT: 25, QA: 29, RO: 24, RS: 22, SA: 24, SC: 31, SE: 24, SI: 19, SK: 24, SM: 27, ST: 25, SV: 28,
  TL: 23, TN: 24, TR: 26, UA: 29, VA: 22, VG: 24, XK: 20,
};

export const usesIban = (country: string): boolean => IBAN_LENGTHS[country] !== undefined;

/** ISO 13616 (compacted value): right length for its country, and mod-97 of the rearranged number is 1. */
export function isIban(value: string, country?: string): boolean {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(value)) return false;
  const cc = value.slice(0, 2);
  if (country && cc !== country) return false;
  if (IBAN_LENGTHS[cc] !== value.length) return false;
  const digits = (value.slice(4) + value.slice(0, 4)).replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let rest = 0;
  for (let i = 0; i < digits.length; i += 7) rest = Number(String(rest) + digits.slice(i, i + 7)) % 97;
  return rest === 1;
}

/**
 * A phone number as people type it, E.164 underneath: an optional leading `+`, then digits with
 * spaces, dashes, dots or parentheses between them; 7 to 15 digits in all.
 */
export function isPhone(value: string): boolean {
  const v = value.trim();
  if (!/^\+?[\d\s().-]+$/.test(v) || !/\d/.test(v.charAt(v.length - 1))) return false;
  const digits = v.replace(/\D/g, '').length;
  return digits >= 7 && digits <= 15;
}

/** Postal code formats of the countries the wizard offers (upper-cased input); others use GENERIC_POSTAL_CODE. */
export const POSTAL_CODE_PATTERNS: Readonly<Record<string, RegExp>> = {
  US: /^\d{5}(-\d{4})?$/,
  CA: /^[ABCEGHJ-NPRSTVXY]\d[A-Z] ?\d[A-Z]\d$/,
  MX: /^\d{5}$/,
  GB: /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/,
  DE: /^\d{5}$/,
  FR: /^\d{5}$/,
  NL: /^\d{4} ?[A-Z]{2}$/,
  ES: /^\d{5}$/,
  IT: /^\d{5}$/,
  IE: /^[A-Z]\d[\dW] ?[\dA-Z]{4}$/,
  AT: /^\d{4}$/,
  BE: /^\d{4}$/,
  CH: /^\d{4}$/,
  TW: /^\d{3}(\d{2,3})?$/,
  JP: /^\d{3}-?\d{4}$/,
  KR: /^\d{5}$/,
  SG: /^\d{6}$/,
  AU: /^\d{4}$/,
  NZ: /^\d{4}$/,
};
/** Anywhere else (Hong Kong has no postal codes; vendors write what their bank has on file): 2–10 letters, digits, spaces or dashes. */
export const GENERIC_POSTAL_CODE = /^[A-Z0-9][A-Z0-9 -]{0,8}[A-Z0-9]$/;

export function isPostalCode(value: string, country: string): boolean {
  const v = value.trim().toUpperCase();
  return (POSTAL_CODE_PATTERNS[country] ?? GENERIC_POSTAL_CODE).test(v);
}

const isCountry = (s: string | undefined) => filled(s) && /^[A-Z]{2}$/.test(s.trim().toUpperCase());

/**
 * The problems of one step's fields (an empty object: the step can be left). Missing values are
 * `required` (the confirmation `not_confirmed`); a filled value in the wrong format says which format.
 */
export function bankStepProblems(step: BankStep, d: BankFields): Partial<Record<BankField, BankFieldProblem>> {
  const out: Partial<Record<BankField, BankFieldProblem>> = {};
  const need = (field: BankField, ok: boolean) => {
    if (!ok) out[field] = 'required';
  };
  switch (step) {
    case 'type':
      need('accountType', d.accountType === 'business' || d.accountType === 'personal');
      need('country', isCountry(d.country));
      need('currency', filled(d.currency) && /^[A-Z]{3}$/.test(d.currency.trim().toUpperCase()));
      break;
    case 'business': {
      need('phone', filled(d.phone));
      need('street', filled(d.street));
      need('city', filled(d.city));
      need('postalCode', filled(d.postalCode));
      need('businessCountry', isCountry(d.businessCountry));
      if (filled(d.phone) && !isPhone(d.phone)) out.phone = 'invalid_phone';
      const country = (d.businessCountry ?? '').trim().toUpperCase();
      if (filled(d.postalCode) && isCountry(country) && !isPostalCode(d.postalCode, country)) out.postalCode = 'invalid_postal_code';
      break;
    }
    case 'account': {
      need('bankName', filled(d.bankName));
      need('accountHolderName', filled(d.accountHolderName));
      need('accountNumber', filled(d.accountNumber));
      need('swiftBic', filled(d.swiftBic));
      if (d.confirmed !== true) out.confirmed = 'not_confirmed';
      const country = (d.country ?? '').trim().toUpperCase();
      if (filled(d.accountNumber)) {
        const number = compactCode(d.accountNumber);
        if (usesIban(country) ? !isIban(number, country) : !/^[A-Z0-9]{4,34}$/.test(number)) out.accountNumber = usesIban(country) ? 'invalid_iban' : 'invalid_account_number';
      }
      if (filled(d.swiftBic) && !isSwiftBic(compactCode(d.swiftBic))) out.swiftBic = 'invalid_swift_bic';
      break;
    }
  }
  return out;
}

/** The first problem in the order the server reports them: anything missing, then the formats in field order. */
export function firstStepProblem(problems: Partial<Record<BankField, BankFieldProblem>>, step: BankStep): BankFieldProblem | null {
  const found = BANK_STEP_FIELDS[step].map((f) => problems[f]).filter((p): p is BankFieldProblem => p !== undefined);
  return found.find((p) => p === 'required' || p === 'not_confirmed') ?? found[0] ?? null;
}
