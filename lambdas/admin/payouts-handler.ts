/**
 * The ops console's Payouts API (issue 13, screen 5; docs/api.md): a period's figures and payouts,
 * failed payouts with Retry, bank transfers awaiting confirmation with Confirm paid / failed, and the
 * period's bank batch (audited: it holds full account numbers). Thin: reads in payouts.ts, the
 * transitions in lambdas/payouts (retry.ts, confirm.ts), shared with `npm run payouts:bank`.
 */
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import {
  ADMIN_PAYOUT_VIEWS,
  adminPayoutActionSchema,
  adminPayoutPageSchema,
  adminPayoutPeriodSchema,
  bankBatchBodySchema,
  bankBatchSchema,
  confirmBodySchema,
  periodIdSchema,
  retryBodySchema,
} from '../../contracts/admin-payouts';
import { auditWrite } from '../audit/record';
import { dynamo } from '../shared/clients';
import { env } from '../shared/env';
import { BadRequestError, ConflictError, NotFoundError } from '../shared/errors';
import { adminApiHandler } from '../shared/admin-access';
import { route } from '../shared/http';
import { readInstructions, instructionsCsv } from '../payouts/bank-batch';
import { confirmBankPayout } from '../payouts/confirm';
import { parsePayoutId } from '../payouts/period';
import { retryPayout } from '../payouts/retry';
import { getPayout } from '../payouts/store';
import { adminPayoutOf, listAdminPayouts, periodSummary, vendorsById } from './payouts';

export const adminPayoutsQuery = z
  .strictObject({
    view: z.enum(ADMIN_PAYOUT_VIEWS),
    period: periodIdSchema.optional(),
    cursor: z.string().min(1).max(2048).optional(),
  })
  .refine((q) => q.view !== 'period' || q.period !== undefined, { message: 'period_required', path: ['period'] });

const operator = (caller: { userId: string; email: string }) => ({ userId: caller.userId, email: caller.email });

async function payoutNow(payoutId: string) {
  const ids = parsePayoutId(payoutId);
  const payout = ids ? await getPayout(ids.vendorId, ids.periodId) : null;
  if (!payout) throw new NotFoundError('No such payout.', 'payout_not_found');
  const vendor = (await vendorsById([payout.vendorId])).get(payout.vendorId);
  return adminPayoutOf(payout, vendor?.vendorName ?? null);
}

export const handler = adminApiHandler('adminPayouts', {
  'GET /api/admin/payouts': route({
    access: 'admin',
    query: adminPayoutsQuery,
    async handler({ query }) {
      const page = await listAdminPayouts(query.view, { ...(query.period ? { periodId: query.period } : {}), ...(query.cursor ? { cursor: query.cursor } : {}) });
      return { body: adminPayoutPageSchema.parse(page) };
    },
  }),
  'GET /api/admin/payouts/periods/{periodId}': route({
    access: 'admin',
    async handler({ params }) {
      const periodId = periodIdSchema.safeParse(params.periodId ?? '');
      if (!periodId.success) throw new BadRequestError('Not a payout period (yyyy-mm-1 or yyyy-mm-2).', 'invalid_query');
      const summary = await periodSummary(periodId.data);
      if (!summary) throw new BadRequestError('Not a payout period (yyyy-mm-1 or yyyy-mm-2).', 'invalid_query');
      return { body: adminPayoutPeriodSchema.parse(summary) };
    },
  }),
  'POST /api/admin/payouts/{payoutId}/retry': route({
    access: 'admin',
    body: retryBodySchema,
    async handler({ params, body, caller }) {
      const result = await retryPayout(params.payoutId ?? '', body.retryCount, { actor: operator(caller), vendorOf: async (id) => (await vendorsById([id])).get(id) ?? null });
      switch (result.outcome) {
        case 'not_found':
          throw new NotFoundError('No such payout.', 'payout_not_found');
        case 'not_failed':
          throw new ConflictError(`The payout is ${result.payout.status}, not failed: there is nothing to retry.`, 'payout_not_failed');
        case 'no_method':
          throw new ConflictError('The vendor has no payout method: nothing can be paid until they set one up.', 'payout_retry_blocked');
        case 'held':
          throw new ConflictError("The vendor's payout method changed recently and is on hold: retry after the hold ends.", 'payout_retry_blocked');
        case 'insufficient_balance':
          throw new ConflictError("The vendor's balance no longer holds the amount (a later payout paid it out): nothing to retry.", 'payout_retry_blocked');
      }
      return { body: adminPayoutActionSchema.parse({ outcome: result.outcome, payout: await payoutNow(result.payout.payoutId) }) };
    },
  }),
  'POST /api/admin/payouts/{payoutId}/confirm': route({
    access: 'admin',
    body: confirmBodySchema,
    async handler({ params, body, caller }) {
      const payoutId = params.payoutId ?? '';
      const outcome = await confirmBankPayout(payoutId, body.outcome, { actor: operator(caller), reason: body.reason });
      if (outcome === 'not_found') throw new NotFoundError('No such payout.', 'payout_not_found');
      if (outcome === 'not_pending' || outcome === 'not_submitted') {
        throw new ConflictError(
          outcome === 'not_pending' ? 'The payout is no longer awaiting confirmation (someone confirmed it already).' : 'The payout is not a bank transfer written to a batch.',
          'payout_not_awaiting',
        );
      }
      return { body: adminPayoutActionSchema.parse({ outcome, payout: await payoutNow(payoutId) }) };
    },
  }),
  'POST /api/admin/payouts/bank-batch': route({
    access: 'admin',
    body: bankBatchBodySchema,
    async handler({ body, caller }) {
      const bucket = env.payoutBatchBucket();
      if (!bucket) throw new NotFoundError('Bank transfers are not set up on this stack.', 'not_found');
      // A bucket nothing was written to yet (a new local stack) holds no batch.
      const instructions = await readInstructions(bucket, body.periodId).catch((err: unknown) => {
        if ((err as Error).name === 'NoSuchBucket') return [];
        throw err;
      });
      const at = new Date().toISOString();
      // The file holds full account numbers: who downloaded which period is in the audit log.
      await dynamo.send(
        new TransactWriteCommand({
          TransactItems: [
            auditWrite({
              actor: operator(caller),
              action: 'payout.batch_downloaded',
              target: { type: 'payout_batch', id: body.periodId },
              vendorId: null,
              after: { rows: instructions.length },
              at,
            }),
          ],
        }),
      );
      return {
        body: bankBatchSchema.parse({ periodId: body.periodId, fileName: `bank-transfers-${body.periodId}.csv`, rows: instructions.length, csv: instructionsCsv(instructions) }),
      };
    },
  }),
});
