import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Context, EventBridgeEvent } from 'aws-lambda';
import { ORDER_DETAIL_TYPES, ORDER_EVENT_SOURCE } from '../../contracts/order-events';
import { orderIngestFunction } from '../../contracts/functions';
import { LOCAL_REGION } from './cognito';
import { lambdaContext, loadHandler } from './lambda-runtime';

/**
 * The local stand-in for the marketplace bus. Entries shaped like EventBridge PutEvents entries
 * become EventBridge events and go, in this process, to the target whose rule matches — the same
 * rule and handler module as lib/sales.ts — the way Lambda runs an asynchronous invocation: a
 * thrown error is retried twice, then the event lands in the dead-letter folder in the shape of
 * Lambda's on-failure record. Needs the local Lambda environment (localLambdaEnv) set first.
 */
export interface PutEventsEntry {
  Source: string;
  DetailType: string;
  /** JSON, as PutEvents takes it. */
  Detail: string;
  Time?: Date;
}

interface LocalTarget {
  name: string;
  source: string;
  detailTypes: readonly string[];
  entry: string;
}

const targets: LocalTarget[] = [
  { name: 'order-ingest', source: ORDER_EVENT_SOURCE, detailTypes: ORDER_DETAIL_TYPES, entry: orderIngestFunction.entry },
];

/** Lambda's retries of a failed asynchronous invocation (as lib/sales.ts configures them). */
const INVOKE_RETRIES = 2;

type EventHandler = (event: EventBridgeEvent<string, unknown>, context: Context) => Promise<unknown>;

export function toEventBridgeEvent(entry: PutEventsEntry): EventBridgeEvent<string, unknown> {
  return {
    version: '0',
    id: randomUUID(),
    'detail-type': entry.DetailType,
    source: entry.Source,
    account: '000000000000',
    time: (entry.Time ?? new Date()).toISOString().replace(/\.\d{3}Z$/, 'Z'),
    region: LOCAL_REGION,
    resources: [],
    detail: JSON.parse(entry.Detail) as unknown,
  };
}

export type DeliveryResult =
  | { target: string; eventId: string; result: unknown }
  | { target: string; eventId: string; failed: string }
  | { target: null; eventId: string };

/** Publishes entries one after another (in order, as a single-shard bus would); resolves when every target ran. */
export async function putEvents(entries: readonly PutEventsEntry[]): Promise<DeliveryResult[]> {
  const results: DeliveryResult[] = [];
  for (const entry of entries) {
    const event = toEventBridgeEvent(entry);
    const matched = targets.filter((t) => t.source === event.source && t.detailTypes.includes(event['detail-type']));
    if (!matched.length) results.push({ target: null, eventId: event.id });
    for (const target of matched) results.push(await invoke(target, event));
  }
  return results;
}

async function invoke(target: LocalTarget, event: EventBridgeEvent<string, unknown>): Promise<DeliveryResult> {
  const { handler } = await loadHandler<EventHandler>(target.entry);
  let lastError: Error | undefined;
  for (let attempt = 1; attempt <= 1 + INVOKE_RETRIES; attempt += 1) {
    try {
      return { target: target.name, eventId: event.id, result: await handler(event, lambdaContext(target.name)) };
    } catch (err) {
      lastError = err as Error;
    }
  }
  writeOnFailureRecord(target, event, lastError!);
  return { target: target.name, eventId: event.id, failed: lastError!.message };
}

/** What Lambda's on-failure destination would put on the DLQ. */
function writeOnFailureRecord(target: LocalTarget, event: EventBridgeEvent<string, unknown>, error: Error): void {
  const dir = process.env.LOCAL_DEAD_LETTER_DIR;
  const record = {
    version: '1.0',
    timestamp: new Date().toISOString(),
    requestContext: { requestId: randomUUID(), functionArn: `${target.name}:$LATEST`, condition: 'RetriesExhausted', approximateInvokeCount: 1 + INVOKE_RETRIES },
    requestPayload: event,
    responseContext: { statusCode: 200, executedVersion: '$LATEST', functionError: 'Unhandled' },
    responsePayload: { errorType: error.name, errorMessage: error.message },
  };
  if (!dir) {
    console.error(`✖ ${target.name} failed on event ${event.id} after ${1 + INVOKE_RETRIES} attempts: ${error.message}`);
    return;
  }
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `${record.timestamp.replace(/[:.]/g, '-')}-${event.id}-failed.json`), JSON.stringify(record, null, 2));
}
