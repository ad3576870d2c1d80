import { mfaResetAnswerSchema, mfaResetBodySchema } from '../../contracts/admin-mfa';
import { adminApiHandler } from '../shared/admin-access';
import { route } from '../shared/http';
import { resetTwoStep } from '../vendor/two-step';

/**
 * The ops console's two-step sign-in reset (issue 14; docs/operations.md): turns a user's TOTP off in
 * Cognito (the function's `cognitoAdmin` grant), audited (`mfa.reset`), and the vendor is told by a
 * security notice. The actor is the verified caller, never the request.
 */
export const handler = adminApiHandler('adminMfa', {
  'POST /api/admin/users/{userId}/mfa-reset': route({
    access: 'admin',
    body: mfaResetBodySchema,
    async handler({ params, body, caller }) {
      const answer = await resetTwoStep(params.userId!, body.reason, { userId: caller.userId, email: caller.email });
      return { body: mfaResetAnswerSchema.parse(answer) };
    },
  }),
});
