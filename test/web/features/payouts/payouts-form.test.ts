import { describe, expect, it } from 'vitest';
import en from '../../../../web/src/i18n/en.json';
import zhTW from '../../../../web/src/i18n/zh-TW.json';
import { validateBank } from '../../../../lambdas/payouts/destination';
import {
  bankBody,
  emailProblem,
  emptyBankDraft,
  isMonth,
  isSwiftBic,
  periodMonths,
  serverProblem,
  stepFieldProblems,
  stepProblem,
  type BankDraft,
} from '../../../../web/src/features/payouts/payout-form';

const complete = (): BankDraft => ({
  ...emptyBankDraft(),
  country: 'DE',
  currency: 'EUR',
  phone: '+49 30 1234567',
  street: 'Hauptstraße 1',
  city: 'Berlin',
  postalCode: '10115',
  businessCountry: 'DE',
  bankName: 'Commerzbank',
  accountHolderName: 'Payout B GmbH',
  accountNumber: 'DE89 3704 0044 0532 0130 00',
  swiftBic: 'COBADEFFXXX',
  confirmed: true,
});

describe('payout method checks (spec §3, issue 6)', () => {
  it("has the spec's messages, word for word, and a translation of each", () => {
    expect(en).toMatchObject({
      please_enter_valid_email: 'Please enter a valid email address',
      please_select_country_currency: 'Please select country and currency.',
      please_fill_business_details: 'Please fill all required business details.',
      please_fill_account_details: 'Please fill all account details and confirm.',
      bank_account_added: 'Bank account added successfully!',
      error_saving_bank_account: 'Error saving bank account info.',
      failed_to_fetch_payouts: 'Failed to fetch payouts',
      all_periods: 'all periods',
    });
    for (const key of ['please_enter_valid_email', 'bank_account_added', 'failed_to_fetch_payouts', 'all_periods'] as const) expect(zhTW[key]).not.toBe(en[key]);
  });

  it("e-mail: 'Please enter a valid email address' unless it looks like one", () => {
    for (const bad of ['', '   ', 'seller', 'seller@', '@example.com', 'seller@example', 'a b@example.com']) expect(emailProblem(bad), bad).toBe('please_enter_valid_email');
    for (const good of ['seller@example.com', ' seller+payouts@shop.example.co.uk ']) expect(emailProblem(good), good).toBeNull();
  });

  it("step 1: 'Please select country and currency.' until both are chosen", () => {
    expect(stepProblem('type', emptyBankDraft())).toBe('please_select_country_currency');
    expect(stepProblem('type', { ...emptyBankDraft(), country: 'DE' })).toBe('please_select_country_currency');
    expect(stepProblem('type', { ...emptyBankDraft(), currency: 'EUR' })).toBe('please_select_country_currency');
    expect(stepProblem('type', { ...emptyBankDraft(), country: 'DE', currency: 'EUR', accountType: 'personal' })).toBeNull();
  });

  it("step 2: 'Please fill all required business details.' for each missing field; more address details are optional", () => {
    const d = complete();
    expect(stepProblem('business', { ...d, addressMore: '' })).toBeNull();
    for (const key of ['phone', 'street', 'city', 'postalCode', 'businessCountry'] as const) {
      expect(stepProblem('business', { ...d, [key]: '  ' }), key).toBe('please_fill_business_details');
    }
  });

  it("step 3: 'Please fill all account details and confirm.' for each missing field and without the confirmation; then the SWIFT/BIC format", () => {
    const d = complete();
    expect(stepProblem('account', d)).toBeNull();
    for (const key of ['bankName', 'accountHolderName', 'accountNumber', 'swiftBic'] as const) {
      expect(stepProblem('account', { ...d, [key]: '' }), key).toBe('please_fill_account_details');
    }
    expect(stepProblem('account', { ...d, confirmed: false })).toBe('please_fill_account_details');
    expect(stepProblem('account', { ...d, swiftBic: 'COBA' })).toBe('please_enter_valid_swift');
    expect(isSwiftBic('coba de ff')).toBe(true);
    expect(stepProblem('review', d)).toBeNull();
  });

  it('checks formats on the step where they are typed, field by field, with the server\'s rules', () => {
    const d = complete();
    // Step 2: phone (7–15 digits, +, spaces, dashes, dots, brackets) and the postal code of the address's country.
    for (const phone of ['+49 30 1234567', '(030) 123-4567', '+1.555.123.4567', '02 2345 6789']) expect(stepProblem('business', { ...d, phone }), phone).toBeNull();
    for (const phone of ['12ab', '123', '+49 30 1234567 8901 234', '+', '555-', '++49 301234567']) expect(stepFieldProblems('business', { ...d, phone }).phone, phone).toBe('please_enter_valid_phone');
    expect(stepProblem('business', { ...d, phone: '12ab' })).toBe('please_enter_valid_phone');
    for (const [country, good, bad] of [['DE', '10115', '1011'], ['US', '94105-1234', '9410'], ['GB', 'SW1A 1AA', '12345'], ['CA', 'k1a 0b1', '12345'], ['NL', '1012 AB', '1012'], ['TW', '106', '1060'], ['JP', '100-0001', '1000'], ['HK', '999077', '!']] as const) {
      expect(stepFieldProblems('business', { ...d, businessCountry: country, postalCode: good }).postalCode, `${country} ${good}`).toBeUndefined();
      expect(stepFieldProblems('business', { ...d, businessCountry: country, postalCode: bad }).postalCode, `${country} ${bad}`).toBe('please_enter_valid_postal_code');
    }
    // Missing fields say the spec's step message first, and each is marked.
    expect(stepProblem('business', { ...d, city: '', phone: '12ab' })).toBe('please_fill_business_details');
    expect(stepFieldProblems('business', { ...d, city: '', phone: '12ab' })).toEqual({ city: 'bank_field_required', phone: 'please_enter_valid_phone' });
    // Step 3: the IBAN checksum where the bank country uses IBANs, the SWIFT/BIC format (8 or 11).
    expect(stepProblem('account', { ...d, accountNumber: 'DE89 3704 0044 0532 0130 01' })).toBe('please_enter_valid_iban');
    expect(stepProblem('account', { ...d, accountNumber: 'FR1420041010050500013M02606' })).toBe('please_enter_valid_iban');
    expect(stepProblem('account', { ...d, swiftBic: 'COBADEFFX' })).toBe('please_enter_valid_swift');
    expect(stepProblem('account', { ...d, country: 'US', accountNumber: '000123456789' })).toBeNull();
    expect(stepProblem('account', { ...d, country: 'US', accountNumber: '12' })).toBe('please_enter_valid_account_number');
    expect(stepFieldProblems('account', { ...d, confirmed: false, swiftBic: 'X' })).toEqual({ confirmed: 'bank_confirm_required', swiftBic: 'please_enter_valid_swift' });
    expect(stepProblem('account', { ...d, confirmed: false, swiftBic: 'X' })).toBe('please_fill_account_details');
  });

  it('agrees with the server: a draft the wizard lets through is one validateBank accepts, and each step message is the server\'s', () => {
    const body = (draft: BankDraft) => bankBody(draft);
    expect(() => validateBank(body(complete()))).not.toThrow();
    const cases: [Partial<BankDraft>, string][] = [
      [{ currency: '' }, 'Please select country and currency.'],
      [{ phone: '' }, 'Please fill all required business details.'],
      [{ phone: '12ab' }, 'Please enter a valid phone number.'],
      [{ postalCode: '1011' }, 'Please enter a valid postal/zip code.'],
      [{ confirmed: false }, 'Please fill all account details and confirm.'],
      [{ accountNumber: 'DE89370400440532013001' }, 'Please enter a valid IBAN.'],
      [{ swiftBic: 'COBADEFFX' }, 'Please enter a valid SWIFT/BIC code.'],
      [{ country: 'US', accountNumber: '12' }, 'Please enter a valid account number.'],
    ];
    for (const [change, message] of cases) {
      const draft = { ...complete(), ...change };
      const step = (['type', 'business', 'account'] as const).find((s) => stepProblem(s, draft))!;
      expect(en[stepProblem(step, draft)!], JSON.stringify(change)).toBe(message);
      expect(() => validateBank(body(draft)), JSON.stringify(change)).toThrow(message);
    }
  });

  it('builds the PUT body the API takes, without an empty optional address line', () => {
    const body = bankBody(complete());
    expect(body).toMatchObject({ method: 'bank', accountType: 'business', country: 'DE', currency: 'EUR', confirmed: true, swiftBic: 'COBADEFFXXX' });
    expect(body.business).toEqual({ phone: '+49 30 1234567', street: 'Hauptstraße 1', city: 'Berlin', postalCode: '10115', country: 'DE' });
    expect(bankBody({ ...complete(), addressMore: ' Hinterhaus ' }).business?.addressMore).toBe('Hinterhaus');
  });

  it("maps the server's 400 codes to the wizard step and message", () => {
    expect(serverProblem('invalid_email')).toEqual({ step: 'email', key: 'please_enter_valid_email' });
    expect(serverProblem('invalid_country_currency')).toEqual({ step: 'type', key: 'please_select_country_currency' });
    expect(serverProblem('invalid_business_details')).toEqual({ step: 'business', key: 'please_fill_business_details' });
    expect(serverProblem('invalid_account_details')).toEqual({ step: 'account', key: 'please_fill_account_details' });
    expect(serverProblem('invalid_account_number')).toEqual({ step: 'account', key: 'please_enter_valid_account_number', field: 'accountNumber' });
    expect(serverProblem('invalid_phone')).toEqual({ step: 'business', key: 'please_enter_valid_phone', field: 'phone' });
    expect(serverProblem('invalid_postal_code')).toEqual({ step: 'business', key: 'please_enter_valid_postal_code', field: 'postalCode' });
    expect(serverProblem('invalid_swift_bic')).toEqual({ step: 'account', key: 'please_enter_valid_swift', field: 'swiftBic' });
    expect(serverProblem('invalid_iban')).toEqual({ step: 'account', key: 'please_enter_valid_iban', field: 'accountNumber' });
    expect(serverProblem('payout_method_conflict')).toBeNull();
  });

  it('offers the current month and the 23 before it for the period filter', () => {
    const months = periodMonths(new Date('2026-01-20T00:00:00Z'));
    expect(months).toHaveLength(24);
    expect(months.slice(0, 3)).toEqual(['2026-01', '2025-12', '2025-11']);
    expect(months.at(-1)).toBe('2024-02');
    expect(isMonth('2026-11')).toBe(true);
    for (const bad of [null, '', 'all', '2026-13', '2026-1']) expect(isMonth(bad)).toBe(false);
  });
});
