/**
 * The audit archiver (issue 24, item 8; lib/audit-archive.ts): the audit and activity tables' streams
 * (INSERTs only) → one JSON object per entry in the archive bucket, which has Object Lock: once
 * written, an object version can be neither deleted nor overwritten until its retention ends, so
 * the archive keeps an entry even if someone with the account root changed the table.
 *
 *   - the object key is `<table key>/<partition key>/<sort key>.json` (each part URI-encoded): the
 *     entry's own key, so a retried or replayed record names the same object;
 *   - the put is conditional on no object at that key (`If-None-Match: *`): a replay answers 412 and
 *     is counted as already archived; the archiver itself never writes a second version of an entry;
 *   - any other failure fails the record (partial batch response): Lambda retries it, then the
 *     batch's description goes to the on-failure queue, which alarms (docs/operations.md).
 */
import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import { PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { Context, DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { tables } from '../../contracts/tables';
import { env } from '../shared/env';
import { logger } from '../shared/logger';
import { s3Client, s3ErrorStatus } from '../shared/s3';
import { tableName } from '../shared/tables';
import { ARCHIVED_TABLES } from './functions';

export type ArchivedTable = (typeof ARCHIVED_TABLES)[number];
export type ArchiveOutcome = 'archived' | 'already_archived' | 'not_an_insert';

let client: S3Client | undefined;
const s3 = (): S3Client => (client ??= s3Client());

/** Which archived table a stream record comes from: its ARN is `…:table/<physical name>/stream/<label>`. */
export function sourceTable(eventSourceArn: string | undefined): ArchivedTable {
  const name = /:table\/([^/]+)\/stream\//.exec(eventSourceArn ?? '')?.[1];
  const key = ARCHIVED_TABLES.find((k) => tableName(k) === name);
  if (!key) throw new Error(`Stream record of a table that is not archived: ${eventSourceArn ?? '(no ARN)'}`);
  return key;
}

/** The object key of an entry: its table, then its own key, so one entry is always one object. */
export function archiveKey(table: ArchivedTable, item: Record<string, unknown>): string {
  const def = tables[table];
  const part = (name: string): string => {
    const value = item[name];
    if (typeof value !== 'string' || !value) throw new Error(`${table} entry without its key attribute ${name}`);
    return encodeURIComponent(value);
  };
  return `${table}/${part(def.partitionKey.name)}/${part(def.sortKey.name)}.json`;
}

export async function archiveRecord(record: DynamoDBRecord): Promise<ArchiveOutcome> {
  if (record.eventName !== 'INSERT') return 'not_an_insert';
  const table = sourceTable(record.eventSourceARN);
  const image = record.dynamodb?.NewImage;
  if (!image) throw new Error(`${table} stream record ${record.eventID ?? ''} without its new image (the stream must be NEW_IMAGE)`);
  const item = unmarshall(image as Record<string, AttributeValue>);
  const key = archiveKey(table, item);
  const body = JSON.stringify({ table, eventId: record.eventID, sequenceNumber: record.dynamodb?.SequenceNumber, item });
  try {
    await s3().send(
      new PutObjectCommand({
        Bucket: env.auditArchiveBucket(),
        Key: key,
        Body: body,
        ContentType: 'application/json',
        // S3 requires a checksum on every put to a bucket with Object Lock.
        ChecksumAlgorithm: 'SHA256',
        IfNoneMatch: '*',
      }),
    );
  } catch (err) {
    if (s3ErrorStatus(err) === 412) return 'already_archived';
    throw err;
  }
  return 'archived';
}

export async function handler(event: DynamoDBStreamEvent, context?: Context): Promise<DynamoDBBatchResponse> {
  const processor = new BatchProcessor(EventType.DynamoDBStreams);
  const outcomes: Record<ArchiveOutcome, number> = { archived: 0, already_archived: 0, not_an_insert: 0 };
  const response = await processPartialResponse(
    event,
    async (record: DynamoDBRecord) => {
      outcomes[await archiveRecord(record)] += 1;
    },
    processor,
    { processInParallel: true, throwOnFullBatchFailure: false, ...(context ? { context } : {}) },
  );
  logger.info('Audit archive batch', { records: event.Records.length, ...outcomes, failed: response.batchItemFailures.length });
  return response;
}
