import { describe, expect, it } from 'vitest';
import { maskDestination } from '../../../lambdas/payouts/model';
import { isEmail, isIban, isSwiftBic, validateBank, validateEmail } from '../../../lambdas/payouts/destination';
import { BadRequestError } from '../../../lambdas/shared/errors';

const bank = {
  accountType: 'personal',
  country: 'US',
  currency: 'USD',
  business: { phone: '555-0100', street: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'US' },
  bankName: 'First Bank',
  accountHolderName: 'Ann Lee',
  accountNumber: '000123456789',
  swiftBic: 'bofaus3n',
  confirmed: true,
};
const message = (f: () => unknown): unknown[] | null => {
  try {
    f();
  } catch (err) {
    return err instanceof BadRequestError ? [err.code, err.message] : [err];
  }
  return null;
};

describe('payout destinations', () => {
  it('checks e-mail addresses with the spec message', () => {
    expect(validateEmail(' Shop@Example.COM ')).toBe('shop@example.com');
    for (const bad of ['', 'shop', 'shop@', '@example.com', 'a b@example.com', 'shop@example']) {
      expect(isEmail(bad)).toBe(false);
      expect(message(() => validateEmail(bad))).toEqual(['invalid_email', 'Please enter a valid email address']);
    }
  });

  it('checks SWIFT/BIC format and IBAN checksums and lengths', () => {
    for (const ok of ['DEUTDEFF', 'DEUTDEFF500', 'BOFAUS3N', 'COBADEFFXXX']) expect(isSwiftBic(ok)).toBe(true);
    for (const bad of ['DEUTDEF', 'DEUTDEFF50', '1EUTDEFF', 'DEUT1EFF', 'deutdeff']) expect(isSwiftBic(bad)).toBe(false);
    for (const ok of ['DE89370400440532013000', 'GB82WEST12345698765432', 'FR1420041010050500013M02606', 'NL91ABNA0417164300', 'NO9386011117947']) expect(isIban(ok)).toBe(true);
    expect(isIban('DE89370400440532013001')).toBe(false); // checksum
    expect(isIban('DE8937040044053201300')).toBe(false); // length
    expect(isIban('DE89370400440532013000', 'FR')).toBe(false); // another country's IBAN
    expect(isIban('US12345678901234')).toBe(false); // no IBAN in the US
  });

  it('runs the wizard checks in order with its messages; IBAN only where the country uses one', () => {
    expect(validateBank(bank)).toMatchObject({ accountType: 'personal', swiftBic: 'BOFAUS3N', accountNumber: '000123456789' });
    expect(message(() => validateBank({ ...bank, country: '' }))).toEqual(['invalid_country_currency', 'Please select country and currency.']);
    expect(message(() => validateBank({ ...bank, accountType: 'other' }))).toEqual(['invalid_country_currency', 'Please select country and currency.']);
    expect(message(() => validateBank({ ...bank, business: { ...bank.business, phone: '' } }))).toEqual(['invalid_business_details', 'Please fill all required business details.']);
    expect(validateBank({ ...bank, business: { ...bank.business, addressMore: '' } }).business).not.toHaveProperty('addressMore');
    expect(message(() => validateBank({ ...bank, confirmed: false }))).toEqual(['invalid_account_details', 'Please fill all account details and confirm.']);
    expect(message(() => validateBank({ ...bank, swiftBic: 'BOFA' }))?.[0]).toBe('invalid_swift_bic');
    expect(message(() => validateBank({ ...bank, country: 'DE', accountNumber: '000123456789' }))?.[0]).toBe('invalid_iban');
    expect(validateBank({ ...bank, country: 'de', accountNumber: 'de89 3704 0044 0532 0130 00' }).accountNumber).toBe('DE89370400440532013000');
    // Phone and postal code formats (bank-rules.ts, the same the web wizard runs on its business step).
    expect(message(() => validateBank({ ...bank, business: { ...bank.business, phone: '12ab' } }))).toEqual(['invalid_phone', 'Please enter a valid phone number.']);
    expect(message(() => validateBank({ ...bank, business: { ...bank.business, postalCode: '1234' } }))).toEqual(['invalid_postal_code', 'Please enter a valid postal/zip code.']);
    expect(message(() => validateBank({ ...bank, accountNumber: '12' }))).toEqual(['invalid_account_number', 'Please enter a valid account number.']);
  });

  it('masks to at most the last four digits', () => {
    const base = { vendorId: 'V-1', payoutAccountId: 'PA-1', updatedAt: '' };
    expect(maskDestination({ ...base, method: 'bank', ...validateBank(bank) })).toBe('•••• 6789');
    expect(maskDestination({ ...base, method: 'email', email: 'shop@example.com' })).toBe('s***@example.com');
  });
});
