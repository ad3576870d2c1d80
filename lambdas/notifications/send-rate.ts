/**
 * The notifier's sending rate (issue 23): SES refuses more than the account's maximum send rate
 * (`SES_MAX_SEND_RATE`, stack setting `sesMaxSendRate`, default 14 per second — the usual starting
 * quota out of the sandbox), and a payout run e-mails every vendor within minutes. Two parts, so the
 * limit holds however many notifier invocations run at once (the stream has one shard per table
 * partition, and Lambda runs one invocation per shard):
 *
 *   - per invocation, a pacer spaces this container's sends evenly (one every 1/rate s), so a batch
 *     of 25 does not leave in one burst;
 *   - across invocations, a window per second in the idempotency table (`SES_RATE#<epoch second>`,
 *     conditional `ADD sent 1` while `sent < rate`; TTL an hour): a send goes only with a slot of
 *     its second, else it waits for the next second. One small write per e-mail.
 *
 * A send that cannot get a slot before the invocation's deadline, and every send after SES said
 * "too many" (TooManyRequestsException, LimitExceededException, after the SDK's own retries), fails
 * its record with `SendDeferred` before anything is sent: the notifier releases the record's claim,
 * reports it as a batch failure and Lambda retries it — never lost, never sent twice (the claim in
 * notifier-handler.ts).
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../shared/clients';
import { tableName } from '../shared/tables';

/** A send postponed (no slot before the deadline, or SES throttled this batch): the record is retried. */
export class SendDeferred extends Error {
  override name = 'SendDeferred';
}

/** SES v2's answers to "slower, please": the account's send rate (or its daily quota) is exceeded. */
const THROTTLE_NAMES = new Set(['TooManyRequestsException', 'LimitExceededException', 'ThrottlingException', 'Throttling']);
export const isSesThrottle = (err: unknown): boolean => err instanceof Error && THROTTLE_NAMES.has(err.name);

/** After SES throttled: how long this container sends nothing (the retried batch starts after it). */
export const THROTTLE_COOL_DOWN_MS = 2_000;
/** Window items live an hour (DynamoDB's TTL deletes them; only the current second is ever read). */
const WINDOW_TTL_SECONDS = 3_600;
const MAX_WINDOW_TRIES = 1_000;

export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
}
export const realClock: Clock = { now: () => Date.now(), sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)) };

/** Evenly spaced send slots at `ratePerSecond` for this container (its invocations run one at a time). */
export class SendPacer {
  private next = 0;
  constructor(
    readonly ratePerSecond: number,
    private readonly clock: Clock = realClock,
  ) {
    if (!(ratePerSecond > 0)) throw new RangeError(`A send rate must be > 0, got ${ratePerSecond}`);
  }

  /** Reserves the next slot and waits for it; `SendDeferred` (nothing reserved) when it would come after `deadline`. */
  async acquire(deadline = Number.POSITIVE_INFINITY): Promise<void> {
    const now = this.clock.now();
    const at = Math.max(now, this.next);
    if (at > deadline) throw new SendDeferred(`no send slot before the invocation's deadline (rate ${this.ratePerSecond}/s)`);
    this.next = at + 1000 / this.ratePerSecond;
    if (at > now) await this.clock.sleep(at - now);
  }

  /** No slot for `ms` from now (SES throttled). */
  coolDown(ms: number): void {
    this.next = Math.max(this.next, this.clock.now() + ms);
  }
}

/**
 * Takes one of the `rate` sends of the current second from the shared window (idempotency table);
 * when the second is full, waits for the next one. `SendDeferred` when that would pass `deadline`.
 */
export async function takeWindowSlot(rate: number, deadline = Number.POSITIVE_INFINITY, clock: Clock = realClock): Promise<void> {
  for (let tries = 0; tries < MAX_WINDOW_TRIES; tries++) {
    const now = clock.now();
    const second = Math.floor(now / 1000);
    try {
      await dynamo.send(
        new UpdateCommand({
          TableName: tableName('idempotency'),
          Key: { key: `SES_RATE#${second}` },
          UpdateExpression: 'ADD sent :one SET expiresAt = if_not_exists(expiresAt, :expires)',
          ConditionExpression: 'attribute_not_exists(sent) OR sent < :rate',
          ExpressionAttributeValues: { ':one': 1, ':rate': rate, ':expires': second + WINDOW_TTL_SECONDS },
        }),
      );
      return;
    } catch (err) {
      if (!(err instanceof ConditionalCheckFailedException)) throw err;
    }
    // This second's sends are taken (by this or another invocation): the next second.
    const nextSecond = (second + 1) * 1000;
    if (nextSecond > deadline) throw new SendDeferred(`the send rate's window is full until after the invocation's deadline (rate ${rate}/s)`);
    await clock.sleep(nextSecond - now);
  }
  throw new SendDeferred(`no send slot after ${MAX_WINDOW_TRIES} windows`);
}

/** One invocation's admission to SES: the container's pacer, the shared window, the deadline, and a halt after throttling. */
export interface SendGate {
  /** Waits for a send slot; `SendDeferred` when there is none in time or SES throttled this batch. */
  admit(): Promise<void>;
  /** SES throttled a send: nothing more is sent in this invocation, and the container cools down. */
  throttled(): void;
}

export function sendGate(opts: { pacer: SendPacer; rate: number; deadline?: number; clock?: Clock; window?: typeof takeWindowSlot }): SendGate {
  let halted = false;
  const deadline = opts.deadline ?? Number.POSITIVE_INFINITY;
  const window = opts.window ?? takeWindowSlot;
  const check = () => {
    if (halted) throw new SendDeferred('SES throttled an earlier send of this batch');
  };
  return {
    async admit() {
      check();
      await opts.pacer.acquire(deadline);
      check();
      await window(opts.rate, deadline, opts.clock);
      check();
    },
    throttled() {
      halted = true;
      opts.pacer.coolDown(THROTTLE_COOL_DOWN_MS);
    },
  };
}
