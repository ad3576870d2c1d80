/**
 * The payout worker: pays one vendor for one period at most once (docs/decisions.md, "Payouts").
 *   1. one transaction creates the payout (only if absent), debits the balance (only if it still
 *      holds the amount) and books the `payout` entry;
 *   2. the provider is called with the payout id as idempotency key;
 *   3. the payout becomes paid, or failed with the amount re-credited (`payout_reversal`).
 * A crash between 1 and 2 leaves a pending payout: the redelivered message finds it and resumes at 2.
 */
import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import * as z from 'zod';
import { env, type EnvSource } from '../shared/env';
import { logger } from '../shared/logger';
import { MINIMUM_PAYOUT_CENTS } from '../shared/money';
import { maskDestination, type PayoutAccountItem, type PayoutItem, type PayoutMethodKind } from './model';
import { decidePayout, payoutFeeCents, payoutIdFor, payoutSk, periodFromId } from './period';
import { bankTransferProvider } from './bank';
import { s3InstructionStore } from './bank-s3';
import { emailPayoutProvider, envConfigSource, type PayoutProvider } from './provider';
import { cachedSecretsConfigSource } from './secrets-config';
import { debitForPayout, failAndRecredit, getBalanceCents, getPayout, getPayoutAccount, markPaid, markSubmitted } from './store';

export const payoutMessage = z.strictObject({ vendorId: z.string().regex(/^V-\d+$/), periodId: z.string().regex(/^\d{4}-\d{2}-[12]$/) });
export type PayoutMessage = z.infer<typeof payoutMessage>;

export interface WorkerDeps {
  providers: Partial<Record<PayoutMethodKind, PayoutProvider>>;
  feeCents: number;
  minimumCents?: number;
  now?: () => Date;
}

export type WorkerOutcome =
  | 'paid'
  | 'submitted'
  | 'failed'
  | 'already_settled'
  | 'duplicate'
  | 'below_minimum'
  | 'no_method'
  | 'held'
  | 'method_unavailable';

const MAX_ATTEMPTS = 5;

export async function payVendor(message: PayoutMessage, deps: WorkerDeps): Promise<WorkerOutcome> {
  const now = deps.now ?? (() => new Date());
  const period = periodFromId(message.periodId);
  if (!period) throw new RangeError(`Not a payout period: ${message.periodId}`);
  const { vendorId } = message;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const existing = await getPayout(vendorId, period.id);
    if (existing) return existing.status === 'pending' ? settle(existing, deps, now) : 'already_settled';

    const account = await getPayoutAccount(vendorId);
    if (!account) return 'no_method';
    if (account.holdUntil && account.holdUntil > now().toISOString()) return 'held';
    if (!deps.providers[account.method]) return 'method_unavailable';

    const decision = decidePayout(await getBalanceCents(vendorId), deps.feeCents, deps.minimumCents ?? MINIMUM_PAYOUT_CENTS);
    if (!decision.pay) return 'below_minimum';

    const at = now().toISOString();
    const payout: PayoutItem = {
      vendorId,
      sk: payoutSk(period),
      payoutId: payoutIdFor(vendorId, period),
      periodId: period.id,
      periodFrom: period.from,
      periodTo: period.to,
      status: 'pending',
      amountCents: decision.amountCents,
      feeCents: decision.feeCents,
      paidCents: decision.paidCents,
      method: account.method,
      destinationMasked: maskDestination(account),
      payoutAccountId: account.payoutAccountId,
      createdAt: at,
      updatedAt: at,
    };
    const outcome = await debitForPayout(payout);
    if (outcome === 'written') return settle(payout, deps, now, account);
    // Another worker created it: it settles it (and its redelivery does, should it crash).
    if (outcome === 'exists') return 'duplicate';
    // balance_changed or contention: read again.
  }
  throw new Error(`Payout ${payoutIdFor(vendorId, period)}: gave up after ${MAX_ATTEMPTS} contended attempts`);
}

async function settle(payout: PayoutItem, deps: WorkerDeps, now: () => Date, known?: PayoutAccountItem): Promise<WorkerOutcome> {
  const account = known ?? (await getPayoutAccount(payout.vendorId));
  const provider = account ? deps.providers[account.method] : undefined;
  // The destination changed (or vanished) after the debit: do not pay somewhere the payout was not made out to.
  if (!account || account.payoutAccountId !== payout.payoutAccountId || !provider) {
    return fail(payout, !account || account.payoutAccountId !== payout.payoutAccountId ? 'destination_changed' : 'method_unavailable', now);
  }
  const result = await provider.pay({ payoutId: payout.payoutId, amountCents: payout.paidCents, account });
  if (result.status === 'submitted') {
    await markSubmitted(payout, result.reference, now().toISOString());
    logger.info('payout submitted', { payoutId: payout.payoutId, paidCents: payout.paidCents });
    return 'submitted';
  }
  if (result.status === 'paid') {
    await markPaid(payout, result.reference, now().toISOString());
    logger.info('payout paid', { payoutId: payout.payoutId, paidCents: payout.paidCents });
    return 'paid';
  }
  return fail(payout, result.reason, now);
}

export async function fail(payout: PayoutItem, reason: string, now: () => Date): Promise<WorkerOutcome> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const out = await failAndRecredit(payout, reason, now().toISOString());
    if (out === 'contention') continue;
    if (out === 'written') {
      // The alarm's metric filter matches `"alarm": "PayoutFailed"` (no destination in the log).
      logger.error('payout failed; balance re-credited', { alarm: 'PayoutFailed', payoutId: payout.payoutId, reason, amountCents: payout.amountCents });
      return 'failed';
    }
    return 'already_settled';
  }
  throw new Error(`Payout ${payout.payoutId}: could not record the failure (contention)`);
}

/**
 * The providers of this process: the e-mail provider (config from the Secrets Manager secret
 * `PAYOUT_PROVIDER_SECRET_ARN` in the cloud, from env locally) and, where
 * `PAYOUT_BATCH_BUCKET` is set, bank transfer instructions in that bucket.
 */
export function defaultWorkerDeps(source?: EnvSource): WorkerDeps {
  const bucket = env.payoutBatchBucket(source);
  const secretArn = env.payoutProviderSecretArn(source);
  return {
    providers: {
      email: emailPayoutProvider(secretArn ? cachedSecretsConfigSource(secretArn) : envConfigSource(source)),
      ...(bucket ? { bank: bankTransferProvider(s3InstructionStore(bucket)) } : {}),
    },
    feeCents: payoutFeeCents(source),
  };
}

/** One SQS record: parse the message and pay; a throw marks the record failed (it is logged here, with its id). */
async function payRecord(record: SQSRecord, deps: WorkerDeps): Promise<WorkerOutcome> {
  try {
    const message = payoutMessage.parse(JSON.parse(record.body));
    const outcome = await payVendor(message, deps);
    logger.info('payout message done', { ...message, outcome });
    return outcome;
  } catch (err) {
    logger.error('payout message failed', { messageId: record.messageId, error: err as Error });
    throw err;
  }
}

/**
 * SQS handler with partial-batch failure reporting (Powertools batch; the event source sets
 * `reportBatchItemFailures`, lib/payouts.ts): a record whose message does not parse or whose
 * payment threw is reported as failed, redelivered after the visibility timeout and after the
 * queue's receive limit lands in the DLQ; the batch's other records are done. Paying twice is
 * impossible on redelivery (payVendor is idempotent per vendor and period). Records are processed
 * one after another, as before; a batch in which every record failed is answered with all of them
 * as failures rather than thrown (same retries, and no invocation error per bad batch).
 */
export async function handler(event: SQSEvent, context?: Context): Promise<SQSBatchResponse> {
  const deps = defaultWorkerDeps();
  // One processor per invocation: it holds the batch's state.
  const processor = new BatchProcessor(EventType.SQS);
  return processPartialResponse(event, (record: SQSRecord) => payRecord(record, deps), processor, {
    processInParallel: false,
    throwOnFullBatchFailure: false,
    ...(context ? { context } : {}),
  });
}
