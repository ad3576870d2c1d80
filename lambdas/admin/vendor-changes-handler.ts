import { applicationDecisionAnswerSchema, applicationDecisionBodySchema, commissionBodySchema } from '../../contracts/admin-vendors';
import { adminApiHandler } from '../shared/admin-access';
import { route } from '../shared/http';
import { changeCommission, decideApplication } from './vendor-changes';

/**
 * The ops console's changes to a vendor (issue 13; docs/api.md): the decision on an application
 * (Cognito is brought in line: the function's `cognitoAdmin` grant) and the commission rate. The
 * actor of the audit entry is the verified caller, never the request.
 */
export const handler = adminApiHandler('adminVendorChanges', {
  'POST /api/admin/applications/{userId}/decision': route({
    access: 'admin',
    body: applicationDecisionBodySchema,
    async handler({ params, body, caller }) {
      const application = await decideApplication(params.userId!, body, { userId: caller.userId, email: caller.email });
      return { body: applicationDecisionAnswerSchema.parse({ application }) };
    },
  }),
  'PUT /api/admin/vendors/{vendorId}/commission': route({
    access: 'admin',
    body: commissionBodySchema,
    async handler({ params, body, caller }) {
      const commission = await changeCommission(params.vendorId!, body, { userId: caller.userId, email: caller.email });
      return { body: { commission } };
    },
  }),
});
