/**
 * The ops console's support inbox (issue 13, screen 4; docs/api.md "Ops console: support"): the cases
 * by status with category and vendor filters, a case's thread with the vendor, reply, close and
 * reopen. Every change writes its audit entry in the same transaction (lambdas/support/thread.ts);
 * the operator is the verified caller.
 */
import { adminSupportCaseSchema, adminSupportListQuery, emptyBody, supportCasePageSchema, supportMessageBody } from '../../contracts/support/thread';
import type { Caller } from '../shared/auth';
import { adminApiHandler } from '../shared/admin-access';
import { route } from '../shared/http';
import { decodeInboxCursor, encodeInboxCursor } from '../support/cursors';
import { closeCase, getAdminCase, listInbox, reopenCase, replyToCase, supportCaseNotFound } from '../support/thread';

const operatorOf = (caller: Caller) => ({ userId: caller.userId, email: caller.email });

/** The ops view of the case after a change (the thread with the vendor), as the contract declares it. */
async function adminView(vendorId: string, caseId: string) {
  const found = await getAdminCase(vendorId, caseId);
  if (!found) throw supportCaseNotFound();
  return { body: adminSupportCaseSchema.parse(found) };
}

const ids = (params: Record<string, string>) => ({ vendorId: params.vendorId ?? '', caseId: params.caseId ?? '' });

export const handler = adminApiHandler('adminSupport', {
  'GET /api/admin/support': route({
    access: 'admin',
    query: adminSupportListQuery,
    async handler({ query }) {
      const { cursor, ...filter } = query;
      const after = cursor ? decodeInboxCursor(cursor, filter) : undefined;
      const page = await listInbox(filter, after);
      return { body: supportCasePageSchema.parse({ items: page.items, nextCursor: page.lastKey ? encodeInboxCursor(filter, page.lastKey) : null }) };
    },
  }),
  'GET /api/admin/support/{vendorId}/{caseId}': route({
    access: 'admin',
    async handler({ params }) {
      const { vendorId, caseId } = ids(params);
      return adminView(vendorId, caseId);
    },
  }),
  'POST /api/admin/support/{vendorId}/{caseId}/reply': route({
    access: 'admin',
    body: supportMessageBody,
    async handler({ params, body, caller }) {
      const { vendorId, caseId } = ids(params);
      await replyToCase(operatorOf(caller), vendorId, caseId, body.message);
      return adminView(vendorId, caseId);
    },
  }),
  'POST /api/admin/support/{vendorId}/{caseId}/close': route({
    access: 'admin',
    body: emptyBody,
    async handler({ params, caller }) {
      const { vendorId, caseId } = ids(params);
      await closeCase(operatorOf(caller), vendorId, caseId);
      return adminView(vendorId, caseId);
    },
  }),
  'POST /api/admin/support/{vendorId}/{caseId}/reopen': route({
    access: 'admin',
    body: emptyBody,
    async handler({ params, caller }) {
      const { vendorId, caseId } = ids(params);
      await reopenCase(operatorOf(caller), vendorId, caseId);
      return adminView(vendorId, caseId);
    },
  }),
});
