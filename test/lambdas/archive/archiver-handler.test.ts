import { PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { marshall } from '@aws-sdk/util-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import type { DynamoDBRecord } from 'aws-lambda';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { archiveKey, handler } from '../../../lambdas/archive/archiver-handler';

/** Issue 24, item 8: each new audit or activity entry becomes one object in the Object Lock archive, once. */
const s3 = mockClient(S3Client);
vi.stubEnv('AUDIT_ARCHIVE_BUCKET', 'archive-bucket');
vi.stubEnv('AUDIT_TABLE', 'SellerPortal-test-AuditTable-X');
vi.stubEnv('ACTIVITY_TABLE', 'SellerPortal-test-ActivityTable-Y');
afterAll(() => vi.unstubAllEnvs());
beforeEach(() => s3.reset());

const arn = (table: string) => `arn:aws:dynamodb:us-east-1:123456789012:table/${table}/stream/2026-11-28T00:00:00.000`;
const record = (table: string, item: Record<string, unknown>, eventName: 'INSERT' | 'MODIFY' | 'REMOVE' = 'INSERT', seq = '100'): DynamoDBRecord => ({
  eventID: `e-${seq}`,
  eventName,
  eventSource: 'aws:dynamodb',
  eventSourceARN: arn(table),
  dynamodb: { SequenceNumber: seq, Keys: {}, NewImage: marshall(item) as never, StreamViewType: 'NEW_IMAGE' },
});
const auditEntry = { log: 'ops', entryKey: '2026-11-28T10:00:00.000Z#A-1', action: 'vendor.approve', actorEmail: 'ops@example.com' };
const activityEntry = { vendorId: 'V-10001', entryKey: '2026-11-28T10:00:01.000Z#X/1', action: 'product.update' };

describe('the audit archiver', () => {
  it('puts each new entry as JSON under its table and key, conditional on no object there, with a checksum', async () => {
    s3.on(PutObjectCommand).resolves({});
    const out = await handler({ Records: [record('SellerPortal-test-AuditTable-X', auditEntry), record('SellerPortal-test-ActivityTable-Y', activityEntry, 'INSERT', '101')] });
    expect(out.batchItemFailures).toEqual([]);
    const puts = s3.commandCalls(PutObjectCommand).map((c) => c.args[0].input);
    expect(puts.map((p) => p.Key).sort()).toEqual([
      'activity/V-10001/2026-11-28T10%3A00%3A01.000Z%23X%2F1.json',
      'audit/ops/2026-11-28T10%3A00%3A00.000Z%23A-1.json',
    ]);
    for (const p of puts) expect(p).toMatchObject({ Bucket: 'archive-bucket', IfNoneMatch: '*', ChecksumAlgorithm: 'SHA256', ContentType: 'application/json' });
    const audit = puts.find((p) => p.Key!.startsWith('audit/'))!;
    expect(JSON.parse(audit.Body as string)).toEqual({ table: 'audit', eventId: 'e-100', sequenceNumber: '100', item: auditEntry });
  });

  it('a replayed entry (412: already there) counts as archived; another failure fails only its record', async () => {
    const replay = record('SellerPortal-test-AuditTable-X', auditEntry, 'INSERT', '200');
    const failing = record('SellerPortal-test-ActivityTable-Y', activityEntry, 'INSERT', '201');
    s3.on(PutObjectCommand, { Key: archiveKey('audit', auditEntry) }).rejects(
      new S3ServiceException({ name: 'PreconditionFailed', $fault: 'client', $metadata: { httpStatusCode: 412 } }),
    );
    s3.on(PutObjectCommand, { Key: archiveKey('activity', activityEntry) }).rejects(
      new S3ServiceException({ name: 'AccessDenied', $fault: 'client', $metadata: { httpStatusCode: 403 } }),
    );
    const out = await handler({ Records: [replay, failing] });
    expect(out.batchItemFailures).toEqual([{ itemIdentifier: '201' }]);
  });

  it('writes nothing for a change or a removal, and fails a record of a table it does not archive', async () => {
    s3.on(PutObjectCommand).resolves({});
    const out = await handler({
      Records: [
        record('SellerPortal-test-AuditTable-X', auditEntry, 'MODIFY', '300'),
        record('SellerPortal-test-AuditTable-X', auditEntry, 'REMOVE', '301'),
        record('SellerPortal-test-VendorsTable-Z', auditEntry, 'INSERT', '302'),
      ],
    });
    expect(s3.commandCalls(PutObjectCommand)).toHaveLength(0);
    expect(out.batchItemFailures).toEqual([{ itemIdentifier: '302' }]);
  });

  it('fails an entry without its key attributes rather than archiving it under a made-up name', async () => {
    s3.on(PutObjectCommand).resolves({});
    const out = await handler({ Records: [record('SellerPortal-test-AuditTable-X', { log: 'ops' }, 'INSERT', '400')] });
    expect(out.batchItemFailures).toEqual([{ itemIdentifier: '400' }]);
    expect(s3.commandCalls(PutObjectCommand)).toHaveLength(0);
  });
});
