/**
 * Payout items. A payout lives in the ledger table beside the balance it debits (same partition):
 * `PAYOUT#<period id>` (lambdas/payouts/period.ts), so the exactly-once transaction touches one
 * table and a vendor's history is one Query. Payout accounts (with the full account number) live in
 * their own table, which only the payout-method API (write) and the worker (read) may touch.
 */
import { shardedValue, shardValues } from '../shared/shards';
import type { BankDestination } from './destination';

export const PAYOUT_STATUSES = ['pending', 'paid', 'failed'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];
export type PayoutMethodKind = 'email' | 'bank';

/** ledger `PAYOUT#…` item. */
export interface PayoutItem {
  vendorId: string;
  sk: string;
  payoutId: string;
  periodId: string;
  periodFrom: string;
  periodTo: string;
  /** pending: balance debited, provider not (yet) confirmed; paid; failed: balance re-credited. */
  status: PayoutStatus;
  /** Debited from the balance. */
  amountCents: number;
  feeCents: number;
  /** Sent to the vendor: amount − fee. */
  paidCents: number;
  method: PayoutMethodKind;
  /** The destination as it may be shown: `j***@example.com`, `•••• 1234`. */
  destinationMasked: string;
  payoutAccountId: string;
  createdAt: string;
  updatedAt: string;
  providerReference?: string;
  /** Bank transfer: when the instruction was written (the payout stays pending until ops confirm). */
  submittedAt?: string;
  failureReason?: string;
  /**
   * How many times ops retried the payout (issue 13; absent = never): each retry moves it failed →
   * pending once, conditionally on this count, and the provider is called with `attemptKey`.
   */
  retryCount?: number;
  /** The reason of the failure a retry started from (the provider's code or ops' words). */
  lastFailureReason?: string;
}

/**
 * The provider's idempotency key of the payout's current attempt: the payout id, then
 * `<payout id>.r<n>` after the n-th retry — the same attempt is never paid twice, and a retry is not
 * answered with the first attempt's refusal.
 */
export const attemptKey = (payout: Pick<PayoutItem, 'payoutId' | 'retryCount'>): string =>
  payout.retryCount ? `${payout.payoutId}.r${payout.retryCount}` : payout.payoutId;

interface PayoutAccountBase {
  vendorId: string;
  /** Shown in account settings: `PA-<vendorId>-<n>`; changes with every new destination. */
  payoutAccountId: string;
  /** Payouts are held until this instant after the destination changed (UTC ISO-8601). */
  holdUntil?: string;
  updatedAt: string;
}

/** payout-accounts item (the full destination: never returned by the API nor logged). */
export type PayoutAccountItem =
  | (PayoutAccountBase & { method: 'email'; email: string })
  | (PayoutAccountBase & { method: 'bank' } & BankDestination);

/**
 * The vendor-visible copy of the payout method, kept on the vendor record (`payoutMethod`) in the
 * same transaction that writes the payout-accounts item: the payout-method API answers from it and
 * may only write, never read, the payout-accounts table (docs/decisions.md, "Payouts (issue 6)").
 */
interface PayoutMethodSummaryBase {
  payoutAccountId: string;
  /** Masked: `j***@example.com`, `•••• 1234`. */
  destination: string;
  holdUntil?: string;
  updatedAt: string;
}
export type PayoutMethodSummary =
  | (PayoutMethodSummaryBase & { method: 'email'; email: string })
  | (PayoutMethodSummaryBase & { method: 'bank' } & Omit<BankDestination, 'accountNumber'> & { accountNumberLast4: string });

/** The vendor-visible form of a destination: at most the last four digits of an account number. */
export function maskDestination(account: PayoutAccountItem): string {
  if (account.method === 'bank') return `•••• ${account.accountNumber.replace(/\s+/g, '').slice(-4)}`;
  const [local = '', domain = ''] = account.email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}

/**
 * The BALANCE item's sparse-index attribute (docs/decisions.md, "Payouts (issue 6)" and "Payout runs
 * at 100,000 vendors (issue 23)"): present while the balance may be payable, its value the item's
 * write shard `Y#00` … `Y#15` (from the vendor id), so the index has sixteen partitions the run reads
 * in parallel instead of one hot one.
 */
export const PAYABLE_ATTRIBUTE = 'payable';
export const PAYABLE_SHARDS = 16;
const PAYABLE_PREFIX = 'Y';
/**
 * The one value every payable balance carried before issue 23 (and a previous release's writers
 * still write during a deploy): read as a partition of its own, so such a balance is never missed;
 * `npm run payouts:backfill` moves those items to their shard, and a sale or a run does it by itself.
 */
export const LEGACY_PAYABLE_VALUE = PAYABLE_PREFIX;
/** The value a vendor's BALANCE item is marked payable with (always the same for one vendor). */
export const payableValue = (vendorId: string): string => shardedValue(PAYABLE_PREFIX, vendorId, PAYABLE_SHARDS);
/** Every partition of the payable index a run reads: the sixteen shards and the legacy value. */
export const PAYABLE_PARTITIONS: readonly string[] = [...shardValues(PAYABLE_PREFIX, PAYABLE_SHARDS), LEGACY_PAYABLE_VALUE];
/** KEYS_ONLY (contracts/tables.ts): a sale that leaves the attribute as it was writes nothing to it. */
export const PAYABLE_INDEX = 'byPayableShard';

/** The summary of a payout-accounts item: what the vendor may see of it. */
export function summarize(account: PayoutAccountItem): PayoutMethodSummary {
  const base = {
    payoutAccountId: account.payoutAccountId,
    destination: maskDestination(account),
    ...(account.holdUntil ? { holdUntil: account.holdUntil } : {}),
    updatedAt: account.updatedAt,
  };
  if (account.method === 'email') return { ...base, method: 'email', email: account.email };
  const { accountNumber, vendorId: _vendorId, payoutAccountId: _id, holdUntil: _hold, updatedAt: _at, ...bank } = account;
  return { ...base, ...bank, accountNumberLast4: accountNumber.replace(/\s+/g, '').slice(-4) };
}
