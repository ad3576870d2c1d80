/**
 * A German business bank account the payout-method API accepts (valid IBAN and BIC), for tests that
 * need one sound bank destination body; `accountHolderName` names the test's vendor.
 */
export const germanBankBody = (accountHolderName: string) => ({
  method: 'bank',
  accountType: 'business',
  country: 'DE',
  currency: 'EUR',
  business: { phone: '+49 30 1234567', street: 'Hauptstraße 1', city: 'Berlin', postalCode: '10115', country: 'DE' },
  bankName: 'Commerzbank',
  accountHolderName,
  accountNumber: 'DE89 3704 0044 0532 0130 00',
  swiftBic: 'COBADEFFXXX',
  confirmed: true,
});
