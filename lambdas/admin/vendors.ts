/**
 * The ops console's Vendor applications and Vendor directory (issue 13): reads only, every list a
 * query on an index (never a scan), cursor-paged with cursors bound to the literal `admin`
 * (lambdas/shared/cursor.ts). Layout of the indexes: contracts/tables.ts; decisions: docs/decisions.md,
 * "Vendor applications and directory".
 */
import { GetCommand, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { AuditEntry } from '../../contracts/audit';
import type {
  AdminVendorRecord,
  AdminVendorStatus,
  ApplicationsPage,
  ApplicationSummary,
  VendorDetail,
  VendorListItem,
  VendorListQuery,
  VendorsPage,
} from '../../contracts/admin-vendors';
import { auditTargetKey, entryOf } from '../audit/record';
import { dynamo } from '../shared/clients';
import { decodeCursor, encodeCursor } from '../shared/cursor';
import { env } from '../shared/env';
import { NotFoundError } from '../shared/errors';
import { tableName } from '../shared/tables';
import { DIRECTORY_PARTITION, getVendorByUserId, searchText, type VendorRecord } from '../shared/vendors';

/** Cursors of the console's lists are issued to ops as a whole, not to a vendor. */
export const ADMIN_CURSOR_OWNER = 'admin';
export const APPLICATIONS_PAGE_SIZE = 25;
export const VENDORS_PAGE_SIZE = 25;

type Key = Record<string, string>;
const isKey = (k: unknown): k is Key =>
  typeof k === 'object' && k !== null && !Array.isArray(k) && Object.values(k).every((v) => typeof v === 'string') && Object.keys(k).length <= 4;
const OTHER_SCOPE = 'The cursor belongs to a different list or search. Start again from the first page.';

const VENDOR_ID = /^V-\d{1,20}$/;

export function recordView(record: VendorRecord): AdminVendorRecord {
  return {
    userId: record.userId,
    vendorId: record.vendorId ?? null,
    email: record.email,
    vendorName: record.vendorName,
    language: record.language,
    status: record.status,
    createdAt: record.createdAt,
    reviewedAt: record.reviewedAt ?? null,
    reviewedBy: record.reviewedBy ?? null,
    rejectionReason: record.rejectionReason ?? null,
  };
}

const listItemOf = (record: VendorRecord): VendorListItem => ({
  userId: record.userId,
  vendorId: record.vendorId ?? null,
  email: record.email,
  vendorName: record.vendorName,
  status: record.status,
  createdAt: record.createdAt,
});

/** Pending applications, oldest first: the `pending` partition of `byStatus`. */
export async function listApplications(cursor: string | undefined, now = new Date(), pageSize = APPLICATIONS_PAGE_SIZE): Promise<ApplicationsPage> {
  const start = cursor ? decodeCursor(cursor, ADMIN_CURSOR_OWNER, 'applications', isKey, OTHER_SCOPE) : undefined;
  const out = await dynamo.send(
    new QueryCommand({
      TableName: tableName('vendors'),
      IndexName: 'byStatus',
      KeyConditionExpression: '#status = :pending',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':pending': 'pending' },
      ScanIndexForward: true,
      Limit: pageSize,
      ...(start ? { ExclusiveStartKey: start } : {}),
    }),
  );
  const items: ApplicationSummary[] = ((out.Items ?? []) as VendorRecord[]).map((r) => ({
    userId: r.userId,
    email: r.email,
    vendorName: r.vendorName,
    language: r.language,
    createdAt: r.createdAt,
  }));
  return {
    items,
    nextCursor: out.LastEvaluatedKey ? encodeCursor(ADMIN_CURSOR_OWNER, 'applications', out.LastEvaluatedKey) : null,
    generatedAt: now.toISOString(),
  };
}

/** The audit entries whose target is one of `targets` (`vendor#V-…`, `vendor#<userId>`), newest first. */
export async function auditTrail(targetIds: readonly string[], limit = 50): Promise<AuditEntry[]> {
  const lists = await Promise.all(
    [...new Set(targetIds)].map(async (id) => {
      const out = await dynamo.send(
        new QueryCommand({
          TableName: tableName('audit'),
          IndexName: 'byTarget',
          KeyConditionExpression: 'targetKey = :t',
          ExpressionAttributeValues: { ':t': auditTargetKey('vendor', id) },
          ScanIndexForward: false,
          Limit: limit,
        }),
      );
      return (out.Items ?? []).map(entryOf);
    }),
  );
  return lists
    .flat()
    .sort((a, b) => (a.at === b.at ? b.auditId.localeCompare(a.auditId) : b.at.localeCompare(a.at)))
    .slice(0, limit);
}

export async function applicationDetail(userId: string, now = new Date()) {
  const record = await getVendorByUserId(userId);
  if (!record) throw new NotFoundError('There is no vendor application with this id.', 'vendor_not_found');
  return {
    application: recordView(record),
    audit: await auditTrail([userId, ...(record.vendorId ? [record.vendorId] : [])]),
    generatedAt: now.toISOString(),
  };
}

/**
 * How a directory search is read (docs/decisions.md):
 * - an exact vendor id (`V-10001`) → `byVendorId`;
 * - text with `@` → a prefix of the lowercased e-mail on `byDirectoryEmail`;
 * - other text → a prefix of the lowercased business name on `byDirectoryName`;
 * - no text → the `byStatus` partition of the status filter (newest first), or the whole directory by name.
 * A status filter with text is a filter on the key range (at most three statuses: pages may come short).
 */
export function directoryQuery(query: Pick<VendorListQuery, 'q' | 'status'>): { scope: string; input: Omit<QueryCommandInput, 'TableName'> } {
  const q = query.q ? searchText(query.q) : '';
  const status = query.status;
  const statusFilter: { FilterExpression?: string; names: Record<string, string>; values: Record<string, string> } = status
    ? { FilterExpression: '#status = :status', names: { '#status': 'status' }, values: { ':status': status } }
    : { names: {}, values: {} };
  const scope = `vendors:${status ?? ''}:${q}`;
  if (VENDOR_ID.test(query.q?.trim().toUpperCase() ?? '')) {
    return {
      scope,
      input: {
        IndexName: 'byVendorId',
        KeyConditionExpression: 'vendorId = :v',
        ...(statusFilter.FilterExpression ? { FilterExpression: statusFilter.FilterExpression } : {}),
        ...(status ? { ExpressionAttributeNames: statusFilter.names } : {}),
        ExpressionAttributeValues: { ':v': query.q!.trim().toUpperCase(), ...statusFilter.values },
      },
    };
  }
  if (q) {
    const [index, attribute] = q.includes('@') ? ['byDirectoryEmail', 'emailKey'] : ['byDirectoryName', 'nameKey'];
    return {
      scope,
      input: {
        IndexName: index,
        KeyConditionExpression: '#directory = :directory AND begins_with(#key, :prefix)',
        ...(statusFilter.FilterExpression ? { FilterExpression: statusFilter.FilterExpression } : {}),
        ExpressionAttributeNames: { '#directory': 'directory', '#key': attribute!, ...statusFilter.names },
        ExpressionAttributeValues: { ':directory': DIRECTORY_PARTITION, ':prefix': q, ...statusFilter.values },
      },
    };
  }
  if (status) {
    return {
      scope,
      input: {
        IndexName: 'byStatus',
        KeyConditionExpression: '#status = :status',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':status': status },
        ScanIndexForward: false,
      },
    };
  }
  return {
    scope,
    input: {
      IndexName: 'byDirectoryName',
      KeyConditionExpression: '#directory = :directory',
      ExpressionAttributeNames: { '#directory': 'directory' },
      ExpressionAttributeValues: { ':directory': DIRECTORY_PARTITION },
    },
  };
}

/** The directory: one page of the search (see `directoryQuery`). */
export async function listVendors(query: VendorListQuery, pageSize = VENDORS_PAGE_SIZE): Promise<VendorsPage> {
  const { scope, input } = directoryQuery(query);
  let start = query.cursor ? decodeCursor(query.cursor, ADMIN_CURSOR_OWNER, scope, isKey, OTHER_SCOPE) : undefined;
  const items: VendorListItem[] = [];
  // A status filter may drop rows of a page: read on (a few pages at most) until the page is full.
  for (let reads = 0; reads < 5; reads += 1) {
    const out = await dynamo.send(
      new QueryCommand({ TableName: tableName('vendors'), ...input, Limit: pageSize - items.length, ...(start ? { ExclusiveStartKey: start } : {}) }),
    );
    items.push(...((out.Items ?? []) as VendorRecord[]).map(listItemOf));
    start = out.LastEvaluatedKey as Key | undefined;
    if (!start || items.length >= pageSize) break;
  }
  return { items, nextCursor: start ? encodeCursor(ADMIN_CURSOR_OWNER, scope, start) : null };
}

/** A vendor record by its `V-…` id, or by user id (an applicant has no vendor id yet). */
export async function findVendor(idOrUserId: string): Promise<VendorRecord | null> {
  if (VENDOR_ID.test(idOrUserId)) {
    const out = await dynamo.send(
      new QueryCommand({ TableName: tableName('vendors'), IndexName: 'byVendorId', KeyConditionExpression: 'vendorId = :v', ExpressionAttributeValues: { ':v': idOrUserId }, Limit: 1 }),
    );
    const hit = out.Items?.[0] as VendorRecord | undefined;
    // The index is eventually consistent: read the record itself.
    return hit ? getVendorByUserId(hit.userId) : null;
  }
  return getVendorByUserId(idOrUserId);
}

/** How many items a partition of an index holds (paged COUNT queries: no items are read out). */
async function countPartition(table: 'products', index: string, attribute: string, value: string): Promise<number> {
  let count = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const out = await dynamo.send(
      new QueryCommand({
        TableName: tableName(table),
        IndexName: index,
        KeyConditionExpression: '#pk = :pk',
        ExpressionAttributeNames: { '#pk': attribute },
        ExpressionAttributeValues: { ':pk': value },
        Select: 'COUNT',
        ...(start ? { ExclusiveStartKey: start } : {}),
      }),
    );
    count += out.Count ?? 0;
    start = out.LastEvaluatedKey;
  } while (start);
  return count;
}

export const RECENT_ORDERS = 5;
export const RECENT_PAYOUTS = 5;

/** The vendor detail: record, commission, balance, recent orders, products per tab, payout method and history, audit trail. */
export async function vendorDetail(idOrUserId: string): Promise<VendorDetail> {
  const record = await findVendor(idOrUserId);
  if (!record) throw new NotFoundError('There is no vendor with this id.', 'vendor_not_found');
  const vendorId = record.vendorId;
  const stored = typeof record.commissionRateBps === 'number' ? record.commissionRateBps : null;
  const [balance, orders, payouts, products, audit] = await Promise.all([
    vendorId
      ? dynamo.send(new GetCommand({ TableName: tableName('ledger'), Key: { vendorId, sk: 'BALANCE' }, ProjectionExpression: 'balanceCents' }))
      : Promise.resolve(null),
    vendorId
      ? dynamo.send(new QueryCommand({ TableName: tableName('orders'), KeyConditionExpression: 'vendorId = :v', ExpressionAttributeValues: { ':v': vendorId }, ScanIndexForward: false, Limit: RECENT_ORDERS }))
      : Promise.resolve(null),
    vendorId
      ? dynamo.send(
          new QueryCommand({
            TableName: tableName('ledger'),
            KeyConditionExpression: 'vendorId = :v AND begins_with(sk, :p)',
            ExpressionAttributeValues: { ':v': vendorId, ':p': 'PAYOUT#' },
            ScanIndexForward: false,
            Limit: RECENT_PAYOUTS,
          }),
        )
      : Promise.resolve(null),
    vendorId
      ? Promise.all([
          countPartition('products', 'byVendorPublished', 'publishedVendorId', vendorId),
          countPartition('products', 'byVendorRevision', 'revisionTab', `${vendorId}#draft`),
          countPartition('products', 'byVendorRevision', 'revisionTab', `${vendorId}#pending`),
          countPartition('products', 'byVendorRevision', 'revisionTab', `${vendorId}#rejected`),
        ])
      : Promise.resolve([0, 0, 0, 0] as [number, number, number, number]),
    auditTrail([record.userId, ...(vendorId ? [vendorId] : [])]),
  ]);
  const method = record.payoutMethod;
  return {
    vendor: recordView(record),
    commission: { rateBps: stored ?? env.defaultCommissionBps(), storedRateBps: stored },
    balanceCents: typeof balance?.Item?.balanceCents === 'number' ? balance.Item.balanceCents : vendorId ? 0 : null,
    recentOrders: (orders?.Items ?? []).map((o) => ({
      orderId: String(o.orderId),
      orderNumber: String(o.orderNumber ?? o.orderId),
      placedAt: String(o.placedAt),
      status: String(o.status),
      totalCents: Number(o.totalCents ?? 0),
    })),
    products: { live: products[0]!, draft: products[1]!, pending: products[2]!, rejected: products[3]! },
    payoutMethod: method ? { method: method.method, destination: method.destination, payoutAccountId: method.payoutAccountId, holdUntil: method.holdUntil ?? null } : null,
    payouts: (payouts?.Items ?? []).map((p) => ({
      payoutId: String(p.payoutId),
      periodFrom: String(p.periodFrom),
      periodTo: String(p.periodTo),
      status: String(p.status),
      amountCents: Number(p.amountCents ?? 0),
      paidCents: Number(p.paidCents ?? p.amountCents ?? 0),
      createdAt: String(p.createdAt),
    })),
    audit,
  };
}

export type { AdminVendorStatus };
