/**
 * The listings' background function (lambdas/listings/restock-handler.ts): a scheduled invocation is the
 * restock run; an SQS event (the default low-stock level's re-check queue, issue 16) runs one re-check
 * step per record, and a body its senders never write is dropped with a log line, not retried forever.
 */
import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const runRecheckStep = vi.fn(async () => undefined);
const runRestock = vi.fn(async () => ({ day: '2026-11-25', due: 2, restocked: 2, failed: 0 }));
vi.mock('../../../lambdas/listings/low-stock-recheck', () => ({ runRecheckStep }));
vi.mock('../../../lambdas/listings/restock', () => ({ runRestock }));

const { handler } = await import('../../../lambdas/listings/restock-handler');
const sqs = (...bodies: string[]): SQSEvent => ({ Records: bodies.map((body, i) => ({ messageId: `m-${i}`, body }) as SQSRecord) });

describe('the restock function', () => {
  beforeEach(() => vi.clearAllMocks());

  it('a scheduled invocation runs the restock run, and no re-check', async () => {
    expect(await handler({ source: 'aws.scheduler' })).toMatchObject({ restocked: 2 });
    expect(await handler()).toMatchObject({ restocked: 2 });
    expect(runRestock).toHaveBeenCalledTimes(2);
    expect(runRecheckStep).not.toHaveBeenCalled();
  });

  it('a re-check message runs its step; a malformed one is dropped', async () => {
    const message = { vendorId: 'V-10001', recheckId: 'r-1', step: 3 };
    await handler(sqs('not json', JSON.stringify({ ...message, extra: 1 }), JSON.stringify({ ...message, step: -1 }), JSON.stringify(message)));
    expect(runRecheckStep).toHaveBeenCalledTimes(1);
    expect(runRecheckStep).toHaveBeenCalledWith(message);
    expect(runRestock).not.toHaveBeenCalled();
  });

  it('a failing step fails the invocation, so SQS delivers the message again', async () => {
    runRecheckStep.mockRejectedValueOnce(new Error('throttled'));
    await expect(handler(sqs(JSON.stringify({ vendorId: 'V-10001', recheckId: 'r-1', step: 0 })))).rejects.toThrow('throttled');
  });
});
