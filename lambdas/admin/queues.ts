/**
 * What is waiting for operations staff (issue 13, the ops console's Overview): each queue is one
 * partition of an index, counted with `Select: 'COUNT'` queries (issue 24: no waiting item is read)
 * and its oldest wait read as the first item in the index's order, never a scan.
 * Layout of the indexes: lambdas/shared/tables.ts.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { AdminOverview, OverviewQueue, QueueSummary } from '../../contracts/admin';
import { dynamo } from '../shared/clients';
import { tableName, type TableKey } from '../shared/tables';

export interface QueueSource {
  table: TableKey;
  index: string;
  /** The index's partition: the queue. */
  partition: { name: string; value: string };
  /**
   * Attribute holding since when an item waits (UTC ISO, or `<ISO>#<id>` as in revisionSort): the
   * index's sort key, so that the oldest is the first item (bank transfers aside, see oldestInQueue).
   */
  since: string;
  /** Keeps only the items that really wait, e.g. bank transfers among pending payouts. */
  filter?: { expression: string; names: Record<string, string>; values: Record<string, unknown> };
}

/** The queues of the Overview, by the index partition each is read from. */
export const QUEUE_SOURCES: Record<OverviewQueue, QueueSource> = {
  vendorApplications: { table: 'vendors', index: 'byStatus', partition: { name: 'status', value: 'pending' }, since: 'createdAt' },
  // revisionSort of a pending product is `<submittedAt>#<productId>` (lambdas/listings/product-states.ts).
  productsInReview: { table: 'products', index: 'byReviewQueue', partition: { name: 'reviewQueue', value: 'pending' }, since: 'revisionSort' },
  openSupportCases: { table: 'supportCases', index: 'byStatus', partition: { name: 'status', value: 'open' }, since: 'createdAt' },
  failedPayouts: { table: 'ledger', index: 'byPayoutStatus', partition: { name: 'status', value: 'failed' }, since: 'updatedAt' },
  // A pending bank payout with submittedAt has been written to the bank batch and waits for ops to confirm it
  // (lambdas/payouts/bank.ts); pending e-mail payouts are in flight with the provider, not waiting for anyone.
  bankTransfersAwaiting: {
    table: 'ledger',
    index: 'byPayoutStatus',
    partition: { name: 'status', value: 'pending' },
    since: 'submittedAt',
    filter: { expression: '#method = :bank AND attribute_exists(#since)', names: { '#method': 'method', '#since': 'submittedAt' }, values: { ':bank': 'bank' } },
  },
};

/** The instant part of a `since` value: `2026-03-01T10:00:00.000Z#P-1` → `2026-03-01T10:00:00.000Z`. */
export function instantOf(value: unknown): string | null {
  if (typeof value !== 'string' || value === '') return null;
  const instant = value.split('#', 1)[0]!;
  return Number.isNaN(Date.parse(instant)) ? null : new Date(instant).toISOString();
}

/** The key condition, filter and names every query of a queue shares. */
function queueQuery(source: QueueSource) {
  return {
    TableName: tableName(source.table),
    IndexName: source.index,
    KeyConditionExpression: '#pk = :pk',
    ...(source.filter ? { FilterExpression: source.filter.expression } : {}),
    ExpressionAttributeNames: { '#pk': source.partition.name, ...source.filter?.names },
    ExpressionAttributeValues: { ':pk': source.partition.value, ...source.filter?.values },
  };
}

/**
 * How many items wait: `Select: 'COUNT'` queries, which still page through the partition (1 MB of
 * index per page) but return no items, so the handler neither receives nor holds the waiting items.
 */
export async function countQueue(source: QueueSource): Promise<number> {
  let count = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const out = await dynamo.send(new QueryCommand({ ...queueQuery(source), Select: 'COUNT', ...(startKey ? { ExclusiveStartKey: startKey } : {}) }));
    count += out.Count ?? 0;
    startKey = out.LastEvaluatedKey;
  } while (startKey);
  return count;
}

/**
 * Since when the first item in the index's order waits: one item when the index is sorted by `since`
 * (`Limit: 1`, ascending). A filtered queue (bank transfers) cannot use `Limit` (it limits the items
 * evaluated, before the filter), so it pages until the first page with a match and takes the oldest
 * `since` there; its index sorts by the last write (updatedAt), which for a bank transfer in the batch
 * is its submission (a redelivered submission rewrites updatedAt, not submittedAt).
 */
export async function oldestInQueue(source: QueueSource): Promise<string | null> {
  let startKey: Record<string, unknown> | undefined;
  do {
    const base = queueQuery(source);
    const out = await dynamo.send(
      new QueryCommand({
        ...base,
        ProjectionExpression: '#since',
        ExpressionAttributeNames: { ...base.ExpressionAttributeNames, '#since': source.since },
        ScanIndexForward: true,
        ...(source.filter ? {} : { Limit: 1 }),
        ...(startKey ? { ExclusiveStartKey: startKey } : {}),
      }),
    );
    const instants = (out.Items ?? []).map((item) => instantOf(item[source.since])).filter((at): at is string => at !== null);
    if ((out.Items ?? []).length > 0) return instants.length > 0 ? instants.sort()[0]! : null;
    startKey = out.LastEvaluatedKey;
  } while (startKey);
  return null;
}

/** Counts a queue (without reading its items) and finds its oldest wait. */
export async function summarizeQueue(source: QueueSource): Promise<QueueSummary> {
  const [count, oldestAt] = await Promise.all([countQueue(source), oldestInQueue(source)]);
  return { count, oldestAt: count === 0 ? null : oldestAt };
}

/** The Overview: every queue, read in parallel. */
export async function overview(now: Date = new Date()): Promise<AdminOverview> {
  const keys = Object.keys(QUEUE_SOURCES) as OverviewQueue[];
  const summaries = await Promise.all(keys.map((key) => summarizeQueue(QUEUE_SOURCES[key])));
  return {
    generatedAt: now.toISOString(),
    queues: Object.fromEntries(keys.map((key, i) => [key, summaries[i]!])) as AdminOverview['queues'],
  };
}
