/**
 * The ops console's plain values (issue 13), without zod: the console's sections read these lists and
 * limits when they render, and the schemas that use them (contracts/admin*.ts, contracts/audit.ts,
 * which re-export them) load only with the first answer (issue 24: classic zod is ~27 KB gzip, which
 * put every console section over its route budget). Imports nothing.
 */

/**
 * The queues of the Overview screen, in the order it shows them: what is waiting for operations staff.
 * - vendorApplications: vendor records with status `pending` (since the application, `createdAt`)
 * - productsInReview: products submitted for review (since submission)
 * - openSupportCases: support cases with status `open` (since opened)
 * - failedPayouts: payouts with status `failed` (since they failed, `updatedAt`)
 * - bankTransfersAwaiting: bank-transfer payouts written to the bank batch and still `pending`, i.e.
 *   awaiting ops' confirmation (since `submittedAt`)
 */
export const OVERVIEW_QUEUES = ['vendorApplications', 'productsInReview', 'openSupportCases', 'failedPayouts', 'bankTransfersAwaiting'] as const;

/** What ops can do, as the log names it. The console translates each (admin_audit_action_<action>). */
export const AUDIT_ACTIONS = [
  'vendor.approved',
  'vendor.rejected',
  'vendor.commission_changed',
  'product.approved',
  'product.rejected',
  'product.changes_requested',
  'support.replied',
  'support.closed',
  'support.reopened',
  'payout.retried',
  'payout.confirmed_paid',
  'payout.confirmed_failed',
  'mfa.reset',
  'payout.batch_downloaded',
] as const;

/** What an action is done to. */
export const AUDIT_TARGET_TYPES = ['vendor', 'product', 'support_case', 'payout', 'user', 'payout_batch'] as const;

/** A vendor record's status as ops filter by it. */
export const ADMIN_VENDOR_STATUSES = ['pending', 'approved', 'rejected'] as const;

/** The product counts of a vendor's page, by state. */
export const PRODUCT_TABS = ['live', 'draft', 'pending', 'rejected'] as const;

/**
 * Failure reasons the worker and the providers give as codes; the console translates these
 * (`admin_payouts_reason_<code>`) and shows any other reason (a provider's new code, ops' own words
 * for a bounced transfer) as it is.
 */
export const KNOWN_PAYOUT_FAILURE_REASONS = [
  'recipient_unavailable',
  'invalid_amount',
  'destination_changed',
  'method_unavailable',
  'not_an_email_destination',
  'not_a_bank_destination',
  'bank_transfer_failed',
] as const;

/** Reasons and messages of a review decision: as long as the domain accepts (lambdas/listings/review.ts). */
export const REVIEW_REASON_MAX = 500;
export const REVIEW_REASONS_MAX = 20;
export const REVIEW_NOTE_MAX = 2000;

/**
 * A commission rate in percent as an operator types it (up to 2 decimals, 0–100, an optional `%`) →
 * basis points; null when it is not one. `12.5` → 1250, `7` → 700, `12.345` → null. The console's
 * commission form reads the field with it (contracts/admin-vendors.ts commissionFormSchema).
 */
export function percentToBps(text: string): number | null {
  const value = text.trim().replace(/%$/, '').trim();
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(value)) return null;
  const [whole, fraction = ''] = value.split('.');
  const bps = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return bps <= 10_000 ? bps : null;
}

/** Basis points → the percent as an operator types it: 1250 → "12.5", 1500 → "15". */
export const bpsToPercentText = (bps: number): string => String(bps / 100);
