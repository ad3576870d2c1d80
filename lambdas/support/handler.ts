import { ForbiddenError } from '../shared/errors';
import { apiHandler, route } from '../shared/http';
import { idempotencyOf, replayOf } from '../shared/idempotency';
import { notifyOps } from './notify';
import { supportCaseBody } from '../../contracts/support/schema';
import { openSupportCase, supportCaseReply } from './store';
import { supportCaseDetailSchema, supportCasePageSchema, supportListQuery, supportMessageBody } from '../../contracts/support/thread';
import { decodeVendorCasesCursor, encodeVendorCasesCursor } from './cursors';
import { answerCase, getCaseThread, listVendorCases, supportCaseNotFound } from './thread';

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
  // The vendor's Support cases page (issue 13): its own cases only; another vendor's case id is 404, as one that does not exist.
  'GET /api/support': route({
    access: 'vendor',
    query: supportListQuery,
    async handler({ query, caller }) {
      const vendorId = caller.vendor.vendorId;
      const after = query.cursor ? decodeVendorCasesCursor(query.cursor, vendorId) : undefined;
      const page = await listVendorCases(vendorId, after);
      return { body: supportCasePageSchema.parse({ items: page.items, nextCursor: page.lastKey ? encodeVendorCasesCursor(vendorId, page.lastKey) : null }) };
    },
  }),
  'GET /api/support/{caseId}': route({
    access: 'vendor',
    async handler({ params, caller }) {
      const found = await getCaseThread(caller.vendor.vendorId, params.caseId ?? '');
      if (!found) throw supportCaseNotFound();
      return { body: supportCaseDetailSchema.parse(found) };
    },
  }),
  'POST /api/support/{caseId}/messages': route({
    access: 'vendor',
    body: supportMessageBody,
    async handler({ params, body, caller }) {
      const vendor = { vendorId: caller.vendor.vendorId, userId: caller.userId, email: caller.vendor.email || caller.email };
      return { statusCode: 201, body: supportCaseDetailSchema.parse(await answerCase(vendor, params.caseId ?? '', body.message)) };
    },
  }),
});
