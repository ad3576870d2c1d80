/**
 * What is waiting for operations staff (issue 13, the ops console's Overview): each queue is one
 * partition of an index, read page by page with only the attributes needed projected, never a scan.
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
  /** Attribute holding since when an item waits (UTC ISO, or `<ISO>#<id>` as in revisionSort). */
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
    filter: { expression: '#method = :bank AND attribute_exists(#since)', names: { '#method': 'method' }, values: { ':bank': 'bank' } },
  },
};

/** The instant part of a `since` value: `2026-03-01T10:00:00.000Z#P-1` → `2026-03-01T10:00:00.000Z`. */
export function instantOf(value: unknown): string | null {
  if (typeof value !== 'string' || value === '') return null;
  const instant = value.split('#', 1)[0]!;
  return Number.isNaN(Date.parse(instant)) ? null : new Date(instant).toISOString();
}

/** Counts a queue and finds its oldest wait; pages until the partition is read to its end. */
export async function summarizeQueue(source: QueueSource): Promise<QueueSummary> {
  let count = 0;
  let oldestAt: string | null = null;
  let startKey: Record<string, unknown> | undefined;
  do {
    const out = await dynamo.send(
      new QueryCommand({
        TableName: tableName(source.table),
        IndexName: source.index,
        KeyConditionExpression: '#pk = :pk',
        ...(source.filter ? { FilterExpression: source.filter.expression } : {}),
        ProjectionExpression: '#since',
        ExpressionAttributeNames: { '#pk': source.partition.name, '#since': source.since, ...source.filter?.names },
        ExpressionAttributeValues: { ':pk': source.partition.value, ...source.filter?.values },
        ScanIndexForward: true,
        ...(startKey ? { ExclusiveStartKey: startKey } : {}),
      }),
    );
    for (const item of out.Items ?? []) {
      count += 1;
      const at = instantOf(item[source.since]);
      if (at && (oldestAt === null || at < oldestAt)) oldestAt = at;
    }
    startKey = out.LastEvaluatedKey;
  } while (startKey);
  return { count, oldestAt };
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
