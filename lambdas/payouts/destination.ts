/**
 * Payout destinations as vendors enter them: the checks and their messages (spec §3, §5). The
 * account number is validated here and then only stored in the payout-accounts table.
 */
import { BadRequestError } from '../shared/errors';

export const EMAIL_MESSAGE = 'Please enter a valid email address';
export const COUNTRY_CURRENCY_MESSAGE = 'Please select country and currency.';
export const BUSINESS_DETAILS_MESSAGE = 'Please fill all required business details.';
export const ACCOUNT_DETAILS_MESSAGE = 'Please fill all account details and confirm.';
export const SWIFT_MESSAGE = 'Please enter a valid SWIFT/BIC code.';
export const IBAN_MESSAGE = 'Please enter a valid IBAN.';

/** A practical e-mail check (what browsers accept for type=email), not RFC 5322. */
export const isEmail = (value: string): boolean =>
  value.length <= 254 && /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/.test(value);

/** SWIFT/BIC: 4 letters bank, 2 letters country, 2 letters/digits location, optional 3 branch. */
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

/** ISO 13616: right length for its country, and mod-97 of the rearranged number is 1. */
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

const compact = (s: string) => s.replace(/[\s-]+/g, '').toUpperCase();
const filled = (s: string | undefined): s is string => typeof s === 'string' && s.trim().length > 0;

export interface BankInput {
  accountType?: string;
  country?: string;
  currency?: string;
  business?: { phone?: string; street?: string; addressMore?: string; city?: string; postalCode?: string; country?: string };
  bankName?: string;
  accountHolderName?: string;
  accountNumber?: string;
  swiftBic?: string;
  confirmed?: boolean;
}

export interface BankDestination {
  accountType: 'business' | 'personal';
  country: string;
  currency: string;
  business: { phone: string; street: string; addressMore?: string; city: string; postalCode: string; country: string };
  bankName: string;
  accountHolderName: string;
  accountNumber: string;
  swiftBic: string;
}

/** The wizard's checks in its order, with its messages; IBAN where the country uses one. */
export function validateBank(input: BankInput): BankDestination {
  const country = (input.country ?? '').trim().toUpperCase();
  const currency = (input.currency ?? '').trim().toUpperCase();
  const accountType = input.accountType;
  if ((accountType !== 'business' && accountType !== 'personal') || !/^[A-Z]{2}$/.test(country) || !/^[A-Z]{3}$/.test(currency)) {
    throw new BadRequestError(COUNTRY_CURRENCY_MESSAGE, 'invalid_country_currency');
  }
  const b = input.business ?? {};
  const businessCountry = (b.country ?? '').trim().toUpperCase();
  if (!filled(b.phone) || !filled(b.street) || !filled(b.city) || !filled(b.postalCode) || !/^[A-Z]{2}$/.test(businessCountry)) {
    throw new BadRequestError(BUSINESS_DETAILS_MESSAGE, 'invalid_business_details');
  }
  if (!filled(input.bankName) || !filled(input.accountHolderName) || !filled(input.accountNumber) || !filled(input.swiftBic) || input.confirmed !== true) {
    throw new BadRequestError(ACCOUNT_DETAILS_MESSAGE, 'invalid_account_details');
  }
  const swiftBic = compact(input.swiftBic);
  if (!isSwiftBic(swiftBic)) throw new BadRequestError(SWIFT_MESSAGE, 'invalid_swift_bic');
  const accountNumber = compact(input.accountNumber);
  if (IBAN_LENGTHS[country] !== undefined ? !isIban(accountNumber, country) : !/^[A-Z0-9]{4,34}$/.test(accountNumber)) {
    throw new BadRequestError(IBAN_LENGTHS[country] !== undefined ? IBAN_MESSAGE : ACCOUNT_DETAILS_MESSAGE, IBAN_LENGTHS[country] !== undefined ? 'invalid_iban' : 'invalid_account_number');
  }
  return {
    accountType,
    country,
    currency,
    business: {
      phone: b.phone.trim(),
      street: b.street.trim(),
      ...(filled(b.addressMore) ? { addressMore: b.addressMore.trim() } : {}),
      city: b.city.trim(),
      postalCode: b.postalCode.trim(),
      country: businessCountry,
    },
    bankName: input.bankName.trim(),
    accountHolderName: input.accountHolderName.trim(),
    accountNumber,
    swiftBic,
  };
}

export function validateEmail(email: string | undefined): string {
  const value = (email ?? '').trim();
  if (!isEmail(value)) throw new BadRequestError(EMAIL_MESSAGE, 'invalid_email');
  return value.toLowerCase();
}
