/**
 * Payout destinations as vendors enter them: the checks and their messages (spec §3, §5). The
 * account number is validated here and then only stored in the payout-accounts table.
 */
import { BadRequestError, type ApiErrorCode } from '../shared/errors';
import { compactCode, firstStepProblem, type BankFieldProblem, type BankStep } from '../../contracts/bank-rules';
import { bankIssues, bankStepSchema, emailDestinationSchema } from '../../contracts/payout-destination';

export const EMAIL_MESSAGE = 'Please enter a valid email address';
export const COUNTRY_CURRENCY_MESSAGE = 'Please select country and currency.';
export const BUSINESS_DETAILS_MESSAGE = 'Please fill all required business details.';
export const ACCOUNT_DETAILS_MESSAGE = 'Please fill all account details and confirm.';
export const SWIFT_MESSAGE = 'Please enter a valid SWIFT/BIC code.';
export const IBAN_MESSAGE = 'Please enter a valid IBAN.';

export const PHONE_MESSAGE = 'Please enter a valid phone number.';
export const POSTAL_CODE_MESSAGE = 'Please enter a valid postal/zip code.';
export const ACCOUNT_NUMBER_MESSAGE = 'Please enter a valid account number.';

// The checks themselves are shared with the web's wizard (bank-rules.ts) and its e-mail form (contracts/email.ts).
export { isEmail } from '../../contracts/email';
export { isIban, isSwiftBic } from '../../contracts/bank-rules';

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

/** The spec's message and the code of each problem (the web maps the codes back to its steps and fields). */
const PROBLEM_ERRORS: Record<BankStep, (p: BankFieldProblem) => [string, ApiErrorCode]> = {
  type: () => [COUNTRY_CURRENCY_MESSAGE, 'invalid_country_currency'],
  business: (p) =>
    p === 'invalid_phone' ? [PHONE_MESSAGE, 'invalid_phone'] : p === 'invalid_postal_code' ? [POSTAL_CODE_MESSAGE, 'invalid_postal_code'] : [BUSINESS_DETAILS_MESSAGE, 'invalid_business_details'],
  account: (p) =>
    p === 'invalid_swift_bic'
      ? [SWIFT_MESSAGE, 'invalid_swift_bic']
      : p === 'invalid_iban'
        ? [IBAN_MESSAGE, 'invalid_iban']
        : p === 'invalid_account_number'
          ? [ACCOUNT_NUMBER_MESSAGE, 'invalid_account_number']
          : [ACCOUNT_DETAILS_MESSAGE, 'invalid_account_details'],
};

/** The wizard's checks in its order (payout-destination.ts over bank-rules.ts, the same the browser runs), with its messages; IBAN where the country uses one. */
export function validateBank(input: BankInput): BankDestination {
  const b = input.business ?? {};
  const { phone, street, addressMore, city, postalCode, country: businessCountry } = b;
  const fields = { ...input, phone, street, addressMore, city, postalCode, businessCountry };
  for (const step of ['type', 'business', 'account'] as const) {
    const parsed = bankStepSchema(step).safeParse(fields);
    const problem = parsed.success ? null : firstStepProblem(bankIssues(parsed.error.issues), step);
    if (problem) {
      const [message, code] = PROBLEM_ERRORS[step](problem);
      throw new BadRequestError(message, code);
    }
  }
  // Every value below was checked above.
  const accountType = input.accountType as 'business' | 'personal';
  const country = input.country!.trim().toUpperCase();
  const currency = input.currency!.trim().toUpperCase();
  return {
    accountType,
    country,
    currency,
    business: {
      phone: b.phone!.trim(),
      street: b.street!.trim(),
      ...(filled(b.addressMore) ? { addressMore: b.addressMore.trim() } : {}),
      city: b.city!.trim(),
      postalCode: b.postalCode!.trim(),
      country: businessCountry!.trim().toUpperCase(),
    },
    bankName: input.bankName!.trim(),
    accountHolderName: input.accountHolderName!.trim(),
    accountNumber: compactCode(input.accountNumber!),
    swiftBic: compactCode(input.swiftBic!),
  };
}

export function validateEmail(email: string | undefined): string {
  const parsed = emailDestinationSchema.safeParse({ email: email ?? '' });
  if (!parsed.success) throw new BadRequestError(EMAIL_MESSAGE, 'invalid_email');
  return parsed.data.email.toLowerCase();
}
