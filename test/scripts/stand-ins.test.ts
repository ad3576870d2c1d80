import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { s3InstructionStore } from '../../lambdas/payouts/bank-s3';
import { s3Client, useS3StandIn } from '../../lambdas/shared/s3';
import { sendToDeadLetter, useDeadLetterSink } from '../../lambdas/sales/dead-letter';
import { notifyOps } from '../../lambdas/support/notify';
import { useOpsNotifier } from '../../lambdas/support/ops-notifier';
import type { SupportCase } from '../../lambdas/support/store';
import { installLocalStandIns, localFolders, s3rverStandIn } from '../../scripts/local/stand-ins';

const supportCase = {
  vendorId: 'V-10001',
  caseId: 'C-1',
  category: 'payouts',
  email: 'shop@example.com',
  message: 'When is my next payout?',
  createdAt: '2026-11-24T10:00:00Z',
  status: 'open',
} as unknown as SupportCase;

let dir: string | undefined;
afterEach(() => {
  useOpsNotifier(undefined);
  useDeadLetterSink(undefined);
  useS3StandIn(undefined);
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
  vi.restoreAllMocks();
});

describe('local stand-ins behind the Lambdas\' adapter interfaces', () => {
  it('the outbox: one JSON file per case and a console line', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'stand-ins-'));
    installLocalStandIns(dir);
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    await notifyOps(supportCase);
    const file = path.join(localFolders(dir).outbox, 'C-1.json');
    const mail = JSON.parse(readFileSync(file, 'utf8')) as { subject: string; body: string; case: SupportCase };
    expect(mail.subject).toContain('Support case C-1 (payouts) from V-10001');
    expect(mail.body).toContain('When is my next payout?');
    expect(mail.case).toEqual(supportCase);
    expect(log).toHaveBeenCalledWith(expect.stringContaining('Support case C-1'));
  });

  it('the dead-letter folder: the event unchanged with reason and detail', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'stand-ins-'));
    installLocalStandIns(dir);
    const event = { id: 'ev/1', detail: { nonsense: true } };
    await sendToDeadLetter(event, { reason: 'invalid_event', message: 'detail.orderId is required' }, { eventId: 'ev/1' });
    const files = readdirSync(localFolders(dir).deadLetter);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/-ev_1-[0-9a-f]{6}\.json$/);
    expect(JSON.parse(readFileSync(path.join(localFolders(dir).deadLetter, files[0]!), 'utf8'))).toEqual({ reason: 'invalid_event', reasonDetail: 'detail.orderId is required', event });
  });

  it('without an injected sink or INGEST_DLQ_URL a rejected event is never dropped silently', async () => {
    const saved = process.env.INGEST_DLQ_URL;
    delete process.env.INGEST_DLQ_URL;
    try {
      await expect(sendToDeadLetter({ id: 'e' }, { reason: 'unknown_vendor', message: 'no such vendor' }, { eventId: 'e' })).rejects.toThrow(/No dead-letter destination configured \(INGEST_DLQ_URL\); event e rejected: unknown_vendor/);
    } finally {
      if (saved !== undefined) process.env.INGEST_DLQ_URL = saved;
    }
  });

  it('S3: the cloud\'s clients and SSE-KMS puts by default; s3rver\'s path-style key and no KMS when injected', async () => {
    expect(await s3Client().config.forcePathStyle).toBeFalsy();
    const s3 = mockClient(S3Client);
    try {
      s3.on(PutObjectCommand).resolves({});
      await s3InstructionStore('payout-batch').put('bank-transfers/a.json', {} as never);
      expect(s3.commandCalls(PutObjectCommand)[0]!.args[0].input.ServerSideEncryption).toBe('aws:kms');

      useS3StandIn(s3rverStandIn);
      const client = s3Client();
      expect(await client.config.forcePathStyle).toBe(true);
      expect(await client.config.credentials()).toMatchObject({ accessKeyId: 'S3RVER' });
      await s3InstructionStore('payout-batch').put('bank-transfers/b.json', {} as never);
      expect(s3.commandCalls(PutObjectCommand)[1]!.args[0].input.ServerSideEncryption).toBeUndefined();
    } finally {
      s3.restore();
    }
  });
});
