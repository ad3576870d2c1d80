/**
 * A payout's statuses, without zod: the ops console's vendor page names them as it renders (its route
 * chunk carries no zod, issue 24), and the answer schemas (contracts/payouts.ts, admin-payouts.ts)
 * check them. Imports nothing.
 */
export const PAYOUT_STATUSES = ['pending', 'paid', 'failed'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];
