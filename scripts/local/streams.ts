/**
 * The local stand-in for the notifier's DynamoDB stream event source (lib/vendor-email.ts): polls the
 * notifications table's stream on DynamoDB Local (@aws-sdk/client-dynamodb-streams) and calls the
 * same handler module, in this process, with the same event shape Lambda builds — filtered as the
 * cloud filters (INSERTs of `N#` items), in batches of the same size. Like the event source it
 * retries a batch from its first failed record (partial batch failures), `retryAttempts` times, then
 * writes the on-failure record (with the records, which the cloud's does not carry) to the local
 * dead-letter folder and moves on.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DescribeStreamCommand, DynamoDBStreamsClient, GetRecordsCommand, GetShardIteratorCommand, type _Record as StreamRecord } from '@aws-sdk/client-dynamodb-streams';
import type { Context, DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { matchesNotifierFilter, notifierFunction } from '../../lambdas/notifications/functions';
import { localTableName } from '../../contracts/tables';
import { LOCAL_REGION } from './cognito';
import { lambdaContext, loadHandler } from './lambda-runtime';

export type StreamHandler = (event: DynamoDBStreamEvent, context: Context) => Promise<DynamoDBBatchResponse>;

export interface StreamPoller {
  /** Resolves once every record written so far has been handed to the handler (tests, benches). */
  drain(timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Image = Record<string, unknown>;

/**
 * An image's attribute values as DynamoDB writes them into Lambda's event. Locally an empty map
 * arrives from the stream without its type (`"params": {}` instead of `{ "M": {} }`, seen with the
 * `password_changed` notice, whose params are empty), which unmarshall refuses ("No value defined"):
 * typeless empty values become the empty map they are, also inside maps and lists.
 */
export function typedImage<T extends Image | undefined>(image: T): T {
  if (!image) return image;
  const fix = (v: unknown): unknown => {
    if (typeof v !== 'object' || v === null) return v;
    const av = v as Record<string, unknown>;
    if (Object.keys(av).length === 0) return { M: {} };
    if (av.M && typeof av.M === 'object') return { M: typedImage(av.M as Image) };
    if (Array.isArray(av.L)) return { L: av.L.map(fix) };
    return av;
  };
  return Object.fromEntries(Object.entries(image).map(([k, v]) => [k, fix(v)])) as T;
}

/** A DynamoDB Streams record as Lambda hands it to a function. */
export function toLambdaRecord(r: StreamRecord, streamArn: string): DynamoDBRecord {
  const d = r.dynamodb ?? {};
  return {
    eventID: r.eventID,
    eventName: r.eventName as DynamoDBRecord['eventName'],
    eventVersion: r.eventVersion ?? '1.1',
    eventSource: 'aws:dynamodb',
    awsRegion: LOCAL_REGION,
    eventSourceARN: streamArn,
    dynamodb: {
      ...(d.ApproximateCreationDateTime ? { ApproximateCreationDateTime: Math.floor(new Date(d.ApproximateCreationDateTime).getTime() / 1000) } : {}),
      Keys: d.Keys as NonNullable<DynamoDBRecord['dynamodb']>['Keys'],
      ...(d.NewImage ? { NewImage: typedImage(d.NewImage as Image) as NonNullable<DynamoDBRecord['dynamodb']>['NewImage'] } : {}),
      SequenceNumber: d.SequenceNumber,
      SizeBytes: d.SizeBytes,
      StreamViewType: d.StreamViewType as NonNullable<DynamoDBRecord['dynamodb']>['StreamViewType'],
    },
  };
}

export async function startNotifierStream(opts: {
  dynamodbEndpoint: string;
  log: (line: string) => void;
  pollMs?: number;
  /** The handler to call; default the notifier's module (tests pass their own). */
  handler?: StreamHandler;
}): Promise<StreamPoller> {
  const ddb = new DynamoDBClient({ endpoint: opts.dynamodbEndpoint, region: LOCAL_REGION, credentials });
  const streams = new DynamoDBStreamsClient({ endpoint: opts.dynamodbEndpoint, region: LOCAL_REGION, credentials });
  const table = await ddb.send(new DescribeTableCommand({ TableName: localTableName('notifications') }));
  const streamArn = table.Table?.LatestStreamArn;
  if (!streamArn) throw new Error(`${localTableName('notifications')} has no stream (scripts/local/dynamodb.ts enables it)`);
  const pollMs = opts.pollMs ?? 100;

  /** Open shards → their next iterator; shards seen (so a closed one is not read again). */
  const iterators = new Map<string, string>();
  const seen = new Set<string>();
  /** The last record read per shard: after an error, reading resumes right after it. */
  const lastSeq = new Map<string, string>();
  let first = true;
  async function discover(): Promise<void> {
    let start: string | undefined;
    do {
      const out = await streams.send(new DescribeStreamCommand({ StreamArn: streamArn, ...(start ? { ExclusiveStartShardId: start } : {}) }));
      for (const shard of out.StreamDescription?.Shards ?? []) {
        const id = shard.ShardId!;
        if (seen.has(id)) continue;
        seen.add(id);
        const open = !shard.SequenceNumberRange?.EndingSequenceNumber;
        // Shards open when the stack starts are read from now; later ones from their beginning.
        if (first && !open) continue;
        const after = lastSeq.get(id);
        const it = await streams.send(
          new GetShardIteratorCommand({
            StreamArn: streamArn,
            ShardId: id,
            ...(after ? { ShardIteratorType: 'AFTER_SEQUENCE_NUMBER', SequenceNumber: after } : { ShardIteratorType: first ? 'LATEST' : 'TRIM_HORIZON' }),
          }),
        );
        if (it.ShardIterator) iterators.set(id, it.ShardIterator);
      }
      start = out.StreamDescription?.LastEvaluatedShardId;
    } while (start);
    first = false;
  }

  async function invoke(records: DynamoDBRecord[], shardId: string): Promise<void> {
    const handler = opts.handler ?? (await loadHandler<StreamHandler>(notifierFunction.entry)).handler;
    let pending = records;
    for (let attempt = 0; attempt <= notifierFunction.retryAttempts && pending.length; attempt++) {
      let failedFrom = -1;
      try {
        const out = await handler({ Records: pending }, lambdaContext('notifier'));
        const failed = new Set((out?.batchItemFailures ?? []).map((f) => f.itemIdentifier));
        failedFrom = pending.findIndex((r) => failed.has(r.dynamodb?.SequenceNumber ?? ''));
      } catch {
        failedFrom = 0;
      }
      // Lambda retries from the first failed record (the records before it are done).
      pending = failedFrom < 0 ? [] : pending.slice(failedFrom);
    }
    if (pending.length) writeOnFailureRecord(pending, shardId, streamArn!, opts.log);
  }

  let stopped = false;
  let busy = false;
  let lastDiscover = 0;
  const loop = (async () => {
    while (!stopped) {
      try {
        if (Date.now() - lastDiscover > 1_000 || iterators.size === 0) {
          await discover();
          lastDiscover = Date.now();
        }
        let got = 0;
        for (const [shardId, iterator] of [...iterators]) {
          busy = true;
          const out = await streams.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: 1000 }));
          if (out.NextShardIterator) iterators.set(shardId, out.NextShardIterator);
          else iterators.delete(shardId);
          const records = (out.Records ?? []).map((r) => toLambdaRecord(r, streamArn!)).filter(matchesNotifierFilter);
          got += out.Records?.length ?? 0;
          const last = out.Records?.at(-1)?.dynamodb?.SequenceNumber;
          if (last) lastSeq.set(shardId, last);
          for (let i = 0; i < records.length; i += notifierFunction.batchSize) await invoke(records.slice(i, i + notifierFunction.batchSize), shardId);
        }
        busy = false;
        if (!got) await sleep(pollMs);
      } catch (err) {
        busy = false;
        // DynamoDB Local trims and expires iterators of idle shards now and then: find the shards again.
        const quiet = ['TrimmedDataAccessException', 'ExpiredIteratorException', 'ResourceNotFoundException'].includes((err as Error).name);
        if (!stopped && !quiet) opts.log(`✖ notifier stream: ${(err as Error).message}`);
        iterators.clear();
        seen.clear();
        await sleep(500);
      }
    }
  })();

  return {
    async drain(timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      // Two idle polls in a row: everything written before this call has been read and handled.
      let idle = 0;
      while (idle < 2) {
        if (Date.now() > deadline) throw new Error('The notifier stream did not drain in time');
        await sleep(pollMs * 2);
        idle = busy ? 0 : idle + 1;
      }
    },
    async stop() {
      stopped = true;
      await loop;
      ddb.destroy();
      streams.destroy();
    },
  };
}

/** What Lambda's on-failure destination gets for a stream batch that exhausted its retries. */
function writeOnFailureRecord(records: DynamoDBRecord[], shardId: string, streamArn: string, log: (line: string) => void): void {
  const timestamp = new Date().toISOString();
  const record = {
    version: '1.0',
    timestamp,
    requestContext: { requestId: randomUUID(), functionArn: 'notifier:$LATEST', condition: 'RetryAttemptsExhausted', approximateInvokeCount: 1 + notifierFunction.retryAttempts },
    responseContext: { statusCode: 200, executedVersion: '$LATEST', functionError: 'Unhandled' },
    DDBStreamBatchInfo: {
      shardId,
      startSequenceNumber: records[0]!.dynamodb?.SequenceNumber,
      endSequenceNumber: records.at(-1)!.dynamodb?.SequenceNumber,
      batchSize: records.length,
      streamArn,
    },
    // Local only: the records themselves (the cloud's record points into the stream, which keeps them 24 h).
    records,
  };
  const dir = process.env.LOCAL_DEAD_LETTER_DIR;
  log(`✖ notifier: ${records.length} notification(s) failed after ${1 + notifierFunction.retryAttempts} attempts${dir ? `; on-failure record in ${dir}` : ''}`);
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `${timestamp.replace(/[:.]/g, '-')}-notifier-${randomUUID().slice(0, 8)}-failed.json`), JSON.stringify(record, null, 2));
}
