import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { useDeadLetterSink, type DeadLetterSink } from '../../lambdas/sales/dead-letter';
import { useS3StandIn, type S3StandIn } from '../../lambdas/shared/s3';
import { useSesClientConfig } from '../../lambdas/notifications/ses';
import { useOpsNotifier, type OpsNotifier } from '../../lambdas/support/ops-notifier';
import { usePayoutQueue } from '../../lambdas/payouts/queue';
import { folderPayoutQueue } from './payout-queue';
import { useBulkQueue, type BulkQueue } from '../../lambdas/bulk/queue';
import { runBulkJob } from '../../lambdas/bulk/jobs';
import { useRecheckQueue, type RecheckQueue } from '../../lambdas/listings/recheck-queue';
import { runRecheckStep } from '../../lambdas/listings/low-stock-recheck';

/**
 * The local implementations of the Lambdas' adapter interfaces, injected into this process's
 * handler modules (the local stack runs them in-process): the Lambdas carry no local-only branch,
 * the cloud uses their defaults (SNS, SQS).
 */

/** The ops notification as a JSON file per case in `dir` (the "outbox"), and a line on the console. */
export function outboxNotifier(dir: string): OpsNotifier {
  return {
    async notify(c, { subject, body }) {
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, `${c.caseId}.json`), JSON.stringify({ subject, body, case: c }, null, 2));
      console.log(`✉  ${subject}`);
    },
  };
}

/** A rejected order event as a JSON file in `dir` (the local DLQ, next to the on-failure records of scripts/local/events.ts). */
export function folderDeadLetterSink(dir: string): DeadLetterSink {
  return {
    async put(event, letter) {
      mkdirSync(dir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${(letter.eventId ?? 'event').replace(/[^\w.-]/g, '_').slice(0, 80)}-${randomBytes(3).toString('hex')}.json`;
      writeFileSync(path.join(dir, name), JSON.stringify({ reason: letter.reason, reasonDetail: letter.reasonDetail, event }, null, 2));
    },
  };
}

/**
 * The bulk worker's queue (issue 15) as the local stack runs it: the worker's code in this process,
 * after the API has answered (as SQS delivers after SendMessage); a failure is logged and the job
 * stays applying/undoing, as a message in the cloud's DLQ would leave it.
 */
export const inProcessBulkQueue: BulkQueue = {
  async send(message) {
    setImmediate(() => {
      runBulkJob(message).catch((err: unknown) => console.error(`bulk worker: ${message.action} of ${message.jobId} failed: ${String(err)}`));
    });
  },
};

/**
 * The default low-stock level's re-check queue (issue 16) as the local stack runs it: each step in this
 * process, after the sender has gone on (as SQS delivers after SendMessage); a failure is logged and
 * the re-check stays running (GET /api/inventory/settings sends a stalled step again after a minute).
 */
export const inProcessRecheckQueue: RecheckQueue = {
  async send(message) {
    setImmediate(() => {
      runRecheckStep(message).catch((err: unknown) => console.error(`low-stock re-check: step ${message.step} of ${message.recheckId} failed: ${String(err)}`));
    });
  },
};

/** s3rver: path-style URLs, its fixed key (whatever AWS_ACCESS_KEY_ID says), no SSE-KMS, no tags on a put. */
export const s3rverStandIn: S3StandIn = {
  clientConfig: { forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } },
  supportsKms: false,
  tagsOnPut: false,
};

/** Where a stack's data folder keeps the outbox and the dead letters. */
export const localFolders = (dataDir: string) => ({
  outbox: path.join(dataDir, 'outbox'),
  deadLetter: path.join(dataDir, 'dead-letter'),
  /** Payout messages the console's retries sent (scripts/local/payout-queue.ts). */
  payoutQueue: path.join(dataDir, 'payout-queue'),
});

/** Injects the local stand-ins for a stack whose data lives in `dataDir` (SES: aws-ses-v2-local at `sesEndpoint`). */
export function installLocalStandIns(dataDir: string, opts: { sesEndpoint?: string } = {}): void {
  const folders = localFolders(dataDir);
  useOpsNotifier(outboxNotifier(folders.outbox));
  useDeadLetterSink(folderDeadLetterSink(folders.deadLetter));
  useS3StandIn(s3rverStandIn);
  usePayoutQueue(folderPayoutQueue(folders.payoutQueue));
  useBulkQueue(inProcessBulkQueue);
  useRecheckQueue(inProcessRecheckQueue);
  // The notifier's SES v2 client, pointed at the stand-in: the same client and calls as in the cloud.
  if (opts.sesEndpoint) useSesClientConfig({ endpoint: opts.sesEndpoint });
}
