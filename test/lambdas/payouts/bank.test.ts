import { describe, expect, it } from 'vitest';
import { bankTransferProvider, instructionKey, type TransferInstruction } from '../../../lambdas/payouts/bank';
import { parsePayoutId } from '../../../lambdas/payouts/period';
import type { PayoutAccountItem } from '../../../lambdas/payouts/model';

const account: PayoutAccountItem = {
  vendorId: 'V-10001',
  payoutAccountId: 'PA-1',
  updatedAt: '',
  method: 'bank',
  accountType: 'business',
  country: 'DE',
  currency: 'EUR',
  business: { phone: '1', street: 's', city: 'c', postalCode: 'p', country: 'DE' },
  bankName: 'Bank',
  accountHolderName: 'Holder',
  accountNumber: 'DE89370400440532013000',
  swiftBic: 'COBADEFFXXX',
};

describe('bank transfer provider', () => {
  it('writes one instruction per payout under its period, keyed by the payout id, and reports it submitted', async () => {
    const store = new Map<string, TransferInstruction>();
    const provider = bankTransferProvider({ put: (key, i) => Promise.resolve(void store.set(key, i)) });
    const request = { payoutId: 'P-V-10001-2026-11-2', amountCents: 4_900, account };
    expect(await provider.pay(request)).toEqual({ status: 'submitted', reference: 'bank-transfers/2026-11-2/P-V-10001-2026-11-2.json' });
    await provider.pay(request);
    expect([...store.keys()]).toEqual([instructionKey('2026-11-2', 'P-V-10001-2026-11-2')]);
    expect(store.get(instructionKey('2026-11-2', 'P-V-10001-2026-11-2'))).toMatchObject({ amountCents: 4_900, currency: 'USD', accountCurrency: 'EUR', accountNumber: 'DE89370400440532013000' });
  });

  it('refuses what is not a bank destination', async () => {
    const provider = bankTransferProvider({ put: () => Promise.resolve() });
    expect(await provider.pay({ payoutId: 'P-V-1-2026-11-2', amountCents: 1, account: { vendorId: 'V-1', payoutAccountId: 'PA', updatedAt: '', method: 'email', email: 'a@b.co' } })).toEqual({ status: 'failed', reason: 'not_a_bank_destination' });
  });

  it('reads vendor and period back from a payout id', () => {
    expect(parsePayoutId('P-V-10001-2026-11-2')).toEqual({ vendorId: 'V-10001', periodId: '2026-11-2' });
    expect(parsePayoutId('P-V-10001-2026-11-3')).toBeNull();
  });
});
