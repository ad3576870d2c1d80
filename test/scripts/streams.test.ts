import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DescribeStreamCommand, DynamoDBStreamsClient, GetRecordsCommand, GetShardIteratorCommand } from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { notifierFunction } from '../../lambdas/notifications/functions';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { startNotifierStream, toLambdaRecord, type StreamHandler } from '../../scripts/local/streams';

process.env.AWS_REGION = 'us-east-1';
const ddb = mockClient(DynamoDBClient);
const streams = mockClient(DynamoDBStreamsClient);
let dir: string;

const record = (seq: string, sk: string, eventName = 'INSERT') => ({
  eventID: `e-${seq}`,
  eventName,
  dynamodb: { Keys: { vendorId: { S: 'V-1' }, sk: { S: sk } }, NewImage: { vendorId: { S: 'V-1' }, sk: { S: sk } }, SequenceNumber: seq, StreamViewType: 'NEW_IMAGE' },
});

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'streams-test-'));
  process.env.LOCAL_DEAD_LETTER_DIR = dir;
  ddb.reset();
  streams.reset();
  ddb.on(DescribeTableCommand).resolves({ Table: { LatestStreamArn: 'arn:stream' } });
  streams.on(DescribeStreamCommand).resolves({ StreamDescription: { Shards: [{ ShardId: 'shard-1', SequenceNumberRange: { StartingSequenceNumber: '1' } }] } });
  streams.on(GetShardIteratorCommand).resolves({ ShardIterator: 'it-1' });
  // One page with a STATE update, two inbox items and a read-mark; then nothing.
  streams
    .on(GetRecordsCommand)
    .resolvesOnce({ Records: [record('1', 'STATE', 'MODIFY'), record('2', 'N#2026-11-30T10:00:00.000Z#a'), record('3', 'N#2026-11-30T10:00:01.000Z#b'), record('4', 'N#x', 'MODIFY')] as never, NextShardIterator: 'it-2' })
    .resolves({ Records: [], NextShardIterator: 'it-3' });
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
  delete process.env.LOCAL_DEAD_LETTER_DIR;
});

async function run(handler: StreamHandler): Promise<DynamoDBStreamEvent[]> {
  const calls: DynamoDBStreamEvent[] = [];
  const poller = await startNotifierStream({
    dynamodbEndpoint: 'http://127.0.0.1:1',
    log: () => undefined,
    pollMs: 5,
    handler: async (event, context) => {
      calls.push(event);
      return handler(event, context);
    },
  });
  for (let waited = 0; waited < 2_000 && streams.commandCalls(GetRecordsCommand).length < 3; waited += 10) await new Promise((r) => setTimeout(r, 10));
  await poller.stop();
  return calls;
}

const sequences = (e: DynamoDBStreamEvent) => e.Records.map((r) => r.dynamodb?.SequenceNumber);

describe('the local stream event source of the notifier', () => {
  it('hands on INSERTs of inbox items only, in Lambda’s record shape', async () => {
    const calls = await run(async () => ({ batchItemFailures: [] }));
    expect(calls.map(sequences)).toEqual([['2', '3']]);
    expect(calls[0]!.Records[0]).toMatchObject({ eventName: 'INSERT', eventSource: 'aws:dynamodb', eventSourceARN: 'arn:stream', dynamodb: { NewImage: { sk: { S: 'N#2026-11-30T10:00:00.000Z#a' } } } });
    expect(readdirSync(dir)).toEqual([]);
  });

  it('retries a batch from its first failed record, then writes the on-failure record with what never succeeded', async () => {
    // Record 3 fails every time (SES down for it): 2 is done once, 3 is tried 1 + retryAttempts times.
    const calls = await run(async (event) => ({ batchItemFailures: event.Records.filter((r) => r.dynamodb?.SequenceNumber === '3').map((r) => ({ itemIdentifier: r.dynamodb!.SequenceNumber! })) }));
    expect(calls.map(sequences)).toEqual([['2', '3'], ...Array.from({ length: notifierFunction.retryAttempts }, () => ['3'])]);
    const [file] = readdirSync(dir);
    const onFailure = JSON.parse(readFileSync(path.join(dir, file!), 'utf8')) as { requestContext: { condition: string }; DDBStreamBatchInfo: Record<string, unknown>; records: { dynamodb: { SequenceNumber: string } }[] };
    expect(onFailure.requestContext.condition).toBe('RetryAttemptsExhausted');
    expect(onFailure.DDBStreamBatchInfo).toMatchObject({ shardId: 'shard-1', startSequenceNumber: '3', endSequenceNumber: '3', batchSize: 1, streamArn: 'arn:stream' });
    expect(onFailure.records.map((r) => r.dynamodb.SequenceNumber)).toEqual(['3']);
  });

  it('a handler that throws fails the whole batch the same way', async () => {
    const calls = await run(async () => {
      throw new Error('boom');
    });
    expect(calls).toHaveLength(1 + notifierFunction.retryAttempts);
    expect(readdirSync(dir)).toHaveLength(1);
  });
});

describe('toLambdaRecord', () => {
  it('gives a typeless empty value (DynamoDB Local: an empty map such as password_changed params) its map type, so the notifier can unmarshall it', () => {
    const image = { vendorId: { S: 'V-1' }, params: {}, deep: { M: { a: {}, l: { L: [{}, { S: 'x' }] } } }, n: { N: '1' } };
    const lambda = toLambdaRecord({ eventID: 'e', eventName: 'INSERT', dynamodb: { Keys: {}, NewImage: image as never, SequenceNumber: '1' } }, 'arn:stream');
    expect(unmarshall(lambda.dynamodb!.NewImage as never)).toEqual({ vendorId: 'V-1', params: {}, deep: { a: {}, l: [{}, 'x'] }, n: 1 });
  });
});
