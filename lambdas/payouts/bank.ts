/**
 * Bank transfer: the provider does not pay, it writes a transfer instruction for finance, one object
 * per payout under the period's prefix (`bank-transfers/<period>/<payout id>.json`) — together the
 * run's batch. The payout stays `pending` (submitted) until ops confirm it paid or failed
 * (`confirmBankPayout`, `npm run payouts:bank -- confirm`). Writing the same payout again overwrites the
 * same object with the same content: idempotent by key like the e-mail provider.
 */
import { parsePayoutId } from './period';
import type { PayoutProvider } from './provider';

export interface TransferInstruction {
  payoutId: string;
  vendorId: string;
  payoutAccountId: string;
  /** USD cents to send (after the fee). */
  amountCents: number;
  currency: 'USD';
  /** The account's currency: finance converts when it is not USD. */
  accountCurrency: string;
  accountHolderName: string;
  bankName: string;
  country: string;
  accountNumber: string;
  swiftBic: string;
}

/** Where instructions go: S3 in the cloud and locally (s3rver), a map in unit tests. */
export interface InstructionStore {
  put(key: string, instruction: TransferInstruction): Promise<void>;
}

export const BANK_TRANSFER_PREFIX = 'bank-transfers/';
export const instructionKey = (periodId: string, payoutId: string): string => `${BANK_TRANSFER_PREFIX}${periodId}/${payoutId}.json`;

export function bankTransferProvider(store: InstructionStore): PayoutProvider {
  return {
    async pay({ payoutId, amountCents, account }) {
      if (account.method !== 'bank') return { status: 'failed', reason: 'not_a_bank_destination' };
      const periodId = parsePayoutId(payoutId)?.periodId;
      if (!periodId) return { status: 'failed', reason: 'bad_payout_id' };
      const key = instructionKey(periodId, payoutId);
      await store.put(key, {
        payoutId,
        vendorId: account.vendorId,
        payoutAccountId: account.payoutAccountId,
        amountCents,
        currency: 'USD',
        accountCurrency: account.currency,
        accountHolderName: account.accountHolderName,
        bankName: account.bankName,
        country: account.country,
        accountNumber: account.accountNumber,
        swiftBic: account.swiftBic,
      });
      return { status: 'submitted', reference: key };
    },
  };
}
