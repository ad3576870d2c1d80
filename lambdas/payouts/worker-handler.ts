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
import { env, type EnvSource } from '../shared/env';
import { logger } from '../shared/logger';
import { MINIMUM_PAYOUT_CENTS } from '../shared/money';
import { attemptKey, type PayoutAccountItem, type PayoutItem } from './model';
import { decidePayout, payoutFeeCents, payoutIdFor, periodFromId } from './period';
import { bankTransferProvider } from './bank';
import { s3InstructionStore } from './bank-s3';
import { emailPayoutProvider, envConfigSource } from './provider';
import { cachedSecretsConfigSource } from './secrets-config';
import { destinationBlock, payoutMessage, pendingPayout, providerTransition, settlementRoute, type PayoutMessage, type Providers, type SettlementOutcome } from './settlement';
import { debitForPayout, failPayout, markPaid, markSubmitted, readPayoutState } from './store';

const MAX_ATTEMPTS = 5;

export interface WorkerDeps {
  providers: Providers;
  feeCents: number;
  minimumCents?: number;
  now?: () => Date;
}

export async function payVendor(message: PayoutMessage, deps: WorkerDeps): Promise<SettlementOutcome> {
  const now = deps.now ?? (() => new Date());
  const period = periodFromId(message.periodId);
  if (!period) throw new RangeError(`Not a payout period: ${message.periodId}`);
  const { vendorId } = message;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    // One round trip for the three items (issue 24): with the debit and the paid transaction, three a paid vendor.
    const { payout: existing, account, balanceCents } = await readPayoutState(vendorId, period.id);
    if (existing) return existing.status === 'pending' ? settle(existing, deps, now, account) : 'already_settled';

    const blocked = destinationBlock(account, deps.providers, now().toISOString());
    if (blocked || !account) return blocked ?? 'no_method';

    const decision = decidePayout(balanceCents, deps.feeCents, deps.minimumCents ?? MINIMUM_PAYOUT_CENTS);
    if (!decision.pay) return 'below_minimum';

    const payout = pendingPayout(vendorId, period, decision, account, now().toISOString());
    const outcome = await debitForPayout(payout);
    if (outcome === 'written') return settle(payout, deps, now, account);
    // Another worker created it: it settles it (and its redelivery does, should it crash).
    if (outcome === 'exists') return 'duplicate';
    // balance_changed or contention: read again.
  }
  throw new Error(`Payout ${payoutIdFor(vendorId, period)}: gave up after ${MAX_ATTEMPTS} contended attempts`);
}

/** `account`: the payout method as read with the payout (null: none). */
async function settle(payout: PayoutItem, deps: WorkerDeps, now: () => Date, account: PayoutAccountItem | null): Promise<SettlementOutcome> {
  const route = settlementRoute(payout, account, deps.providers);
  if (!route.pay) return failPayout(payout, route.reason, now().toISOString());
  const next = providerTransition(await route.provider.pay({ payoutId: payout.payoutId, idempotencyKey: attemptKey(payout), amountCents: payout.paidCents, account: route.account }));
  if (next.to === 'failed') return failPayout(payout, next.reason, now().toISOString());
  await (next.to === 'paid' ? markPaid : markSubmitted)(payout, next.reference, now().toISOString());
  logger.info(`payout ${next.to}`, { payoutId: payout.payoutId, paidCents: payout.paidCents });
  return next.to;
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
async function payRecord(record: SQSRecord, deps: WorkerDeps): Promise<SettlementOutcome> {
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
