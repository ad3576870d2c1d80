/**
 * The ops console's Payouts screen (issue 13, screen 5): a period's payouts and figures, failed
 * payouts and bank transfers awaiting confirmation — each one partition of a ledger index, read page
 * by page, never a scan (contracts/tables.ts: `byPayoutPeriod`, `byPayoutStatus`).
 */
import { QueryCommand, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import type { AdminPayout, AdminPayoutPage, AdminPayoutPeriod, AdminPayoutView } from '../../contracts/admin-payouts';
import { dynamo } from '../shared/clients';
import { decodeCursor, encodeCursor } from '../shared/cursor';
import { tableName } from '../shared/tables';
import type { VendorRecord } from '../shared/vendors';
import { payoutReconciliation } from '../payouts/history';
import type { PayoutItem } from '../payouts/model';
import { periodFromId } from '../payouts/period';

/** Admin cursors are bound to this literal instead of a vendor id (lambdas/shared/cursor.ts). */
export const ADMIN_CURSOR_OWNER = 'admin';
export const ADMIN_PAYOUT_PAGE_SIZE = 25;

type Key = Record<string, string>;
const isKey = (k: unknown): k is Key =>
  typeof k === 'object' && k !== null && !Array.isArray(k) && Object.values(k).every((v) => typeof v === 'string') && Object.keys(k).length <= 4;

interface ListSource {
  index: 'byPayoutPeriod' | 'byPayoutStatus';
  partition: { name: string; value: string };
  /** The index's sort attribute (with the table's keys, the position of an item). */
  sort: string;
  filter?: { expression: string; names: Record<string, string>; values: Record<string, unknown> };
}

function listSource(view: AdminPayoutView, periodId: string | undefined): ListSource {
  if (view === 'period') return { index: 'byPayoutPeriod', partition: { name: 'periodId', value: periodId! }, sort: 'vendorId' };
  if (view === 'failed') return { index: 'byPayoutStatus', partition: { name: 'status', value: 'failed' }, sort: 'updatedAt' };
  // As the Overview counts them (lambdas/admin/queues.ts): pending bank payouts written to the batch.
  return {
    index: 'byPayoutStatus',
    partition: { name: 'status', value: 'pending' },
    sort: 'updatedAt',
    filter: { expression: '#method = :bank AND attribute_exists(submittedAt)', names: { '#method': 'method' }, values: { ':bank': 'bank' } },
  };
}

const scopeOf = (view: AdminPayoutView, periodId: string | undefined) => `payouts:${view}:${periodId ?? ''}`;

/** The vendor records of a page's vendors (their names), by vendor id. */
export type VendorLookup = (vendorIds: readonly string[]) => Promise<Map<string, Pick<VendorRecord, 'vendorName' | 'payoutMethod'>>>;

export async function vendorsById(vendorIds: readonly string[]): Promise<Map<string, VendorRecord>> {
  const out = new Map<string, VendorRecord>();
  await Promise.all(
    [...new Set(vendorIds)].map(async (vendorId) => {
      const res = await dynamo.send(
        new QueryCommand({ TableName: tableName('vendors'), IndexName: 'byVendorId', KeyConditionExpression: 'vendorId = :v', ExpressionAttributeValues: { ':v': vendorId }, Limit: 1 }),
      );
      const record = res.Items?.[0] as VendorRecord | undefined;
      if (record) out.set(vendorId, record);
    }),
  );
  return out;
}

export function adminPayoutOf(p: PayoutItem, vendorName: string | null): AdminPayout {
  return {
    payoutId: p.payoutId,
    vendorId: p.vendorId,
    vendorName,
    periodId: p.periodId,
    periodFrom: p.periodFrom,
    periodTo: p.periodTo,
    status: p.status,
    amountCents: p.amountCents,
    feeCents: p.feeCents,
    paidCents: p.paidCents,
    method: p.method,
    destination: p.destinationMasked,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
    submittedAt: p.submittedAt ?? null,
    failureReason: p.failureReason ?? null,
    retryCount: p.retryCount ?? 0,
  };
}

/** One page of a list: failed and awaiting oldest first, a period's by vendor id. */
export async function listAdminPayouts(
  view: AdminPayoutView,
  opts: { periodId?: string; cursor?: string; pageSize?: number; vendors?: VendorLookup },
): Promise<AdminPayoutPage> {
  const source = listSource(view, opts.periodId);
  const scope = scopeOf(view, opts.periodId);
  const pageSize = opts.pageSize ?? ADMIN_PAYOUT_PAGE_SIZE;
  let startKey: Key | undefined = opts.cursor
    ? decodeCursor(opts.cursor, ADMIN_CURSOR_OWNER, scope, isKey, 'The cursor belongs to another list. Start again from the first page.')
    : undefined;
  const items: PayoutItem[] = [];
  let more = true;
  while (items.length < pageSize && more) {
    const out = await dynamo.send(
      new QueryCommand({
        TableName: tableName('ledger'),
        IndexName: source.index,
        KeyConditionExpression: '#pk = :pk',
        ...(source.filter ? { FilterExpression: source.filter.expression } : {}),
        ExpressionAttributeNames: { '#pk': source.partition.name, ...source.filter?.names },
        ExpressionAttributeValues: { ':pk': source.partition.value, ...source.filter?.values },
        ScanIndexForward: true,
        Limit: pageSize,
        ...(startKey ? { ExclusiveStartKey: startKey } : {}),
      }),
    );
    for (const item of (out.Items ?? []) as PayoutItem[]) {
      if (items.length < pageSize) items.push(item);
    }
    startKey = out.LastEvaluatedKey as Key | undefined;
    more = Boolean(startKey);
  }
  // The position after the last row returned (not DynamoDB's, which may lie beyond a filtered page).
  const last = items.at(-1);
  const lastKey = (p: PayoutItem): Key => ({
    [source.partition.name]: source.partition.value,
    [source.sort]: String((p as unknown as Record<string, unknown>)[source.sort]),
    vendorId: p.vendorId,
    sk: p.sk,
  });
  const hasMore = last !== undefined && (more || items.length === pageSize) && (await hasAfter(source, lastKey(last)));
  const names = await (opts.vendors ?? vendorsById)(items.map((i) => i.vendorId));
  return {
    items: items.map((p) => adminPayoutOf(p, names.get(p.vendorId)?.vendorName ?? null)),
    nextCursor: hasMore && last ? encodeCursor(ADMIN_CURSOR_OWNER, scope, lastKey(last)) : null,
  };
}

/** Whether the list goes on after `key` (so the last page does not offer an empty next one). */
async function hasAfter(source: ListSource, key: Key): Promise<boolean> {
  let startKey: Record<string, unknown> | undefined = key;
  do {
    const out: QueryCommandOutput = await dynamo.send(
      new QueryCommand({
        TableName: tableName('ledger'),
        IndexName: source.index,
        KeyConditionExpression: '#pk = :pk',
        ...(source.filter ? { FilterExpression: source.filter.expression } : {}),
        ExpressionAttributeNames: { '#pk': source.partition.name, ...source.filter?.names },
        ExpressionAttributeValues: { ':pk': source.partition.value, ...source.filter?.values },
        ProjectionExpression: 'sk',
        Limit: ADMIN_PAYOUT_PAGE_SIZE,
        ExclusiveStartKey: startKey,
      }),
    );
    if (out.Items?.length) return true;
    startKey = out.LastEvaluatedKey;
  } while (startKey);
  return false;
}

const RECONCILE_CONCURRENCY = 8;

/**
 * A period's figures over all of its payouts (the `byPayoutPeriod` partition, page by page): counts
 * by status, the amounts, and gross sales and commission from each payout's reconciliation (one
 * Query of its ledger window each, eight at a time; docs/decisions.md "Ops console: payouts").
 */
export async function periodSummary(periodId: string): Promise<AdminPayoutPeriod | null> {
  const period = periodFromId(periodId);
  if (!period) return null;
  const payouts: PayoutItem[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const out: QueryCommandOutput = await dynamo.send(
      new QueryCommand({
        TableName: tableName('ledger'),
        IndexName: 'byPayoutPeriod',
        KeyConditionExpression: 'periodId = :p',
        ExpressionAttributeValues: { ':p': periodId },
        ...(startKey ? { ExclusiveStartKey: startKey } : {}),
      }),
    );
    payouts.push(...((out.Items ?? []) as PayoutItem[]));
    startKey = out.LastEvaluatedKey;
  } while (startKey);

  const summary: AdminPayoutPeriod = {
    period,
    payouts: payouts.length,
    vendorsPaid: 0,
    counts: { pending: 0, paid: 0, failed: 0 },
    totals: { grossSalesCents: 0, commissionCents: 0, amountCents: 0, feeCents: 0, paidCents: 0 },
    paidOutCents: 0,
  };
  for (const p of payouts) {
    summary.counts[p.status] += 1;
    summary.totals.amountCents += p.amountCents;
    summary.totals.feeCents += p.feeCents;
    summary.totals.paidCents += p.paidCents;
    if (p.status === 'paid') {
      summary.vendorsPaid += 1;
      summary.paidOutCents += p.paidCents;
    }
  }
  for (let i = 0; i < payouts.length; i += RECONCILE_CONCURRENCY) {
    const lines = await Promise.all(payouts.slice(i, i + RECONCILE_CONCURRENCY).map((p) => payoutReconciliation(p.vendorId, p)));
    for (const r of lines) {
      summary.totals.grossSalesCents += r.grossSalesCents;
      summary.totals.commissionCents += r.commissionCents;
    }
  }
  return summary;
}
