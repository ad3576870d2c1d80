import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand, type BatchGetCommandInput, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../shared/clients';
import { BALANCE_SK, entrySk, type LedgerEntryItem } from '../sales/model';
import { logger } from '../shared/logger';
import { tableName } from '../shared/tables';
import { PAYABLE_ATTRIBUTE, PAYABLE_INDEX, payableValue, type PayoutAccountItem, type PayoutItem } from './model';
import { notificationWrites, type TransactItem } from '../notifications/record';
import { payoutSk } from './period';

export async function getPayout(vendorId: string, periodId: string): Promise<PayoutItem | null> {
  const out = await dynamo.send(
    new GetCommand({ TableName: tableName('ledger'), Key: { vendorId, sk: payoutSk({ id: periodId }) }, ConsistentRead: true }),
  );
  return (out.Item as PayoutItem | undefined) ?? null;
}

export async function getBalanceCents(vendorId: string): Promise<number> {
  const out = await dynamo.send(new GetCommand({ TableName: tableName('ledger'), Key: { vendorId, sk: BALANCE_SK }, ConsistentRead: true }));
  return typeof out.Item?.balanceCents === 'number' ? out.Item.balanceCents : 0;
}

export async function getPayoutAccount(vendorId: string): Promise<PayoutAccountItem | null> {
  const out = await dynamo.send(new GetCommand({ TableName: tableName('payoutAccounts'), Key: { vendorId }, ConsistentRead: true }));
  return (out.Item as PayoutAccountItem | undefined) ?? null;
}

/** What the worker decides a payout from: the period's payout, the vendor's balance and payout method. */
export interface PayoutState {
  payout: PayoutItem | null;
  balanceCents: number;
  account: PayoutAccountItem | null;
}

/**
 * The period's payout, the BALANCE item and the payout method of one vendor in one round trip (issue
 * 24: a consistent BatchGetItem over the ledger and the payout accounts, where three GetItems were
 * three round trips). Keys DynamoDB leaves unprocessed are asked again with backoff, as `balancesOf`.
 */
export async function readPayoutState(vendorId: string, periodId: string): Promise<PayoutState> {
  const ledger = tableName('ledger');
  const accounts = tableName('payoutAccounts');
  const state: PayoutState = { payout: null, balanceCents: 0, account: null };
  let request: NonNullable<BatchGetCommandInput['RequestItems']> = {
    [ledger]: { Keys: [{ vendorId, sk: payoutSk({ id: periodId }) }, { vendorId, sk: BALANCE_SK }], ConsistentRead: true },
    [accounts]: { Keys: [{ vendorId }], ConsistentRead: true },
  };
  for (let round = 0; Object.keys(request).length; round++) {
    if (round >= BATCH_GET_ROUNDS) throw new Error(`BatchGetItem left vendor ${vendorId}'s payout state unprocessed after ${round} rounds`);
    if (round > 0) await new Promise((r) => setTimeout(r, Math.min(2_000, 50 * 2 ** round)));
    const out = await dynamo.send(new BatchGetCommand({ RequestItems: request }));
    for (const item of out.Responses?.[ledger] ?? []) {
      if (item.sk === BALANCE_SK) state.balanceCents = typeof item.balanceCents === 'number' ? item.balanceCents : 0;
      else state.payout = item as PayoutItem;
    }
    const account = out.Responses?.[accounts]?.[0];
    if (account) state.account = account as PayoutAccountItem;
    request = Object.fromEntries(Object.entries(out.UnprocessedKeys ?? {}).filter(([, unprocessed]) => unprocessed.Keys?.length));
  }
  return state;
}

/**
 * `written`: payout created, balance debited, entry booked. `exists`: the period's payout is already
 * there (another worker or an earlier delivery). `balance_changed`: the balance is not the amount
 * now (a concurrent sale or reversal): read again. `contention`: concurrent transactions: retry.
 */
export type DebitOutcome = 'written' | 'exists' | 'balance_changed' | 'contention';

const RETRYABLE = new Set(['TransactionConflict', 'ThrottlingError', 'ProvisionedThroughputExceeded', 'RequestLimitExceeded']);

function cancellationCodes(err: unknown): string[] | null {
  if (!(err instanceof TransactionCanceledException)) return null;
  return (err.CancellationReasons ?? []).map((r) => r.Code ?? 'None');
}

/** The exactly-once step: one transaction, all or nothing. */
export async function debitForPayout(payout: PayoutItem): Promise<DebitOutcome> {
  const ledger = tableName('ledger');
  const entry: LedgerEntryItem = {
    vendorId: payout.vendorId,
    sk: entrySk(payout.createdAt, payout.payoutId),
    kind: 'payout',
    amountCents: -payout.amountCents,
    payoutId: payout.payoutId,
    at: payout.createdAt,
  };
  try {
    await dynamo.send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: ledger, Item: payout, ConditionExpression: 'attribute_not_exists(sk)' } },
          {
            Update: {
              TableName: ledger,
              Key: { vendorId: payout.vendorId, sk: BALANCE_SK },
              UpdateExpression: 'SET updatedAt = :now ADD balanceCents :debit',
              // The whole balance, exactly as read: a sale booked since makes the worker read again,
              // so a payout always empties the balance and its statement reconciles (reconcile.ts).
              ConditionExpression: 'balanceCents = :amount',
              ExpressionAttributeValues: { ':now': payout.createdAt, ':debit': -payout.amountCents, ':amount': payout.amountCents },
            },
          },
          { Put: { TableName: ledger, Item: entry, ConditionExpression: 'attribute_not_exists(sk)' } },
        ],
      }),
    );
    return 'written';
  } catch (err) {
    const codes = cancellationCodes(err);
    if (!codes) throw err;
    if (codes[0] === 'ConditionalCheckFailed') return 'exists';
    if (codes[1] === 'ConditionalCheckFailed') return 'balance_changed';
    if (codes.some((c) => RETRYABLE.has(c))) return 'contention';
    throw err;
  }
}

/**
 * pending → paid, with the vendor's "payout paid" notification in the same transaction; false when
 * the payout was no longer pending (someone else settled it). `extra`: more items of the same
 * transaction (ops' confirmation adds its audit entry, lambdas/audit/record.ts).
 */
export async function markPaid(payout: PayoutItem, providerReference: string, at: string, extra: readonly TransactItem[] = []): Promise<boolean> {
  try {
    await dynamo.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName('ledger'),
              Key: { vendorId: payout.vendorId, sk: payout.sk },
              UpdateExpression: 'SET #status = :paid, providerReference = :ref, updatedAt = :now',
              ConditionExpression: '#status = :pending',
              ExpressionAttributeNames: { '#status': 'status' },
              ExpressionAttributeValues: { ':paid': 'paid', ':pending': 'pending', ':ref': providerReference, ':now': at },
            },
          },
          ...notificationWrites({
            vendorId: payout.vendorId,
            type: 'payout_paid',
            subject: payout.payoutId,
            params: { payoutId: payout.payoutId, period: payout.periodId, amountCents: payout.amountCents, feeCents: payout.feeCents, paidCents: payout.paidCents },
            createdAt: at,
          }),
          ...extra,
        ],
      }),
    );
    return true;
  } catch (err) {
    const codes = cancellationCodes(err);
    if (codes?.[0] === 'ConditionalCheckFailed') return false;
    throw err;
  }
}

/** A pending payout handed to a provider that confirms later (bank transfer); it stays pending. */
export async function markSubmitted(payout: PayoutItem, providerReference: string, at: string): Promise<boolean> {
  try {
    await dynamo.send(
      new UpdateCommand({
        TableName: tableName('ledger'),
        Key: { vendorId: payout.vendorId, sk: payout.sk },
        UpdateExpression: 'SET providerReference = :ref, submittedAt = if_not_exists(submittedAt, :now), updatedAt = :now',
        ConditionExpression: '#status = :pending',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':pending': 'pending', ':ref': providerReference, ':now': at },
      }),
    );
    return true;
  } catch (err) {
    if ((err as Error).name === 'ConditionalCheckFailedException') return false;
    throw err;
  }
}

/**
 * pending → failed and the amount back on the balance (ENTRY kind payout_reversal), with the
 * vendor's "payout failed" notification, in one transaction.
 */
async function failAndRecredit(payout: PayoutItem, reason: string, at: string, extra: readonly TransactItem[]): Promise<'written' | 'not_pending' | 'contention'> {
  const ledger = tableName('ledger');
  const entry: LedgerEntryItem = {
    vendorId: payout.vendorId,
    sk: entrySk(at, `${payout.payoutId}#reversal`),
    kind: 'payout_reversal',
    amountCents: payout.amountCents,
    payoutId: payout.payoutId,
    at,
  };
  try {
    await dynamo.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: ledger,
              Key: { vendorId: payout.vendorId, sk: payout.sk },
              UpdateExpression: 'SET #status = :failed, failureReason = :reason, updatedAt = :now',
              ConditionExpression: '#status = :pending',
              ExpressionAttributeNames: { '#status': 'status' },
              ExpressionAttributeValues: { ':failed': 'failed', ':pending': 'pending', ':reason': reason, ':now': at },
            },
          },
          {
            Update: {
              TableName: ledger,
              Key: { vendorId: payout.vendorId, sk: BALANCE_SK },
              UpdateExpression: 'SET updatedAt = :now, #payable = :payable ADD balanceCents :credit',
              ExpressionAttributeNames: { '#payable': PAYABLE_ATTRIBUTE },
              ExpressionAttributeValues: { ':now': at, ':credit': payout.amountCents, ':payable': payableValue(payout.vendorId) },
            },
          },
          { Put: { TableName: ledger, Item: entry, ConditionExpression: 'attribute_not_exists(sk)' } },
          ...notificationWrites({
            vendorId: payout.vendorId,
            type: 'payout_failed',
            subject: payout.payoutId,
            params: { payoutId: payout.payoutId, period: payout.periodId, amountCents: payout.amountCents, reason },
            createdAt: at,
          }),
          ...extra,
        ],
      }),
    );
    return 'written';
  } catch (err) {
    const codes = cancellationCodes(err);
    if (!codes) throw err;
    if (codes[0] === 'ConditionalCheckFailed') return 'not_pending';
    if (codes.some((c) => RETRYABLE.has(c))) return 'contention';
    throw err;
  }
}

const FAIL_ATTEMPTS = 5;

/**
 * Fails a pending payout with the amount re-credited (failAndRecredit, retried on contention) — the
 * worker when the provider refuses or the destination changed, ops when a bank transfer bounced.
 * Logs the `PayoutFailed` alarm (its metric filter matches `"alarm": "PayoutFailed"`; no destination
 * in the log). 'already_settled' when the payout was no longer pending.
 */
export async function failPayout(payout: PayoutItem, reason: string, at: string, extra: readonly TransactItem[] = []): Promise<'failed' | 'already_settled'> {
  for (let attempt = 0; attempt < FAIL_ATTEMPTS; attempt++) {
    const out = await failAndRecredit(payout, reason, at, extra);
    if (out === 'contention') continue;
    if (out === 'written') {
      logger.error('payout failed; balance re-credited', { alarm: 'PayoutFailed', payoutId: payout.payoutId, reason, amountCents: payout.amountCents });
      return 'failed';
    }
    return 'already_settled';
  }
  throw new Error(`Payout ${payout.payoutId}: could not record the failure (contention)`);
}

/** Where a retried payout goes: the vendor's current destination (the masked copy on the vendor record). */
export interface RetryDestination {
  payoutAccountId: string;
  method: PayoutItem['method'];
  destinationMasked: string;
}

/**
 * `retried`: failed → pending with the retry count one up, the amount debited again and booked
 * (ENTRY kind payout), in one transaction with `extra` (the audit entry). `not_failed`: the payout is
 * no longer failed at this retry count (another operator or an earlier request retried it).
 * `insufficient_balance`: the balance no longer holds the amount (a later payout paid it out).
 */
export type RetryOutcome = 'retried' | 'not_failed' | 'insufficient_balance' | 'contention';

export async function retryFailedPayout(
  payout: PayoutItem,
  destination: RetryDestination,
  at: string,
  extra: readonly TransactItem[] = [],
): Promise<RetryOutcome> {
  const ledger = tableName('ledger');
  const seen = payout.retryCount ?? 0;
  const next = seen + 1;
  const entry: LedgerEntryItem = {
    vendorId: payout.vendorId,
    sk: entrySk(at, `${payout.payoutId}#retry${next}`),
    kind: 'payout',
    amountCents: -payout.amountCents,
    payoutId: payout.payoutId,
    at,
  };
  try {
    await dynamo.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: ledger,
              Key: { vendorId: payout.vendorId, sk: payout.sk },
              UpdateExpression:
                'SET #status = :pending, retryCount = :next, lastFailureReason = :reason, payoutAccountId = :account, #method = :method, destinationMasked = :dest, updatedAt = :now REMOVE failureReason, submittedAt, providerReference',
              // The count the operator saw: two retries of the same failure, one wins.
              ConditionExpression: `#status = :failed AND ${seen === 0 ? 'attribute_not_exists(retryCount)' : 'retryCount = :seen'}`,
              ExpressionAttributeNames: { '#status': 'status', '#method': 'method' },
              ExpressionAttributeValues: {
                ':pending': 'pending',
                ':failed': 'failed',
                ':next': next,
                ':reason': payout.failureReason ?? 'unknown',
                ':account': destination.payoutAccountId,
                ':method': destination.method,
                ':dest': destination.destinationMasked,
                ':now': at,
                ...(seen === 0 ? {} : { ':seen': seen }),
              },
            },
          },
          {
            Update: {
              TableName: ledger,
              Key: { vendorId: payout.vendorId, sk: BALANCE_SK },
              UpdateExpression: 'SET updatedAt = :now ADD balanceCents :debit',
              // The failure re-credited the amount; it must still be there (not paid out since).
              ConditionExpression: 'balanceCents >= :amount',
              ExpressionAttributeValues: { ':now': at, ':debit': -payout.amountCents, ':amount': payout.amountCents },
            },
          },
          { Put: { TableName: ledger, Item: entry, ConditionExpression: 'attribute_not_exists(sk)' } },
          ...extra,
        ],
      }),
    );
    return 'retried';
  } catch (err) {
    const codes = cancellationCodes(err);
    if (!codes) throw err;
    if (codes[0] === 'ConditionalCheckFailed') return 'not_failed';
    if (codes[1] === 'ConditionalCheckFailed') return 'insufficient_balance';
    if (codes.some((c) => RETRYABLE.has(c))) return 'contention';
    throw err;
  }
}

export interface PayableCandidate {
  vendorId: string;
  balanceCents: number;
}

/**
 * One page of one partition of the sparse payable index (a write shard, or the legacy value):
 * the vendor ids of BALANCE items marked payable since they were last pruned. The index projects
 * keys only (its writes are then free on every sale that leaves the mark as it was), so the
 * balances come from `balancesOf`.
 */
export async function queryPayable(partition: string, startKey?: Record<string, unknown>): Promise<{ vendorIds: string[]; next?: Record<string, unknown> }> {
  const out: QueryCommandOutput = await dynamo.send(
    new QueryCommand({
      TableName: tableName('ledger'),
      IndexName: PAYABLE_INDEX,
      KeyConditionExpression: '#payable = :payable',
      ExpressionAttributeNames: { '#payable': PAYABLE_ATTRIBUTE },
      ExpressionAttributeValues: { ':payable': partition },
      ...(startKey ? { ExclusiveStartKey: startKey } : {}),
    }),
  );
  const vendorIds = (out.Items ?? []).map((i) => String(i.vendorId));
  return { vendorIds, ...(out.LastEvaluatedKey ? { next: out.LastEvaluatedKey } : {}) };
}

/** BatchGetItem takes at most 100 keys. */
export const BATCH_GET_SIZE = 100;
const BATCH_GET_ROUNDS = 8;

/**
 * The BALANCE items of up to 100 vendors (BatchGetItem, eventually consistent: the worker reads the
 * balance again, consistently, and the prune is conditional). A vendor without a BALANCE item is
 * left out. Keys DynamoDB leaves unprocessed are asked again with backoff; still unprocessed after
 * eight rounds, the call fails (the run fails and is retried: it is idempotent).
 */
export async function balancesOf(vendorIds: readonly string[]): Promise<PayableCandidate[]> {
  if (vendorIds.length > BATCH_GET_SIZE) throw new RangeError(`balancesOf takes at most ${BATCH_GET_SIZE} vendors, got ${vendorIds.length}`);
  const ledger = tableName('ledger');
  const found: PayableCandidate[] = [];
  let keys: Record<string, unknown>[] = vendorIds.map((vendorId) => ({ vendorId, sk: BALANCE_SK }));
  for (let round = 0; keys.length; round++) {
    if (round >= BATCH_GET_ROUNDS) throw new Error(`BatchGetItem left ${keys.length} balance(s) unprocessed after ${round} rounds`);
    if (round > 0) await new Promise((r) => setTimeout(r, Math.min(2_000, 50 * 2 ** round)));
    const out = await dynamo.send(
      new BatchGetCommand({ RequestItems: { [ledger]: { Keys: keys, ProjectionExpression: 'vendorId, balanceCents' } } }),
    );
    for (const i of out.Responses?.[ledger] ?? []) found.push({ vendorId: String(i.vendorId), balanceCents: typeof i.balanceCents === 'number' ? i.balanceCents : 0 });
    keys = (out.UnprocessedKeys?.[ledger]?.Keys ?? []) as Record<string, unknown>[];
  }
  return found;
}

/** The "balance below the minimum rolled over" notice of a run (one per vendor and period). */
export interface RollOverNotice {
  periodId: string;
  balanceCents: number;
  minimumCents: number;
  /** The day of the next run (marketplace-local `yyyy-mm-dd`). */
  nextPayoutDate: string;
  at: string;
}

/**
 * Takes a BALANCE item out of the index while it is below the minimum; the condition makes it safe
 * against a concurrent sale (which sets the attribute again, before or after, never lost). With a
 * `notice`, the vendor's roll-over notification is written in the same transaction; a period whose
 * notice exists already (a balance that changed and rolled over again) prunes without a second one.
 */
export async function prunePayable(vendorId: string, minimumCents: number, notice?: RollOverNotice): Promise<boolean> {
  const prune = {
    TableName: tableName('ledger'),
    Key: { vendorId, sk: BALANCE_SK },
    UpdateExpression: 'REMOVE #payable',
    ConditionExpression: 'attribute_exists(sk) AND (attribute_not_exists(balanceCents) OR balanceCents < :min)',
    ExpressionAttributeNames: { '#payable': PAYABLE_ATTRIBUTE },
    ExpressionAttributeValues: { ':min': minimumCents },
  };
  try {
    if (!notice) {
      await dynamo.send(new UpdateCommand(prune));
      return true;
    }
    await dynamo.send(
      new TransactWriteCommand({
        TransactItems: [
          { Update: prune },
          ...notificationWrites({
            vendorId,
            type: 'balance_rolled_over',
            subject: `${vendorId}.${notice.periodId}`,
            params: { balanceCents: notice.balanceCents, minimumCents: notice.minimumCents, nextPayoutDate: notice.nextPayoutDate },
            createdAt: notice.at,
          }),
        ],
      }),
    );
    return true;
  } catch (err) {
    if ((err as Error).name === 'ConditionalCheckFailedException') return false;
    const codes = cancellationCodes(err);
    if (codes?.[0] === 'ConditionalCheckFailed') return false;
    if (codes?.[1] === 'ConditionalCheckFailed') return prunePayable(vendorId, minimumCents);
    throw err;
  }
}
