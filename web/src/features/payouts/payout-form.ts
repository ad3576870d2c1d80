/**
 * The payout-method forms' checks, in the wizard's order, with the spec's messages (as i18n keys; the
 * English texts are the spec's and match the server's, lambdas/payouts/destination.ts). The checks
 * themselves are the server's: contracts/bank-rules.ts and contracts/email.ts.
 */
import {
  bankStepProblems,
  compactCode,
  firstStepProblem,
  isSwiftBic as isCompactSwiftBic,
  type BankFieldProblem,
  type BankStep,
} from '@contracts/bank-rules';
import { isEmail } from '@contracts/email';
import type { PayoutMethodBody } from '@contracts/payout-destination';

export { isEmail };

export type PayoutMessageKey =
  | 'please_enter_valid_email'
  | 'please_select_country_currency'
  | 'please_fill_business_details'
  | 'please_fill_account_details'
  | 'please_enter_valid_swift'
  | 'please_enter_valid_iban'
  | 'please_enter_valid_phone'
  | 'please_enter_valid_postal_code'
  | 'please_enter_valid_account_number'
  | 'error_saving_bank_account';

/** What is said next to one field of the wizard. */
export type FieldMessageKey = Exclude<PayoutMessageKey, 'error_saving_bank_account' | 'please_enter_valid_email'> | 'bank_field_required' | 'bank_confirm_required';

/** SWIFT/BIC as typed (spaces, dashes and lower case allowed). */
export const isSwiftBic = (value: string): boolean => isCompactSwiftBic(compactCode(value));

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

const FIELD_MESSAGES: Record<BankFieldProblem, FieldMessageKey> = {
  required: 'bank_field_required',
  not_confirmed: 'bank_confirm_required',
  invalid_phone: 'please_enter_valid_phone',
  invalid_postal_code: 'please_enter_valid_postal_code',
  invalid_swift_bic: 'please_enter_valid_swift',
  invalid_iban: 'please_enter_valid_iban',
  invalid_account_number: 'please_enter_valid_account_number',
};

/** The step's message for its first problem: the spec's for anything missing, else the format's. */
const STEP_MESSAGES: Record<BankStep, (p: BankFieldProblem) => PayoutMessageKey> = {
  type: () => 'please_select_country_currency',
  business: (p) => (p === 'required' ? 'please_fill_business_details' : (FIELD_MESSAGES[p] as PayoutMessageKey)),
  account: (p) => (p === 'required' || p === 'not_confirmed' ? 'please_fill_account_details' : (FIELD_MESSAGES[p] as PayoutMessageKey)),
};

/** What is wrong with each field of `step` (empty: the step can be left), as the messages shown next to them. */
export function stepFieldProblems(step: WizardStep, d: BankDraft): Partial<Record<keyof BankDraft, FieldMessageKey>> {
  if (step === 'review') return {};
  const out: Partial<Record<keyof BankDraft, FieldMessageKey>> = {};
  for (const [field, problem] of Object.entries(bankStepProblems(step, d))) out[field as keyof BankDraft] = FIELD_MESSAGES[problem];
  return out;
}

/** What stops the vendor leaving `step` (null: nothing): the step's one message, the server's for the same values. */
export function stepProblem(step: WizardStep, d: BankDraft): PayoutMessageKey | null {
  if (step === 'review') return null;
  const first = firstStepProblem(bankStepProblems(step, d), step);
  return first ? STEP_MESSAGES[step](first) : null;
}

/** The PUT body for a finished draft (the contract's, contracts/payout-destination.ts). */
export function bankBody(d: BankDraft): Extract<PayoutMethodBody, { method: 'bank' }> {
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

/** The wizard step (and field, where one) a server 400 points at, and its message in the vendor's language. */
export function serverProblem(code: string): { step: WizardStep | 'email'; key: PayoutMessageKey; field?: keyof BankDraft } | null {
  switch (code) {
    case 'invalid_email':
      return { step: 'email', key: 'please_enter_valid_email' };
    case 'invalid_country_currency':
      return { step: 'type', key: 'please_select_country_currency' };
    case 'invalid_business_details':
      return { step: 'business', key: 'please_fill_business_details' };
    case 'invalid_phone':
      return { step: 'business', key: 'please_enter_valid_phone', field: 'phone' };
    case 'invalid_postal_code':
      return { step: 'business', key: 'please_enter_valid_postal_code', field: 'postalCode' };
    case 'invalid_account_details':
      return { step: 'account', key: 'please_fill_account_details' };
    case 'invalid_account_number':
      return { step: 'account', key: 'please_enter_valid_account_number', field: 'accountNumber' };
    case 'invalid_swift_bic':
      return { step: 'account', key: 'please_enter_valid_swift', field: 'swiftBic' };
    case 'invalid_iban':
      return { step: 'account', key: 'please_enter_valid_iban', field: 'accountNumber' };
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
