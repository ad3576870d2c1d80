/**
 * Sliding-window rate limits kept in DynamoDB (first the support cases' "10 an hour", issue 24 the
 * team invitations' too): one item per limited thing holds the times of its recent uses and a version.
 * The caller reads the window, refuses when it is full, and otherwise adds `takeSlot`'s put — guarded
 * by the version read — to the very transaction that makes the limited change, so concurrent requests
 * cannot slip past the limit and a refused or failed change uses no slot. A transaction cancelled by
 * the guard means another use won the race: read the window again.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { TransactItem } from '../notifications/record';
import { dynamo } from './clients';

export interface RateWindow {
  table: string;
  /** The window item's full key. */
  key: Record<string, string>;
  /** Uses allowed within `windowMs`. */
  limit: number;
  windowMs: number;
  /** The table's TTL attribute, if it has one: the item expires once its window has passed. */
  ttlAttribute?: string;
}

export interface RateWindowState {
  window: RateWindow;
  /** Times (UTC ISO-8601) of the uses within the window, oldest first. */
  recent: string[];
  /** 0 when the item does not exist yet. */
  version: number;
}

/** The window as it is now (a consistent read; uses older than the window are dropped). */
export async function readRateWindow(window: RateWindow, now: Date): Promise<RateWindowState> {
  const out = await dynamo.send(new GetCommand({ TableName: window.table, Key: window.key, ConsistentRead: true }));
  const version = (out.Item?.version as number | undefined) ?? 0;
  const recent = ((out.Item?.recent as string[] | undefined) ?? []).filter((t) => Date.parse(t) > now.getTime() - window.windowMs).sort();
  return { window, recent, version };
}

export const windowFull = (state: RateWindowState): boolean => state.recent.length >= state.window.limit;

/** Whole minutes (at least 1) until the oldest use leaves the window and one more is allowed. */
export function minutesUntilFree(state: RateWindowState, now: Date): number {
  const oldest = state.recent[0];
  return oldest ? Math.max(1, Math.ceil((Date.parse(oldest) + state.window.windowMs - now.getTime()) / 60_000)) : 1;
}

/** The transaction item that records a use at `at`: only if the window is still the version read. */
export function takeSlot(state: RateWindowState, at: Date): TransactItem {
  const { window, version } = state;
  const iso = at.toISOString();
  return {
    Put: {
      TableName: window.table,
      Item: {
        ...window.key,
        recent: [...state.recent, iso],
        version: version + 1,
        ...(window.ttlAttribute ? { [window.ttlAttribute]: Math.ceil((at.getTime() + window.windowMs) / 1000) } : {}),
      },
      ConditionExpression: version === 0 ? `attribute_not_exists(#k)` : 'version = :version',
      ...(version === 0 ? { ExpressionAttributeNames: { '#k': Object.keys(window.key)[0]! } } : { ExpressionAttributeValues: { ':version': version } }),
    },
  };
}
