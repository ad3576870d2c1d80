/**
 * Table definitions: the single source for the CDK data construct (lib/data.ts) and the local
 * bootstrap (scripts/local/dynamodb.ts). Keys and indexes only; items are described by each
 * capability's store.
 */
export type AttributeType = 'S' | 'N';

export interface KeyDef {
  name: string;
  type: AttributeType;
}

export interface TableDef {
  /** Suffix of the physical name; locally the table is called `seller-portal-<name>`. */
  name: string;
  /** Environment variable through which Lambdas receive the physical table name. */
  envVar: string;
  partitionKey: KeyDef;
  sortKey?: KeyDef;
  /**
   * `include`: an INCLUDE projection of these attributes (with the keys); `keysOnly`: KEYS_ONLY (the
   * index's and the table's keys); neither: ALL. A write that changes neither an index key nor a
   * projected attribute costs the index nothing, so a narrow projection also saves writes.
   */
  globalIndexes?: readonly { indexName: string; partitionKey: KeyDef; sortKey?: KeyDef; include?: readonly string[]; keysOnly?: true }[];
  timeToLiveAttribute?: string;
  /**
   * At-rest encryption in the cloud: AWS-managed by default; `payouts-key` encrypts the table with
   * the payouts customer-managed KMS key (lib/data.ts), so only roles granted that key can read it.
   */
  encryption?: 'payouts-key';
  /**
   * A DynamoDB stream with the new item image (lib/data.ts; locally scripts/local/dynamodb.ts), read
   * by a Lambda event source: the notifications outbox feeds the notifier (lambdas/notifications); the
   * audit and activity logs feed the archiver (lambdas/archive, cloud only: nothing reads them locally).
   */
  stream?: 'NEW_IMAGE';
  /**
   * An append-only log (issue 24, item 8): writers get mode `append` only, and in the cloud the table's
   * resource policy denies UpdateItem, DeleteItem, BatchWriteItem and PartiQL writes to every principal
   * but the account root (lib/data.ts); its stream feeds the Object Lock archive (lib/audit-archive.ts).
   */
  appendOnly?: true;
}

/** What the inventory indexes of the products table project (the inventory row, lambdas/listings/store.ts CatalogueRow). */
const INVENTORY_ROW_ATTRIBUTES = [
  'sku',
  'nameEn',
  'nameZh',
  'thumbnailKey',
  'priceCents',
  'compareAtCents',
  'inventory',
  'outOfStock',
  'restockOn',
  'lowStockThreshold',
  'updatedAt',
  'publishedVendorId',
  'revisionTab',
  'version',
  'nameSort',
  'searchText',
] as const;

/** The row's attributes an index projects besides its keys (DynamoDB refuses a key attribute among them). */
const rowAttributesBut = (...keys: string[]): readonly string[] => INVENTORY_ROW_ATTRIBUTES.filter((a) => !keys.includes(a));

export const tables = {
  /**
   * Vendor records, keyed by Cognito user id (sub). `byVendorId` finds a record by its V-xxxxx id.
   * `byStatus` (status, then createdAt) serves the ops console (issue 13): the `pending` partition is
   * the queue of vendor applications, oldest first, without a scan; every record has both attributes,
   * so no write path changes (docs/decisions.md, "Ops console overview").
   */
  vendors: {
    name: 'vendors',
    envVar: 'VENDORS_TABLE',
    partitionKey: { name: 'userId', type: 'S' },
    globalIndexes: [
      { indexName: 'byVendorId', partitionKey: { name: 'vendorId', type: 'S' } },
      { indexName: 'byStatus', partitionKey: { name: 'status', type: 'S' }, sortKey: { name: 'createdAt', type: 'S' } },
      // The ops directory's search (issue 13): `directory` = `vendor` on every record, sorted by the
      // lowercased name / e-mail (+ `#<userId>`), so a prefix is a key range (lambdas/shared/vendors.ts).
      { indexName: 'byDirectoryName', partitionKey: { name: 'directory', type: 'S' }, sortKey: { name: 'nameKey', type: 'S' } },
      { indexName: 'byDirectoryEmail', partitionKey: { name: 'directory', type: 'S' }, sortKey: { name: 'emailKey', type: 'S' } },
    ],
  },
  /**
   * Support cases, by vendor id then case id (time-ordered). The item with case id `#rate` holds the
   * vendor's last ten case times for the sliding-window rate limit. `byStatus` lists open cases for ops.
   */
  supportCases: {
    name: 'support-cases',
    envVar: 'SUPPORT_CASES_TABLE',
    partitionKey: { name: 'vendorId', type: 'S' },
    sortKey: { name: 'caseId', type: 'S' },
    globalIndexes: [{ indexName: 'byStatus', partitionKey: { name: 'status', type: 'S' }, sortKey: { name: 'createdAt', type: 'S' } }],
  },
  /**
   * Marketplace orders, by vendor then `placedAt#orderId` (newest first with a reverse query; a date
   * range is a key range). `byVendorStatus` (`<vendorId>#<status>`) serves the status filter.
   * Item layout: lambdas/sales/model.ts.
   */
  orders: {
    name: 'orders',
    envVar: 'ORDERS_TABLE',
    partitionKey: { name: 'vendorId', type: 'S' },
    sortKey: { name: 'orderKey', type: 'S' },
    globalIndexes: [
      { indexName: 'byVendorStatus', partitionKey: { name: 'vendorStatus', type: 'S' }, sortKey: { name: 'orderKey', type: 'S' } },
      // Issue 15: one order by its id (GET /api/orders/{orderId}) and the search by order number (a
      // prefix is a key range), both within the vendor's partition; attributes every order has already.
      { indexName: 'byVendorOrderId', partitionKey: { name: 'vendorId', type: 'S' }, sortKey: { name: 'orderId', type: 'S' } },
      { indexName: 'byVendorOrderNumber', partitionKey: { name: 'vendorId', type: 'S' }, sortKey: { name: 'orderNumber', type: 'S' } },
    ],
  },
  /**
   * The vendor's money: `BALANCE` (current balance), `DAY#<yyyy-mm-dd>` (daily sales in the
   * marketplace time zone), `ENTRY#<time>#<id>` (ledger entries: sales, reversals, payouts).
   * Item layout: lambdas/sales/model.ts; `PAYOUT#<period>` items: lambdas/payouts/model.ts.
   * `byPayableShard` is sparse: only BALANCE items carrying `payable` (set by every balance change,
   * removed by the payout run while the balance is below the minimum), so a run never scans the table.
   * Issue 23: its value is the vendor's write shard `Y#00`…`Y#15` (lambdas/payouts/model.ts), read in
   * parallel, and it projects keys only, so a sale that leaves `payable` as it was writes nothing to
   * it (it replaced `byPayable`, ALL, rewritten by every order event in one constant partition `Y`;
   * docs/decisions.md "Payout runs at 100,000 vendors").
   * `byPayoutStatus` is sparse too: only `PAYOUT#` items carry `status` (pending, paid, failed), so
   * the ops console (issue 13) counts failed payouts and bank transfers awaiting confirmation from
   * the `failed` and `pending` partitions without a scan and without a new write.
   * `byPayoutPeriod` (issue 13, the console's Payouts screen) is sparse the same way: only `PAYOUT#`
   * items carry `periodId`, every one of them since issue 6, so a period's payouts are one partition
   * (by vendor id) with no new attribute and no backfill (docs/decisions.md, "Ops console: payouts").
   */
  ledger: {
    name: 'ledger',
    envVar: 'LEDGER_TABLE',
    partitionKey: { name: 'vendorId', type: 'S' },
    sortKey: { name: 'sk', type: 'S' },
    globalIndexes: [
      { indexName: 'byPayableShard', partitionKey: { name: 'payable', type: 'S' }, sortKey: { name: 'vendorId', type: 'S' }, keysOnly: true },
      { indexName: 'byPayoutStatus', partitionKey: { name: 'status', type: 'S' }, sortKey: { name: 'updatedAt', type: 'S' } },
      { indexName: 'byPayoutPeriod', partitionKey: { name: 'periodId', type: 'S' }, sortKey: { name: 'vendorId', type: 'S' } },
    ],
  },
  /**
   * Payout destinations by vendor id, with the full account number: only the payout-method API
   * (writes, answers masked) and the payout worker (reads) may touch it. Layout: lambdas/payouts/model.ts.
   */
  payoutAccounts: {
    name: 'payout-accounts',
    envVar: 'PAYOUT_ACCOUNTS_TABLE',
    partitionKey: { name: 'vendorId', type: 'S' },
    encryption: 'payouts-key',
  },
  /**
   * Vendor products, by vendor then product id (`P-…`, server-assigned). Item layout:
   * lambdas/listings/store.ts. Sparse indexes serve the list tabs without scans:
   * `byVendorPublished` (`publishedVendorId` present while a live version exists),
   * `byVendorRevision` (`revisionTab` = `<vendorId>#draft|pending|rejected`), `byReviewQueue`
   * (`reviewQueue` = `pending` while awaiting review: the ops queue, oldest first) and `byProductId`
   * (the review command and the ops console find a product by id alone).
   */
  products: {
    name: 'products',
    envVar: 'PRODUCTS_TABLE',
    partitionKey: { name: 'vendorId', type: 'S' },
    sortKey: { name: 'productId', type: 'S' },
    globalIndexes: [
      { indexName: 'byProductId', partitionKey: { name: 'productId', type: 'S' } },
      { indexName: 'byVendorPublished', partitionKey: { name: 'publishedVendorId', type: 'S' }, sortKey: { name: 'publishedSort', type: 'S' } },
      { indexName: 'byVendorRevision', partitionKey: { name: 'revisionTab', type: 'S' }, sortKey: { name: 'revisionSort', type: 'S' } },
      { indexName: 'byReviewQueue', partitionKey: { name: 'reviewQueue', type: 'S' }, sortKey: { name: 'revisionSort', type: 'S' } },
      // Issue 15: the inventory table sorts and pages through these (one per column, the vendor's
      // partition sorted by it, only the row's attributes projected), never reading a whole
      // partition; a search filters the chosen index page by page (lambdas/listings/store.ts).
      { indexName: 'byVendorName', partitionKey: { name: 'vendorId', type: 'S' }, sortKey: { name: 'nameSort', type: 'S' }, include: rowAttributesBut('nameSort') },
      { indexName: 'byVendorSku', partitionKey: { name: 'vendorId', type: 'S' }, sortKey: { name: 'sku', type: 'S' }, include: rowAttributesBut('sku') },
      { indexName: 'byVendorPrice', partitionKey: { name: 'vendorId', type: 'S' }, sortKey: { name: 'priceCents', type: 'N' }, include: rowAttributesBut('priceCents') },
      { indexName: 'byVendorStock', partitionKey: { name: 'vendorId', type: 'S' }, sortKey: { name: 'inventory', type: 'N' }, include: rowAttributesBut('inventory') },
      { indexName: 'byVendorUpdated', partitionKey: { name: 'vendorId', type: 'S' }, sortKey: { name: 'updatedAt', type: 'S' }, include: rowAttributesBut('updatedAt') },
      // Sparse: only products low on stock (`lowStockVendorId`), by stock: the "low stock" filter.
      { indexName: 'byVendorLowStock', partitionKey: { name: 'lowStockVendorId', type: 'S' }, sortKey: { name: 'inventory', type: 'N' }, include: rowAttributesBut('inventory') },
      // Sparse: products out of stock until a day (`restockQueue` = restock), by `<day>#<vendor>#<product>`: the restock run.
      { indexName: 'byRestockDue', partitionKey: { name: 'restockQueue', type: 'S' }, sortKey: { name: 'restockSort', type: 'S' }, include: ['restockOn'] },
    ],
  },
  /**
   * The server-side check of each uploaded product image (lambdas/images), by object key: `valid`
   * (type from the bytes, size, count per upload folder) or `rejected` with the reason (the object
   * is deleted). The products API accepts only keys under the caller's prefix that checked valid.
   * Items keyed by an upload folder (`…/products/<folder>/`, ending in '/') hold that folder's
   * admitted keys, so concurrent checks never admit more than 11 (lambdas/images/model.ts). The
   * products API keeps beside them which products claim an image (`refs#<key>`) and each vendor's
   * dropped images awaiting deletion (`dropped#<vendorId>`, lambdas/listings/store.ts).
   */
  imageChecks: {
    name: 'image-checks',
    envVar: 'IMAGE_CHECKS_TABLE',
    partitionKey: { name: 'key', type: 'S' },
  },
  /**
   * Idempotency records of creating requests (`Idempotency-Key` header: POST /api/products and
   * POST /api/support), keyed `<route>#<vendorId>#<key>`: the request's fingerprint and the first
   * answer, written in the same transaction as what the request created, replayed to a retry.
   * `expiresAt` (epoch seconds) lets DynamoDB delete them after a day. Layout: lambdas/shared/idempotency.ts.
   */
  idempotency: {
    name: 'idempotency',
    envVar: 'IDEMPOTENCY_TABLE',
    partitionKey: { name: 'key', type: 'S' },
    timeToLiveAttribute: 'expiresAt',
  },
  /**
   * Vendor notifications (issue 12; contracts/notifications.ts), by vendor id then `sk`:
   * `N#<createdAt>#<eventId>` one inbox item per event (written in the same transaction as the change
   * it reports: the outbox the notifier e-mails from), `STATE` the unread count, the read-through time
   * and the vendor's e-mail preferences. Item layout: lambdas/notifications/model.ts.
   */
  notifications: {
    name: 'notifications',
    envVar: 'NOTIFICATIONS_TABLE',
    partitionKey: { name: 'vendorId', type: 'S' },
    sortKey: { name: 'sk', type: 'S' },
    stream: 'NEW_IMAGE',
    // Inbox items expire INBOX_RETENTION_MONTHS after they were made (contracts/notification-answers.ts);
    // the STATE item has no such attribute and stays.
    timeToLiveAttribute: 'expiresAt',
  },
  /**
   * E-mail addresses SES reported as bouncing permanently or complaining (the configuration set's
   * event destination → lambdas/notifications/feedback-handler.ts), keyed by the normalized address:
   * the notifier sends them nothing more (docs/decisions.md, "Vendor notifications"). Ops see the
   * reason and time on the item.
   */
  emailSuppressions: {
    name: 'email-suppressions',
    envVar: 'EMAIL_SUPPRESSIONS_TABLE',
    partitionKey: { name: 'email', type: 'S' },
  },
  /**
   * The ops audit log (issue 13; contracts/audit.ts): every action by marketplace staff, written in the
   * same transaction as the change (lambdas/audit/record.ts) and append-only: writers get mode `append`
   * (PutItem on a new key only, never UpdateItem or DeleteItem; lib/data.ts, proven in test/infra);
   * issue 24, item 8: a resource policy denies changes to every principal but the root, and each new
   * entry is archived from the stream to an Object Lock bucket (lib/audit-archive.ts).
   * One partition (`log` = `ops`), sorted by `entryKey` = `<at>#<auditId>`: ops actions are a few
   * thousand a month, far below a partition's limits, and the log reads newest first as one key range.
   * `byAction`, `byActor` (e-mail) and `byTarget` (`<type>#<id>`) serve the console's filters.
   */
  audit: {
    name: 'audit',
    envVar: 'AUDIT_TABLE',
    appendOnly: true,
    stream: 'NEW_IMAGE',
    partitionKey: { name: 'log', type: 'S' },
    sortKey: { name: 'entryKey', type: 'S' },
    globalIndexes: [
      { indexName: 'byAction', partitionKey: { name: 'action', type: 'S' }, sortKey: { name: 'entryKey', type: 'S' } },
      { indexName: 'byActor', partitionKey: { name: 'actorEmail', type: 'S' }, sortKey: { name: 'entryKey', type: 'S' } },
      { indexName: 'byTarget', partitionKey: { name: 'targetKey', type: 'S' }, sortKey: { name: 'entryKey', type: 'S' } },
    ],
  },
  /**
   * Vendor teams (issue 14; contracts/team.ts, lambdas/team/): one item per member or open invitation
   * of a shop, by vendor id then member id (derived from the e-mail, so one e-mail is one member).
   * The account holder has no item here (their vendor record makes them the owner). A member's user
   * also has a membership item in `vendors` at their user id, written in the same transactions, which
   * is what the API reads on every request. `byInviteToken` finds an open invitation by the SHA-256 of
   * its token (sparse: removed when accepted).
   */
  members: {
    name: 'members',
    envVar: 'MEMBERS_TABLE',
    partitionKey: { name: 'vendorId', type: 'S' },
    sortKey: { name: 'memberId', type: 'S' },
    globalIndexes: [{ indexName: 'byInviteToken', partitionKey: { name: 'inviteTokenHash', type: 'S' } }],
  },
  /** Atomic sequences (e.g. `vendorId`, from which approval assigns V-10001, V-10002, ...). */
  counters: {
    name: 'counters',
    envVar: 'COUNTERS_TABLE',
    partitionKey: { name: 'name', type: 'S' },
  },
  /**
   * The vendor activity log (issue 14; contracts/activity.ts): who did what in a vendor account, written
   * in the same transaction as the change (lambdas/activity/record.ts) and append-only like `audit`:
   * writers get mode `append` (PutItem on a new key only). By vendor id, then `entryKey` =
   * `<at>#<activityId>`, so a vendor's log reads newest first as one key range and a day range is a key
   * range. The filters are key queries within the vendor too: `byAction` (`vendorAction` =
   * `<vendorId>#<action>`), `byActor` (`vendorActor` = `<vendorId>#<userId>`) and `byActorEmail`
   * (`vendorActorEmail` = `<vendorId>#<lowercased e-mail>`), each sorted by `entryKey`.
   */
  activity: {
    name: 'activity',
    envVar: 'ACTIVITY_TABLE',
    appendOnly: true,
    stream: 'NEW_IMAGE',
    partitionKey: { name: 'vendorId', type: 'S' },
    sortKey: { name: 'entryKey', type: 'S' },
    globalIndexes: [
      { indexName: 'byAction', partitionKey: { name: 'vendorAction', type: 'S' }, sortKey: { name: 'entryKey', type: 'S' } },
      { indexName: 'byActor', partitionKey: { name: 'vendorActor', type: 'S' }, sortKey: { name: 'entryKey', type: 'S' } },
      { indexName: 'byActorEmail', partitionKey: { name: 'vendorActorEmail', type: 'S' }, sortKey: { name: 'entryKey', type: 'S' } },
    ],
  },
  /**
   * Bulk price and stock jobs (issue 15; lambdas/bulk/store.ts), by vendor id then `sk`: `J#<jobId>`
   * the job (status, summary, progress, reports; job ids sort by creation time, so the vendor's last
   * job is the first of a reverse query), `R#<jobId>#<chunk>` its rows, 200 per item as JSON (with
   * the versions the dry run saw and the apply wrote: the undo data). `expiresAt` (epoch seconds) lets
   * DynamoDB delete a job a week after its dry run, long after its 24-hour undo.
   */
  bulkJobs: {
    name: 'bulk-jobs',
    envVar: 'BULK_JOBS_TABLE',
    partitionKey: { name: 'vendorId', type: 'S' },
    sortKey: { name: 'sk', type: 'S' },
    timeToLiveAttribute: 'expiresAt',
  },
} as const satisfies Record<string, TableDef>;

export type TableKey = keyof typeof tables;

/**
 * What a Lambda declares it needs of a table (contracts/routes.ts, contracts/triggers.ts, contracts/functions.ts, ...):
 * `r` read, `rw` read-write, `w` write-only — put and update, never get, query or scan,
 * and no old values in answers (lib/data.ts), for a table a function must fill but not read;
 * `append` — put only (no update, no delete, no read): the audit log's and the activity log's writers.
 */
export type TableMode = 'r' | 'rw' | 'w' | 'append';
export type TableAccess = Partial<Record<TableKey, TableMode>>;

export const localTableName = (key: TableKey): string => `seller-portal-${tables[key].name}`;
