import { describe, expect, it } from 'vitest';
import { bankStepProblems } from '../../../contracts/bank-rules';
import { bankIssues, bankStepSchema, emailDestinationSchema } from '../../../contracts/payout-destination';

const business = { phone: '+49 30 1234567', street: 'Hauptstraße 1', city: 'Berlin', postalCode: '10115', businessCountry: 'DE' };

describe('payout destination schema (shared by destination.ts and the web forms)', () => {
  it('reports what bank-rules.ts reports, field by field, with the problem codes as messages', () => {
    for (const fields of [business, { ...business, phone: '12ab', postalCode: '1234' }, { ...business, street: ' ', businessCountry: '' }]) {
      const parsed = bankStepSchema('business').safeParse(fields);
      expect(parsed.success ? {} : bankIssues(parsed.error.issues)).toEqual(bankStepProblems('business', fields));
    }
    const parsed = bankStepSchema('account').safeParse({ country: 'DE', bankName: 'B', accountHolderName: 'H', accountNumber: '000123456789', swiftBic: 'BOFA', confirmed: false });
    expect(parsed.success ? {} : bankIssues(parsed.error.issues)).toEqual({ accountNumber: 'invalid_iban', swiftBic: 'invalid_swift_bic', confirmed: 'not_confirmed' });
  });

  it('counts a value of the wrong type (from an API body) as missing', () => {
    const parsed = bankStepSchema('business').safeParse({ ...business, phone: 4930123 });
    expect(parsed.success ? {} : bankIssues(parsed.error.issues)).toEqual({ phone: 'required' });
  });

  it('checks the e-mail with contracts/email.ts, trimmed, with the API error code', () => {
    expect(emailDestinationSchema.parse({ email: ' shop@example.com ' })).toEqual({ email: 'shop@example.com' });
    expect(emailDestinationSchema.safeParse({ email: 'bad@@example' }).error?.issues.map((i) => i.message)).toEqual(['invalid_email']);
  });
});
