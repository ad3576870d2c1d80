import * as z from 'zod';
import { applicationDetailSchema, applicationsPageSchema, vendorDetailSchema, vendorListQuerySchema, vendorsPageSchema } from '../../contracts/admin-vendors';
import { adminApiHandler } from '../shared/admin-access';
import { route } from '../shared/http';
import { applicationDetail, listApplications, listVendors, vendorDetail } from './vendors';

const pageQuery = z.strictObject({ cursor: z.string().optional() });

/**
 * The ops console's Vendor applications and Vendor directory, read side (issue 13; docs/api.md):
 * the pending queue, an application with its history, the directory search and a vendor's detail.
 * Reads only (the audit table too); the changes are admin/vendor-changes-handler.ts's.
 */
export const handler = adminApiHandler('adminVendors', {
  'GET /api/admin/applications': route({
    access: 'admin',
    query: pageQuery,
    async handler({ query }) {
      return { body: applicationsPageSchema.parse(await listApplications(query.cursor)) };
    },
  }),
  'GET /api/admin/applications/{userId}': route({
    access: 'admin',
    async handler({ params }) {
      return { body: applicationDetailSchema.parse(await applicationDetail(params.userId!)) };
    },
  }),
  'GET /api/admin/vendors': route({
    access: 'admin',
    query: vendorListQuerySchema,
    async handler({ query }) {
      return { body: vendorsPageSchema.parse(await listVendors(query)) };
    },
  }),
  'GET /api/admin/vendors/{vendorId}': route({
    access: 'admin',
    async handler({ params }) {
      return { body: vendorDetailSchema.parse(await vendorDetail(params.vendorId!)) };
    },
  }),
});
