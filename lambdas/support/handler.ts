import { ForbiddenError } from '../shared/errors';
import { apiHandler, route } from '../shared/http';
import { idempotencyOf, replayOf } from '../shared/idempotency';
import { notifyOps } from './notify';
import { supportCaseBody } from '../../contracts/support/schema';
import { openSupportCase, supportCaseReply } from './store';

export const handler = apiHandler('support', {
  'POST /api/support': route({
    access: 'vendor',
    body: supportCaseBody,
    async handler({ event, body, caller }) {
      // The body names the vendor (spec §7); it must be the caller's own, taken from the stored record.
      if (body.vendorId !== caller.vendor.vendorId) {
        throw new ForbiddenError('You can only open support cases for your own vendor account.', 'vendor_mismatch');
      }
      // A retry of a request already answered gets that answer (before the hourly limit is looked at).
      const idempotent = idempotencyOf(event, 'POST /api/support', caller.vendor.vendorId, body);
      const replay = await replayOf(idempotent);
      if (replay) return replay;
      const outcome = await openSupportCase(
        { vendorId: caller.vendor.vendorId, userId: caller.userId, email: caller.vendor.email || caller.email, category: body.category, message: body.message },
        new Date(),
        idempotent,
      );
      if ('replay' in outcome) return outcome.replay;
      await notifyOps(outcome);
      return supportCaseReply(outcome);
    },
  }),
});
