import { adminOverviewSchema } from '../../contracts/admin';
import { adminApiHandler } from '../shared/admin-access';
import { route } from '../shared/http';
import { overview } from './queues';

/** GET /api/admin/overview (issue 13): what waits for operations staff, with the oldest wait of each queue. */
export const handler = adminApiHandler('adminOverview', {
  'GET /api/admin/overview': route({
    access: 'admin',
    async handler() {
      // The declared contract is what leaves (contracts/admin.ts).
      return { body: adminOverviewSchema.parse(await overview()) };
    },
  }),
});
