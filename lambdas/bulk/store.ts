/**
 * The bulk-jobs table (contracts/tables.ts `bulkJobs`) and the catalogue read of the dry run.
 *
 * Item layout, partition = vendor id:
 *   - `J#<jobId>`: JobItem — status, file name, summary, progress, reports, times, `expiresAt` (TTL).
 *   - `R#<jobId>#<0000>`: `rows`, ROWS_PER_CHUNK PlannedRows as JSON (one item per chunk keeps 5,000
 *     rows to 25 writes); the rows carry the version the dry run saw and the version the apply wrote.
 * Status moves only by conditional writes (ready → applying → applied → undoing → undone), so an
 * apply or an undo starts once however often it is asked for.
 */
import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, BatchWriteCommand, GetCommand, paginateQuery, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { BulkJobStatus } from '../../contracts/bulk-model';
import type { BulkReport, BulkSummary } from '../../contracts/bulk';
import { dynamo, paging } from '../shared/clients';
import { tableName } from '../shared/tables';
import type { ProductItem } from '../listings/product-states';
import type { TransactItem } from '../notifications/record';
import type { CatalogueProduct, PlannedRow } from './sheet';

export const ROWS_PER_CHUNK = 200;
/** A job is kept this long after its dry run (TTL). */
export const JOB_RETENTION_SECONDS = 7 * 24 * 60 * 60;

export interface JobItem {
  vendorId: string;
  sk: string;
  jobId: string;
  fileName: string;
  status: BulkJobStatus;
  createdAt: string;
  summary: BulkSummary;
  chunks: number;
  progress: { done: number; total: number };
  appliedAt?: string;
  undoneAt?: string;
  applyReport?: BulkReport;
  undoReport?: BulkReport;
  /** Who asked for the apply / the undo (the signed-in owner or team member): the activity log's actor. */
  appliedBy?: JobActor;
  undoneBy?: JobActor;
  expiresAt: number;
}

/** A person as the verified token names them (Cognito sub and e-mail). */
export interface JobActor {
  userId: string;
  email: string;
}

export const jobKey = (jobId: string) => `J#${jobId}`;
export const chunkKey = (jobId: string, chunk: number) => `R#${jobId}#${String(chunk).padStart(4, '0')}`;

/**
 * The vendor's products as the dry run needs them, by SKU (upper case): read from the vendor's SKU
 * index (`byVendorSku`, which projects exactly these attributes), not the whole product partition with
 * consistent reads (issue 24: 5.7 s of a 5,000-row dry run on a busy machine; a full product item is up
 * to ~65 KB, the index row a few hundred bytes). An index is read eventually consistent, which is
 * safe here: the apply writes each row only onto the version the dry run saw, so a version read a
 * moment stale makes that row `changed` in the report, never an overwrite. A product without a SKU
 * is not in the index, and no row of a sheet could name it.
 */
export async function catalogueBySku(vendorId: string): Promise<Map<string, CatalogueProduct>> {
  const attributes = ['productId', 'sku', 'nameEn', 'nameZh', 'priceCents', 'compareAtCents', 'inventory', 'version'];
  const names = Object.fromEntries(attributes.map((a, i) => [`#a${i}`, a]));
  const pages = paginateQuery(paging(), {
    TableName: tableName('products'),
    IndexName: 'byVendorSku',
    KeyConditionExpression: '#vendorId = :vendorId',
    ProjectionExpression: Object.keys(names).join(', '),
    ExpressionAttributeNames: { ...names, '#vendorId': 'vendorId' },
    ExpressionAttributeValues: { ':vendorId': vendorId },
  });
  const bySku = new Map<string, CatalogueProduct>();
  for await (const page of pages) {
    for (const item of (page.Items ?? []) as CatalogueProduct[]) bySku.set(item.sku.toUpperCase(), item);
  }
  return bySku;
}

/** Writes up to 25 items per request, retrying what DynamoDB leaves unprocessed. */
async function writeAll(items: Record<string, unknown>[]): Promise<void> {
  for (let i = 0; i < items.length; i += 25) {
    let pending = items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } }));
    for (let round = 0; pending.length > 0; round += 1) {
      if (round > 0) await new Promise((r) => setTimeout(r, 50 * 2 ** Math.min(round, 5)));
      const out = await dynamo.send(new BatchWriteCommand({ RequestItems: { [tableName('bulkJobs')]: pending } }));
      pending = (out.UnprocessedItems?.[tableName('bulkJobs')] ?? []) as typeof pending;
    }
  }
}

/** A new job with its rows (the dry run): the rows first, so a job never names chunks that are not there. */
export async function insertJob(job: Omit<JobItem, 'sk' | 'chunks'>, rows: PlannedRow[]): Promise<JobItem> {
  const chunks: Record<string, unknown>[] = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_CHUNK) {
    chunks.push({ vendorId: job.vendorId, sk: chunkKey(job.jobId, chunks.length), rows: JSON.stringify(rows.slice(i, i + ROWS_PER_CHUNK)), expiresAt: job.expiresAt });
  }
  await writeAll(chunks);
  const item: JobItem = { ...job, sk: jobKey(job.jobId), chunks: chunks.length };
  await dynamo.send(new PutCommand({ TableName: tableName('bulkJobs'), Item: item, ConditionExpression: 'attribute_not_exists(sk)' }));
  return item;
}

export async function getJob(vendorId: string, jobId: string): Promise<JobItem | null> {
  const out = await dynamo.send(new GetCommand({ TableName: tableName('bulkJobs'), Key: { vendorId, sk: jobKey(jobId) }, ConsistentRead: true }));
  return (out.Item as JobItem | undefined) ?? null;
}

/** The job's rows, chunk by chunk in file order. */
export async function jobChunks(job: Pick<JobItem, 'vendorId' | 'jobId'>): Promise<PlannedRow[][]> {
  const chunks: PlannedRow[][] = [];
  const pages = paginateQuery(paging(), {
    TableName: tableName('bulkJobs'),
    KeyConditionExpression: 'vendorId = :v AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':v': job.vendorId, ':prefix': `R#${job.jobId}#` },
    ConsistentRead: true,
  });
  for await (const page of pages) for (const item of page.Items ?? []) chunks.push(JSON.parse(item.rows as string) as PlannedRow[]);
  return chunks;
}

export async function putChunk(job: Pick<JobItem, 'vendorId' | 'jobId' | 'expiresAt'>, chunk: number, rows: PlannedRow[]): Promise<void> {
  await dynamo.send(new PutCommand({ TableName: tableName('bulkJobs'), Item: { vendorId: job.vendorId, sk: chunkKey(job.jobId, chunk), rows: JSON.stringify(rows), expiresAt: job.expiresAt } }));
}

/**
 * Moves the job from `from` to `to` with `set` (more attributes), only if it is in `from` (and
 * `also` holds): false when it is not.
 */
export async function moveJob(
  vendorId: string,
  jobId: string,
  from: BulkJobStatus,
  to: BulkJobStatus,
  set: Record<string, unknown> = {},
  also?: { condition: string; values: Record<string, unknown> },
): Promise<boolean> {
  const names: Record<string, string> = { '#status': 'status' };
  const values: Record<string, unknown> = { ':from': from, ':to': to, ...(also?.values ?? {}) };
  const sets = ['#status = :to'];
  Object.entries(set).forEach(([k, v], i) => {
    names[`#s${i}`] = k;
    values[`:s${i}`] = v;
    sets.push(`#s${i} = :s${i}`);
  });
  try {
    await dynamo.send(
      new UpdateCommand({
        TableName: tableName('bulkJobs'),
        Key: { vendorId, sk: jobKey(jobId) },
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: `#status = :from${also ? ` AND (${also.condition})` : ''}`,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      }),
    );
    return true;
  } catch (err) {
    if (err instanceof ConditionalCheckFailedException) return false;
    throw err;
  }
}

/** The job's progress and running report while it applies or undoes. */
export async function recordProgress(vendorId: string, jobId: string, done: number, reportField: 'applyReport' | 'undoReport', report: BulkReport): Promise<void> {
  await dynamo.send(
    new UpdateCommand({
      TableName: tableName('bulkJobs'),
      Key: { vendorId, sk: jobKey(jobId) },
      UpdateExpression: 'SET #progress.#done = :done, #report = :report',
      ExpressionAttributeNames: { '#progress': 'progress', '#done': 'done', '#report': reportField },
      ExpressionAttributeValues: { ':done': done, ':report': report },
    }),
  );
}

/**
 * The vendor's last job that was applied (whatever happened since), newest first among its jobs:
 * the one Undo may concern. Reads a page of jobs at a time, only their headers.
 */
export async function lastAppliedJob(vendorId: string): Promise<JobItem | null> {
  let startKey: Record<string, unknown> | undefined;
  for (let page = 0; page < 20; page += 1) {
    const out = await dynamo.send(
      new QueryCommand({
        TableName: tableName('bulkJobs'),
        KeyConditionExpression: 'vendorId = :v AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':v': vendorId, ':prefix': 'J#' },
        ScanIndexForward: false,
        Limit: 25,
        ConsistentRead: true,
        ...(startKey ? { ExclusiveStartKey: startKey } : {}),
      }),
    );
    const found = ((out.Items ?? []) as JobItem[]).find((job) => job.status !== 'ready');
    if (found) return found;
    startKey = out.LastEvaluatedKey;
    if (!startKey) return null;
  }
  return null;
}

/** Up to 100 of the vendor's products by id, read consistently (what the apply writes onto). */
export async function productsById(vendorId: string, productIds: string[]): Promise<Map<string, ProductItem>> {
  const found = new Map<string, ProductItem>();
  let pending: Record<string, unknown>[] = [...new Set(productIds)].map((productId) => ({ vendorId, productId }));
  for (let round = 0; pending.length > 0; round += 1) {
    if (round > 0) await new Promise((r) => setTimeout(r, 50 * 2 ** Math.min(round, 5)));
    const out = await dynamo.send(new BatchGetCommand({ RequestItems: { [tableName('products')]: { Keys: pending.slice(0, 100), ConsistentRead: true } } }));
    for (const item of (out.Responses?.[tableName('products')] ?? []) as ProductItem[]) found.set(item.productId, item);
    pending = [...((out.UnprocessedKeys?.[tableName('products')]?.Keys ?? []) as Record<string, unknown>[]), ...pending.slice(100)];
  }
  return found;
}

/** One product of a group transaction: the item, the version it must still have, and the items written with it. */
export interface ProductGroupWrite {
  item: ProductItem;
  expected: number;
  /** The change's activity entries and notification inbox items (issue 14, lambdas/activity/record.ts). */
  also: TransactItem[];
}

/**
 * Puts products in one transaction, each only if it still has its `expected` version, each with its
 * `also` items, and `shared` once at the end (the group's unread count: a transaction may touch an
 * item once). At most 100 items in all (the caller packs the groups). Null when all were written;
 * else, per write, the cancellation reason of its product put (`ConditionalCheckFailed`: that
 * product changed; `None`: not the cause) and `conflict` when only transaction conflicts (no failed
 * condition) cancelled it — nothing was written.
 */
export async function putProducts(writes: ProductGroupWrite[], shared: TransactItem[] = []): Promise<{ reasons: (string | undefined)[]; conflict: boolean } | null> {
  const items: TransactItem[] = [];
  const at: number[] = [];
  for (const { item, expected, also } of writes) {
    at.push(items.length);
    items.push({
      Put: {
        TableName: tableName('products'),
        Item: item,
        ConditionExpression: '#version = :expected',
        ExpressionAttributeNames: { '#version': 'version' },
        ExpressionAttributeValues: { ':expected': expected },
      },
    });
    items.push(...also);
  }
  items.push(...shared);
  try {
    await dynamo.send(new TransactWriteCommand({ TransactItems: items }));
    return null;
  } catch (err) {
    if (!(err instanceof TransactionCanceledException)) throw err;
    const codes = items.map((_, i) => err.CancellationReasons?.[i]?.Code);
    return {
      reasons: at.map((i) => codes[i]),
      conflict: !codes.includes('ConditionalCheckFailed') && codes.includes('TransactionConflict'),
    };
  }
}
