/**
 * Payout method API: GET/PUT /api/payout-method. The answer never carries more than the last four
 * digits of an account number; the full destination goes to the payout-accounts table only, which
 * this function may write but never read (it answers from the vendor record's masked copy).
 */
import { payoutMethodBodySchema } from '../../contracts/payout-destination';
import { apiHandler, route } from '../shared/http';
import { logger } from '../shared/logger';
import { requireRecentSecondStep } from '../shared/step-up';
import { payoutMethodView, savePayoutAccount, type Destination } from './accounts';
import { validateBank, validateEmail } from './destination';

export const handler = apiHandler('payoutMethod', {
  'GET /api/payout-method': route({
    access: 'vendor',
    async handler({ caller }) {
      return { body: payoutMethodView(caller.vendor.payoutMethod, new Date()) };
    },
  }),
  'PUT /api/payout-method': route({
    access: 'vendor',
    // Shape only (contracts/payout-destination.ts): the wizard's rules and messages are checked in destination.ts.
    body: payoutMethodBodySchema,
    async handler({ caller, body, event }) {
      // Issue 14: the payout method changes only with two-step sign-in on and a sign-in within 5 minutes.
      await requireRecentSecondStep(caller, event);
      const destination: Destination = body.method === 'email' ? { method: 'email', email: validateEmail(body.email) } : { method: 'bank', ...validateBank(body) };
      const now = new Date();
      const saved = await savePayoutAccount(caller.vendor, destination, now, { userId: caller.userId, email: caller.email });
      logger.info('payout method saved', { vendorId: caller.vendor.vendorId, payoutAccountId: saved.payoutAccountId, method: saved.method });
      return { body: payoutMethodView(saved, now) };
    },
  }),
});
