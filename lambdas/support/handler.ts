import { ForbiddenError } from '../shared/errors';
import { apiHandler, route } from '../shared/http';
import { notifyOps } from './notify';
import { supportCaseBody } from './schema';
import { openSupportCase } from './store';

export const handler = apiHandler('support', {
  'POST /api/support': route({
    access: 'vendor',
    body: supportCaseBody,
    async handler({ body, caller }) {
      // The body names the vendor (spec §7); it must be the caller's own, taken from the stored record.
      if (body.vendorId !== caller.vendor.vendorId) {
        throw new ForbiddenError('You can only open support cases for your own vendor account.', 'vendor_mismatch');
      }
      const supportCase = await openSupportCase({
        vendorId: caller.vendor.vendorId,
        userId: caller.userId,
        email: caller.vendor.email || caller.email,
        category: body.category,
        message: body.message,
      });
      await notifyOps(supportCase);
      return { statusCode: 201, body: { caseId: supportCase.caseId, status: supportCase.status, createdAt: supportCase.createdAt } };
    },
  }),
});
