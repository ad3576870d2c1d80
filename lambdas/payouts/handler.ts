/**
 * Payouts API: GET /api/payouts (history with a month filter and the payout information) and
 * GET /api/payouts/{payoutId} (details). Thin: parsing here, rules in period.ts and history.ts.
 */
import * as z from 'zod';
import type { PayoutDetails, PayoutsList } from '../../contracts/payouts';
import { MARKETPLACE_TIME_ZONE, nextPayoutDate } from '../shared/dates';
import { NotFoundError } from '../shared/errors';
import { apiHandler, route } from '../shared/http';
import { MINIMUM_PAYOUT_CENTS } from '../shared/money';
import { listPayouts, payoutReconciliation, payoutView, periodSales } from './history';
import { parsePayoutId, payoutFeeCents } from './period';
import { getBalanceCents, getPayout } from './store';

export const payoutsQuery = z.strictObject({
  period: z.optional(z.union([z.literal(''), z.literal('all'), z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'expected a month, yyyy-mm')])),
});

export const handler = apiHandler('payouts', {
  'GET /api/payouts': route({
    access: 'vendor',
    query: payoutsQuery,
    async handler({ caller, query }) {
      const month = query.period && query.period !== 'all' ? query.period : undefined;
      const vendorId = caller.vendor.vendorId;
      const [payouts, balanceCents] = await Promise.all([listPayouts(vendorId, month), getBalanceCents(vendorId)]);
      const body: PayoutsList = {
        payouts: payouts.map(payoutView),
        balanceCents,
        minimumPayoutCents: MINIMUM_PAYOUT_CENTS,
        feeCents: payoutFeeCents(),
        nextPayoutDate: nextPayoutDate(new Date(), MARKETPLACE_TIME_ZONE),
        timeZone: MARKETPLACE_TIME_ZONE,
      };
      return { body };
    },
  }),
  'GET /api/payouts/{payoutId}': route({
    access: 'vendor',
    async handler({ caller, params }) {
      const vendorId = caller.vendor.vendorId;
      const ids = parsePayoutId(params.payoutId ?? '');
      const payout = ids && ids.vendorId === vendorId ? await getPayout(vendorId, ids.periodId) : null;
      if (!payout) throw new NotFoundError('No such payout.', 'payout_not_found');
      const [sales, reconciliation] = await Promise.all([periodSales(vendorId, payout.periodFrom, payout.periodTo), payoutReconciliation(vendorId, payout)]);
      const body: PayoutDetails = { ...payoutView(payout), sales, reconciliation };
      return { body };
    },
  }),
});
