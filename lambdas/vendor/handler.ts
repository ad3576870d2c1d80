import * as z from 'zod';
import { NotFoundError } from '../shared/errors';
import { apiHandler, route } from '../shared/http';
import { LANGUAGES, updateVendorLanguage, type VendorRecord } from '../shared/vendors';
import type { Caller } from '../shared/auth';

/** What the web app learns about the signed-in user (GET and PATCH /api/me). */
export function meView(vendor: VendorRecord) {
  return {
    userId: vendor.userId,
    email: vendor.email,
    status: vendor.status,
    vendorId: vendor.status === 'approved' ? (vendor.vendorId ?? null) : null,
    vendorName: vendor.vendorName,
    language: vendor.language,
    payoutAccountId: vendor.payoutAccountId ?? null,
    ...(vendor.status === 'rejected' && vendor.rejectionReason ? { rejectionReason: vendor.rejectionReason } : {}),
  };
}

const notFound = (caller: Caller) => new NotFoundError(`Vendor not found for user ${caller.userId}`, 'vendor_not_found');

export const patchMeBody = z.strictObject({ language: z.enum(LANGUAGES) });

export const handler = apiHandler('me', {
  'GET /api/me': route({
    access: 'signed-in',
    async handler({ caller }) {
      if (!caller.vendor) throw notFound(caller);
      return { body: meView(caller.vendor) };
    },
  }),
  'PATCH /api/me': route({
    access: 'signed-in',
    body: patchMeBody,
    async handler({ caller, body }) {
      const updated = await updateVendorLanguage(caller.userId, body.language);
      if (!updated) throw notFound(caller);
      return { body: meView(updated) };
    },
  }),
});
