import { MARKETPLACE_TIME_ZONE } from '../shared/dates';
import { apiHandler, route } from '../shared/http';
import { dashboardFrom, seriesDays } from './summary';
import { readLedgerSummary } from './store';

export const handler = apiHandler('dashboard', {
  'GET /api/dashboard': route({
    access: 'vendor',
    // No parameters: the periods are fixed and the vendor comes from the token.
    async handler({ caller }) {
      const now = new Date();
      const days = seriesDays(now, MARKETPLACE_TIME_ZONE);
      const ledger = await readLedgerSummary(caller.vendor.vendorId, days[0]!, days[days.length - 1]!);
      return { body: dashboardFrom(ledger, now, MARKETPLACE_TIME_ZONE) };
    },
  }),
});
