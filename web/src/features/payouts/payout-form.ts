/**
 * The payout-method forms' checks, in the wizard's order, with the spec's messages (as i18n keys; the
 * English texts are the spec's and match the server's, lambdas/payouts/destination.ts).
 */

export type PayoutMessageKey =
  | 'please_enter_valid_email'
  | 'please_select_country_currency'
  | 'please_fill_business_details'
  | 'please_fill_account_details'
  | 'please_enter_valid_swift'
  | 'please_enter_valid_iban'
  | 'error_saving_bank_account';

export const isEmail = (value: string): boolean =>
  value.length <= 254 && /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/.test(value);

export const isSwiftBic = (value: string): boolean => /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(value.replace(/[\s-]+/g, '').toUpperCase());

export function emailProblem(email: string): PayoutMessageKey | null {
  return isEmail(email.trim()) ? null : 'please_enter_valid_email';
}

export type WizardStep = 'type' | 'business' | 'account' | 'review';
export const WIZARD_STEPS: readonly WizardStep[] = ['type', 'business', 'account', 'review'];

export interface BankDraft {
  accountType: 'business' | 'personal';
  country: string;
  currency: string;
  phone: string;
  street: string;
  addressMore: string;
  city: string;
  postalCode: string;
  businessCountry: string;
  bankName: string;
  accountHolderName: string;
  accountNumber: string;
  swiftBic: string;
  confirmed: boolean;
}

export const emptyBankDraft = (): BankDraft => ({
  accountType: 'business',
  country: '',
  currency: '',
  phone: '',
  street: '',
  addressMore: '',
  city: '',
  postalCode: '',
  businessCountry: '',
  bankName: '',
  accountHolderName: '',
  accountNumber: '',
  swiftBic: '',
  confirmed: false,
});

const filled = (s: string) => s.trim().length > 0;

/** What stops the vendor leaving `step` (null: nothing). */
export function stepProblem(step: WizardStep, d: BankDraft): PayoutMessageKey | null {
  switch (step) {
    case 'type':
      return d.country && d.currency ? null : 'please_select_country_currency';
    case 'business':
      return [d.phone, d.street, d.city, d.postalCode, d.businessCountry].every(filled) ? null : 'please_fill_business_details';
    case 'account':
      if (![d.bankName, d.accountHolderName, d.accountNumber, d.swiftBic].every(filled) || !d.confirmed) return 'please_fill_account_details';
      return isSwiftBic(d.swiftBic) ? null : 'please_enter_valid_swift';
    case 'review':
      return null;
  }
}

/** The PUT body for a finished draft. */
export function bankBody(d: BankDraft) {
  return {
    method: 'bank' as const,
    accountType: d.accountType,
    country: d.country,
    currency: d.currency,
    business: {
      phone: d.phone.trim(),
      street: d.street.trim(),
      ...(filled(d.addressMore) ? { addressMore: d.addressMore.trim() } : {}),
      city: d.city.trim(),
      postalCode: d.postalCode.trim(),
      country: d.businessCountry,
    },
    bankName: d.bankName.trim(),
    accountHolderName: d.accountHolderName.trim(),
    accountNumber: d.accountNumber.trim(),
    swiftBic: d.swiftBic.trim(),
    confirmed: d.confirmed,
  };
}

/** The wizard step a server 400 points at, and its message in the vendor's language. */
export function serverProblem(code: string): { step: WizardStep | 'email'; key: PayoutMessageKey } | null {
  switch (code) {
    case 'invalid_email':
      return { step: 'email', key: 'please_enter_valid_email' };
    case 'invalid_country_currency':
      return { step: 'type', key: 'please_select_country_currency' };
    case 'invalid_business_details':
      return { step: 'business', key: 'please_fill_business_details' };
    case 'invalid_account_details':
    case 'invalid_account_number':
      return { step: 'account', key: 'please_fill_account_details' };
    case 'invalid_swift_bic':
      return { step: 'account', key: 'please_enter_valid_swift' };
    case 'invalid_iban':
      return { step: 'account', key: 'please_enter_valid_iban' };
    default:
      return null;
  }
}

/** Countries offered for bank accounts and addresses (ISO 3166 alpha-2) and currencies (ISO 4217). */
export const BANK_COUNTRIES = ['US', 'CA', 'MX', 'GB', 'DE', 'FR', 'NL', 'ES', 'IT', 'IE', 'AT', 'BE', 'CH', 'TW', 'JP', 'KR', 'HK', 'SG', 'AU', 'NZ'] as const;
export const CURRENCIES = ['USD', 'CAD', 'MXN', 'GBP', 'EUR', 'CHF', 'TWD', 'JPY', 'KRW', 'HKD', 'SGD', 'AUD', 'NZD'] as const;

/** Months for the period filter, newest first: the current month (UTC) and the 23 before it (the API keeps two years). */
export function periodMonths(now: Date = new Date(), count = 24): string[] {
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1));
    out.push(`${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`);
  }
  return out;
}

export const isMonth = (value: string | null): value is string => value !== null && /^\d{4}-(0[1-9]|1[0-2])$/.test(value);
