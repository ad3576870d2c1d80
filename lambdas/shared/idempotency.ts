/**
 * Idempotent creates (`Idempotency-Key` request header) with a conditional put, no extra library:
 * the record `<route>#<vendorId>#<key>` in the idempotency table (contracts/tables.ts) holds a
 * fingerprint of the request body and the first answer. It is written IN THE SAME TRANSACTION as
 * what the request creates, conditional on no live record, so of a request and its retries exactly
 * one creates anything, and a create never lands without its record (or the reverse).
 *
 *   - no header: the request runs as before (clients that send none keep working);
 *   - a malformed key: 400 `invalid_idempotency_key`;
 *   - a retry with the same key and body: the first answer again (`Idempotent-Replayed: true`);
 *   - the same key with another body: 422 `idempotency_key_reused`, nothing written.
 *
 * Records expire after IDEMPOTENCY_TTL_SECONDS (DynamoDB's TTL deletes them later; an expired
 * record is treated as absent). Only successful creates are recorded: a refused request (400, 409,
 * 429…) wrote nothing and may be retried with the same key.
 */
import { createHash } from 'node:crypto';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { dynamo } from './clients';
import { BadRequestError, HttpError } from './errors';
import type { Reply } from './http';
import { tableName } from './tables';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_TTL_SECONDS = 24 * 3600;
/** What clients may send: a UUID fits, so does any opaque token of 8–128 URL-safe characters. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9._:-]{8,128}$/;

export class IdempotencyKeyReusedError extends HttpError {
  constructor() {
    super(422, 'idempotency_key_reused', 'This Idempotency-Key was already used for a different request. Send a new key for a new request.');
  }
}

/** One idempotent request: where its record lives and what identifies its body. */
export interface Idempotent {
  recordKey: string;
  fingerprint: string;
}

interface IdempotencyRecord {
  key: string;
  fingerprint: string;
  statusCode: number;
  /** The answer's body as JSON text. */
  body: string;
  createdAt: string;
  expiresAt: number;
}

/** Canonical JSON (object keys sorted) so the same body always has the same fingerprint. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.keys(value as Record<string, unknown>)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export const fingerprintOf = (body: unknown): string => createHash('sha256').update(canonical(body)).digest('hex');

/**
 * The request's idempotency, or null without the header. Header names are matched in any case
 * (API Gateway hands them on as sent). `route` and `vendorId` scope the key: the same key from
 * another vendor, or on another route, is another request.
 */
export function idempotencyOf(event: APIGatewayProxyEvent, route: string, vendorId: string, body: unknown): Idempotent | null {
  const wanted = IDEMPOTENCY_HEADER.toLowerCase();
  const entry = Object.entries(event.headers ?? {}).find(([name]) => name.toLowerCase() === wanted);
  if (!entry || entry[1] === undefined) return null;
  const key = entry[1].trim();
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) {
    throw new BadRequestError('The Idempotency-Key header must be 8 to 128 letters, digits or . _ : - (a UUID, for example).', 'invalid_idempotency_key');
  }
  return { recordKey: `${route}#${vendorId}#${key}`, fingerprint: fingerprintOf(body) };
}

/** The live record of a request, if any (consistent read; an expired one counts as absent). */
async function liveRecord(req: Idempotent, now: Date): Promise<IdempotencyRecord | null> {
  const out = await dynamo.send(new GetCommand({ TableName: tableName('idempotency'), Key: { key: req.recordKey }, ConsistentRead: true }));
  const record = out.Item as IdempotencyRecord | undefined;
  return record && record.expiresAt > Math.floor(now.getTime() / 1000) ? record : null;
}

/**
 * The first answer to this request, when there was one: replayed as it was (422 when the key came
 * with another body). Null when the request has not been answered yet: go on and create.
 */
export async function replayOf(req: Idempotent | null, now = new Date()): Promise<Reply | null> {
  if (!req) return null;
  const record = await liveRecord(req, now);
  if (!record) return null;
  if (record.fingerprint !== req.fingerprint) throw new IdempotencyKeyReusedError();
  return { statusCode: record.statusCode, body: JSON.parse(record.body) as unknown, headers: { 'idempotent-replayed': 'true' } };
}

/**
 * The transaction item that records the answer; its condition fails when a live record exists
 * (another attempt of the same request got there first): see `isRecordedMeanwhile`.
 */
export function recordItem(req: Idempotent, reply: { statusCode: number; body: unknown }, now = new Date()) {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const record: IdempotencyRecord = {
    key: req.recordKey,
    fingerprint: req.fingerprint,
    statusCode: reply.statusCode,
    body: JSON.stringify(reply.body),
    createdAt: now.toISOString(),
    expiresAt: nowSeconds + IDEMPOTENCY_TTL_SECONDS,
  };
  return {
    Put: {
      TableName: tableName('idempotency'),
      Item: record,
      ConditionExpression: 'attribute_not_exists(#key) OR #expiresAt <= :now',
      ExpressionAttributeNames: { '#key': 'key', '#expiresAt': 'expiresAt' },
      ExpressionAttributeValues: { ':now': nowSeconds },
    },
  };
}

/** True when the transaction was cancelled because item `index` (the record) already exists. */
export function isRecordedMeanwhile(err: unknown, index: number): boolean {
  return err instanceof TransactionCanceledException && err.CancellationReasons?.[index]?.Code === 'ConditionalCheckFailed';
}
