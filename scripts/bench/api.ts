/**
 * `npm run bench:api`: does the cost of the dashboard and of the first orders page stay flat as a
 * vendor's history grows? Starts its own local stack (the same code as `npm start`, without the web,
 * on its own ports, data kept in `.local/bench/`), seeds two approved vendors — one with 1,000 and one
 * with 100,000 orders, their daily sales items and balance, written directly with BatchWriteItem —
 * signs both in through cognito-local, drives GET /api/dashboard and GET /api/orders (first page) with
 * bounded concurrency, the two vendors' requests paired so that both see the same machine, and
 * prints p50 and p95 per endpoint and vendor and the 100k/1k ratios. Exits 1 when a ratio exceeds
 * 1.2 (or a request fails).
 *
 * The ops console's review queue (issue 13): GET /api/admin/reviews (first page) as an admin with 10
 * products waiting and with 10,000, p50/p95 and the 10,000/10 ratio, same budget (1.2). There is one
 * queue per stack (the byReviewQueue partition `pending`), so the 10,000 wait in a second stack of their
 * own (`.local/bench-queue/`, its own ports), started beside the first, and the two stacks' requests are
 * paired as the vendors' are. Budgeted: a page of 10 rows (the same answer for both sizes); the console's
 * default 25-row page (10 rows against 25) is printed for information.
 *
 * Seeding 100,000 orders takes a while: the data is kept in `.local/bench/`, and a second run finds
 * the seed marker and skips it (`--reseed` seeds again; `npm run local:reset` wipes `.local/`).
 *
 *   --requests N     measured requests per endpoint and vendor (default 500)
 *   --warmup N       unmeasured requests per endpoint and vendor first (default 50)
 *   --concurrency N  requests in flight (default 4; each carries one request of each vendor in turn)
 *   --reseed         write the bench vendors' data again
 *   --json FILE      also write the results as JSON
 *   --only reviews   measure only the review queue (skips the orders seed and the vendor endpoints)
 *   --only inventory measure only the inventory (below; skips the second stack and the orders seed)
 *
 * The inventory (issue 15): GET /api/inventory for a vendor with 200 products and one with 20,000
 * (written straight into the products table with BatchWriteItem, published, each with its stock; 20
 * of each vendor's low on stock), paired like the vendors above: the first page by name (the
 * default), by price high to low, and the low-stock filter; p50/p95 and the 20k/200 ratios, budget
 * 1.2 on each. A search is printed for information (it filters an index as it reads, so its cost
 * grows with the part of the catalogue it reads before a page is full).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  AdminAddUserToGroupCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { DEFAULT_MARKETPLACE_TIME_ZONE, marketplaceDay } from '../../lambdas/shared/dates';
import { localTableName } from '../../contracts/tables';
import { commissionCents as commissionFor, DEFAULT_COMMISSION_BPS, orderTotals } from '../../lambdas/sales/apply';
import { BALANCE_SK, daySk, isCounted, ORDER_STATUSES, orderKey, vendorStatusKey, type OrderItem } from '../../lambdas/sales/model';
import { GROUPS } from '../../contracts/auth';
import { productFormSchema } from '../../contracts/listings/schema';
import { approveRevision, changeOffer, newProduct } from '../../lambdas/listings/product-states';
import type { LocalPorts } from '../local/ports';
import { seededRandom } from '../demo/random';
import { ensureUser, setLocalTotpSecret } from '../demo/seed';
import { localCognitoCredentials } from '../local/cognito';
import { serveStack, startStackProcess, stopStackProcess, type BenchStack } from './stack-process';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const root = path.resolve(import.meta.dirname, '../..');
const DATA_DIR = path.join(root, '.local', 'bench');
/** Its own ports, so the bench runs beside `npm start` (dev) and the test stack. */
const PORTS: LocalPorts = { web: 5193, api: 8897, dynamodb: 8020, cognito: 9249, s3: 20025, ses: 8030 };
/** The second stack, holding the 10,000-product review queue. */
const QUEUE_DATA_DIR = path.join(root, '.local', 'bench-queue');
const QUEUE_PORTS: LocalPorts = { web: 5197, api: 8901, dynamodb: 8024, cognito: 9253, s3: 20029, ses: 8034 };
const MAX_RATIO = 1.2;
const PASSWORD = 'Bench!Vendor2026';
const TIME_ZONE = process.env.MARKETPLACE_TIME_ZONE || DEFAULT_MARKETPLACE_TIME_ZONE;
/** Bump when the seeded data's shape changes: a stale seed is then written again. */
const SEED_VERSION = 1;
const HISTORY_DAYS = 730;

interface BenchVendor {
  key: '1k' | '100k';
  vendorId: string;
  email: string;
  vendorName: string;
  orders: number;
}
const VENDORS: BenchVendor[] = [
  { key: '1k', vendorId: 'V-90001', email: 'bench.1k@example.com', vendorName: 'Bench Corner Shop', orders: 1_000 },
  { key: '100k', vendorId: 'V-90002', email: 'bench.100k@example.com', vendorName: 'Bench Hypermarket', orders: 100_000 },
];

const { values: args } = parseArgs({
  options: {
    serve: { type: 'boolean', default: false },
    'serve-queue': { type: 'boolean', default: false },
    requests: { type: 'string', default: '500' },
    warmup: { type: 'string', default: '50' },
    concurrency: { type: 'string', default: '4' },
    reseed: { type: 'boolean', default: false },
    json: { type: 'string' },
    only: { type: 'string' },
  },
});
const onlyInventory = args.only === 'inventory';

// ---------------------------------------------------------------------------------------------
// The child: the local stack in its own process, so the load generator does not share its event loop.

// ---------------------------------------------------------------------------------------------
// The parent: seed, sign in, measure.

async function main(): Promise<number> {
  const requests = positive(args.requests, '--requests');
  const warmup = Number(args.warmup);
  const concurrency = positive(args.concurrency, '--concurrency');
  const started = Date.now();
  console.log(
    `Starting the bench stacks (data in ${path.relative(root, DATA_DIR)}/, API on 127.0.0.1:${PORTS.api}; the 10,000-product review queue in ${path.relative(root, QUEUE_DATA_DIR)}/, API on 127.0.0.1:${QUEUE_PORTS.api})…`,
  );
  const { child, ready } = startStackProcess(path.join(root, 'scripts/bench/api.ts'));
  // `--only inventory` needs no second stack.
  const second = onlyInventory ? null : startStackProcess(path.join(root, 'scripts/bench/api.ts'), ['--serve-queue']);
  const stopAll = () => Promise.all([stopStackProcess(child), second ? stopStackProcess(second.child) : Promise.resolve()]);
  const interrupt = () => void stopAll().then(() => process.exit(130));
  process.once('SIGINT', interrupt);
  try {
    const stack = await ready;
    if (onlyInventory || !second) return await inventoryBench(stack, { requests, warmup, concurrency });
    const queueStack = await second.ready;
    console.log(`  ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const db = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: stack.dynamodbEndpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }), {
      marshallOptions: { removeUndefinedValues: true },
    });
    const cognito = new CognitoIdentityProviderClient({ endpoint: stack.cognitoEndpoint, region: 'us-east-1', credentials: localCognitoCredentials(stack.seedToken) });

    const onlyReviews = args.only === 'reviews';
    if (!onlyReviews) await seed(db, args.reseed);
    const tokens = new Map<string, string>();
    for (const v of onlyReviews ? [] : VENDORS) {
      const userId = await ensureBenchUser(cognito, stack.webConfig.userPoolId, v);
      const now = new Date().toISOString();
      await db.send(
        new PutCommand({
          TableName: localTableName('vendors'),
          Item: { userId, email: v.email, status: 'approved', vendorId: v.vendorId, vendorName: v.vendorName, language: 'en', createdAt: now, updatedAt: now },
        }),
      );
      const auth = await cognito.send(
        new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: stack.webConfig.userPoolClientId, AuthParameters: { USERNAME: v.email, PASSWORD } }),
      );
      const token = auth.AuthenticationResult?.IdToken;
      if (!token) throw new Error(`Could not sign ${v.email} in`);
      tokens.set(v.key, token);
    }
    cognito.destroy();
    db.destroy();

    // The review queue: 10 waiting in the first stack, 10,000 in the second, their requests paired.
    const [small, large] = await Promise.all([reviewQueueTarget(stack, REVIEW_QUEUE_SMALL), reviewQueueTarget(queueStack, REVIEW_QUEUE_LARGE)]);
    const queue: QueueResult[] = [];
    for (const page of [
      { key: 'same' as const, path: `/api/admin/reviews?limit=${REVIEW_QUEUE_SMALL}` },
      { key: 'default' as const, path: '/api/admin/reviews' },
    ]) {
      const run = (n: number) => drivePaired(page.path, [small, large], n, concurrency);
      if (warmup > 0) await run(warmup);
      const samples = await run(requests);
      for (const target of [small, large]) queue.push({ size: target.size, page: page.key, ...stats(samples.get(target.key)!) });
    }
    const queueExit = reportQueue(queue, { requests, warmup, concurrency });
    // The second stack's part is done: the vendors' endpoints run on the first alone.
    await stopStackProcess(second.child);
    if (onlyReviews) return queueExit;
    const inventoryExit = await inventoryBench(stack, { requests, warmup, concurrency });

    const endpoints = [
      { name: 'GET /api/dashboard', path: '/api/dashboard' },
      { name: 'GET /api/orders (first page)', path: '/api/orders' },
    ];
    const results: Result[] = [];
    for (const endpoint of endpoints) {
      const run = (n: number) =>
        drive(
          stack.apiUrl,
          endpoint.path,
          VENDORS.map((v) => ({ key: v.key, token: tokens.get(v.key)! })),
          n,
          concurrency,
        );
      if (warmup > 0) await run(warmup);
      const samples = await run(requests);
      for (const v of VENDORS) results.push({ endpoint: endpoint.name, vendor: v, ...stats(samples.get(v.key)!) });
    }
    return Math.max(report(results, { requests, warmup, concurrency }), queueExit, inventoryExit);
  } finally {
    process.off('SIGINT', interrupt);
    await stopAll();
  }
}

function positive(value: string | undefined, name: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a whole number of at least 1`);
  return n;
}

// ---------------------------------------------------------------------------------------------
// Seeding

const PRODUCTS = [
  { productId: 'P-RICE', sku: 'RICE-5KG', name: '茉莉香米 Jasmine Rice 5 kg', unitPriceCents: 1590 },
  { productId: 'P-TEA', sku: 'TEA-OOL', name: '凍頂烏龍茶 Oolong Tea 150 g', unitPriceCents: 1200 },
  { productId: 'P-SOY', sku: 'SOY-1L', name: 'Soy Sauce 1 L', unitPriceCents: 499 },
  { productId: 'P-NOOD', sku: 'NOOD-6', name: '台南意麵 Tainan Noodles ×6', unitPriceCents: 899 },
  { productId: 'P-BOK', sku: 'BOK-500', name: 'Baby Bok Choy 500 g', unitPriceCents: 349 },
];

interface Generated {
  orders: OrderItem[];
  days: Map<string, { amountCents: number; quantity: number; orders: number }>;
  balanceCents: number;
}

/** `count` orders spread over the last HISTORY_DAYS days, every status; their daily figures and balance as the ingest would keep them. */
function history(v: BenchVendor, now: number): Generated {
  const rnd = seededRandom(v.orders);
  const orders: OrderItem[] = [];
  const days = new Map<string, { amountCents: number; quantity: number; orders: number }>();
  let balanceCents = 0;
  const span = HISTORY_DAYS * 86_400_000;
  for (let i = 0; i < v.orders; i += 1) {
    const placedAt = new Date(now - Math.floor(rnd() * span)).toISOString();
    const orderId = `B${v.key.toUpperCase()}-${String(i).padStart(6, '0')}`;
    const lines = Array.from({ length: 1 + Math.floor(rnd() * 3) }, () => {
      const p = PRODUCTS[Math.floor(rnd() * PRODUCTS.length)]!;
      return { ...p, quantity: 1 + Math.floor(rnd() * 4) };
    });
    const status = ORDER_STATUSES[Math.floor(rnd() * ORDER_STATUSES.length)]!;
    // The item layout and money rules of the ingest (lambdas/sales), written directly for speed.
    const { totalCents, quantity } = orderTotals(lines);
    const commissionCents = commissionFor(totalCents, DEFAULT_COMMISSION_BPS);
    const day = marketplaceDay(placedAt, TIME_ZONE);
    orders.push({
      vendorId: v.vendorId,
      orderKey: orderKey(placedAt, orderId),
      vendorStatus: vendorStatusKey(v.vendorId, status),
      orderId,
      orderNumber: `GM-${v.key.toUpperCase()}-${100000 + i}`,
      placedAt,
      day,
      status,
      lines,
      totalCents,
      quantity,
      commissionCents,
      commissionRateBps: DEFAULT_COMMISSION_BPS,
      netCents: totalCents - commissionCents,
      revision: 1,
      updatedAt: placedAt,
    });
    if (isCounted(status)) {
      const d = days.get(day) ?? { amountCents: 0, quantity: 0, orders: 0 };
      days.set(day, { amountCents: d.amountCents + totalCents, quantity: d.quantity + quantity, orders: d.orders + 1 });
      balanceCents += totalCents - commissionCents;
    }
  }
  return { orders, days, balanceCents };
}

const MARKER = 'bench-seed';

async function seed(db: DynamoDBDocumentClient, force: boolean): Promise<void> {
  const marker = await db.send(new GetCommand({ TableName: localTableName('counters'), Key: { name: MARKER }, ConsistentRead: true }));
  if (!force && marker.Item?.version === SEED_VERSION) {
    console.log(`Seed: found (written ${String(marker.Item.seededAt)}); --reseed writes it again.`);
    return;
  }
  const now = Date.now();
  for (const v of VENDORS) {
    const t0 = Date.now();
    const g = history(v, now);
    let written = 0;
    const progress = () => process.stdout.write(`\r  ${v.vendorId}: ${written.toLocaleString('en-US')} / ${g.orders.length.toLocaleString('en-US')} orders`);
    await batchWrite(db, localTableName('orders'), g.orders, (n) => {
      written += n;
      if (written % 5_000 < 25 || written === g.orders.length) progress();
    });
    const dayItems = [...g.days].map(([day, d]) => ({ vendorId: v.vendorId, sk: daySk(day), day, ...d }));
    await batchWrite(db, localTableName('ledger'), [...dayItems, { vendorId: v.vendorId, sk: BALANCE_SK, balanceCents: g.balanceCents, updatedAt: new Date(now).toISOString() }]);
    process.stdout.write(`\r  ${v.vendorId}: ${g.orders.length.toLocaleString('en-US')} orders, ${dayItems.length} daily items, balance — ${((Date.now() - t0) / 1000).toFixed(1)} s\n`);
  }
  await db.send(new PutCommand({ TableName: localTableName('counters'), Item: { name: MARKER, version: SEED_VERSION, seededAt: new Date(now).toISOString(), vendors: VENDORS.map((v) => `${v.vendorId}:${v.orders}`) } }));
}

/** BatchWriteItem in 25s, eight requests in flight, retrying unprocessed items. */
async function batchWrite(db: DynamoDBDocumentClient, table: string, items: object[], onWritten?: (n: number) => void): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const batch = items.slice(next, next + 25);
      next += 25;
      let requests = batch.map((Item) => ({ PutRequest: { Item: Item as Record<string, unknown> } }));
      for (let attempt = 0; requests.length; attempt += 1) {
        if (attempt > 0) await new Promise((r) => setTimeout(r, Math.min(1000, 50 * 2 ** attempt)));
        const out = await db.send(new BatchWriteCommand({ RequestItems: { [table]: requests } }));
        requests = (out.UnprocessedItems?.[table] ?? []) as typeof requests;
      }
      onWritten?.(batch.length);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
}

/** A bench vendor's user (the demo seeding's ensureUser), in the vendors group. */
async function ensureBenchUser(cognito: CognitoIdentityProviderClient, userPoolId: string, v: BenchVendor): Promise<string> {
  const sub = await ensureUser(cognito, userPoolId, { email: v.email, password: PASSWORD, vendor: { vendorName: v.vendorName, status: 'approved' } });
  await cognito.send(new AdminAddUserToGroupCommand({ UserPoolId: userPoolId, Username: v.email, GroupName: GROUPS.vendors.name }));
  return sub;
}

// ---------------------------------------------------------------------------------------------
// The review queue (issue 13)

const REVIEW_QUEUE_SMALL = 10;
const REVIEW_QUEUE_LARGE = 10_000;
const REVIEW_VENDOR = { userId: 'bench-review-vendor', vendorId: 'V-90003', email: 'bench.review@example.com', vendorName: 'Bench Review Foods' };
const ADMIN = { email: 'bench.ops@example.com', password: 'Bench!Ops2026', totpSecret: 'BENCHOPSSELLERPORTALTOTPKEY23456' };

/** The i-th bench product waiting for review, submitted i minutes after a fixed start (oldest first). */
function reviewProduct(i: number) {
  const at = new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString();
  const content = productFormSchema.parse({
    nameEn: `Bench Tea ${i}`,
    nameZh: `測試茶 ${i}`,
    barcode: '',
    productType: '',
    unitOfMeasure: '',
    unitQuantity: '',
    description: 'A product of the review-queue bench.',
    ingredients: '',
    hasAllergens: '',
    allergens: [],
    countryOfOrigin: 'TW',
    price: '12.50',
    compareAtPrice: '',
    weight: '150',
    weightUnit: 'g',
    volume: '',
    volumeUnit: 'ml',
    length: '',
    width: '',
    height: '',
    dimensionUnit: 'cm',
    images: [],
    nutritionLabel: '',
  });
  const productId = `P-BQ${String(i).padStart(8, '0')}`;
  return newProduct({ vendorId: REVIEW_VENDOR.vendorId, productId, sku: `90003-${i}`, identityId: 'bench', content, submit: true, now: at });
}

/** The review bench's vendor record (puts: idempotent). */
async function putReviewVendor(db: DynamoDBDocumentClient): Promise<void> {
  const now = new Date().toISOString();
  await db.send(
    new PutCommand({
      TableName: localTableName('vendors'),
      Item: { userId: REVIEW_VENDOR.userId, email: REVIEW_VENDOR.email, status: 'approved', vendorId: REVIEW_VENDOR.vendorId, vendorName: REVIEW_VENDOR.vendorName, language: 'en', createdAt: now, updatedAt: now },
    }),
  );
}

interface QueueTarget {
  key: string;
  size: number;
  apiUrl: string;
  token: string;
}

/**
 * Makes `stack`'s review queue exactly `size` long — its demo data has a few products waiting; the
 * bench's own products (indexes 0, 1, 2, ... without gaps) make up the rest, written or deleted as
 * needed (kept in the stack's data: a second run finds them) — and signs an admin in.
 */
async function reviewQueueTarget(stack: BenchStack, size: number): Promise<QueueTarget> {
  const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
  const db = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: stack.dynamodbEndpoint, region: 'us-east-1', credentials }), { marshallOptions: { removeUndefinedValues: true } });
  const cognito = new CognitoIdentityProviderClient({ endpoint: stack.cognitoEndpoint, region: 'us-east-1', credentials: localCognitoCredentials(stack.seedToken) });
  try {
    await putReviewVendor(db);
    const have = await benchPending(db);
    const want = size - ((await queueSize(db)) - have);
    if (want < 0) throw new Error(`More than ${size} products other than the bench's wait for review`);
    const t0 = Date.now();
    const table = localTableName('products');
    const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);
    if (have < want) await batchWrite(db, table, range(have, want).map(reviewProduct));
    if (have > want) await batchDelete(db, table, range(want, have).map((i) => ({ vendorId: REVIEW_VENDOR.vendorId, productId: reviewProduct(i).productId })));
    if (have !== want) console.log(`  review queue of ${size.toLocaleString('en-US')}: ${have < want ? 'wrote' : 'deleted'} ${Math.abs(want - have).toLocaleString('en-US')} products in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    const waiting = await queueSize(db);
    if (waiting !== size) throw new Error(`The review queue holds ${waiting} products, not ${size}`);
    return { key: String(size), size, apiUrl: stack.apiUrl, token: await benchAdminToken(cognito, stack.cognitoEndpoint, stack.webConfig.userPoolId, stack.webConfig.userPoolClientId, stack.seedToken) };
  } finally {
    cognito.destroy();
    db.destroy();
  }
}

/** How many of the bench vendor's products wait (byVendorRevision, `<vendorId>#pending`). */
async function benchPending(db: DynamoDBDocumentClient): Promise<number> {
  return countQuery(db, { IndexName: 'byVendorRevision', KeyConditionExpression: 'revisionTab = :p', ExpressionAttributeValues: { ':p': `${REVIEW_VENDOR.vendorId}#pending` } });
}

async function countQuery(db: DynamoDBDocumentClient, q: { IndexName: string; KeyConditionExpression: string; ExpressionAttributeValues: Record<string, unknown> }): Promise<number> {
  let count = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const out = await db.send(new QueryCommand({ TableName: localTableName('products'), ...q, Select: 'COUNT', ...(startKey ? { ExclusiveStartKey: startKey } : {}) }));
    count += out.Count ?? 0;
    startKey = out.LastEvaluatedKey;
  } while (startKey);
  return count;
}

/** How many products wait (byReviewQueue, counted page by page). */
async function queueSize(db: DynamoDBDocumentClient): Promise<number> {
  return countQuery(db, { IndexName: 'byReviewQueue', KeyConditionExpression: 'reviewQueue = :p', ExpressionAttributeValues: { ':p': 'pending' } });
}

async function batchDelete(db: DynamoDBDocumentClient, table: string, keys: Record<string, unknown>[]): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < keys.length) {
      const batch = keys.slice(next, next + 25);
      next += 25;
      let requests = batch.map((Key) => ({ DeleteRequest: { Key } }));
      for (let attempt = 0; requests.length; attempt += 1) {
        if (attempt > 0) await new Promise((r) => setTimeout(r, Math.min(1000, 50 * 2 ** attempt)));
        const out = await db.send(new BatchWriteCommand({ RequestItems: { [table]: requests } }));
        requests = (out.UnprocessedItems?.[table] ?? []) as typeof requests;
      }
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
}

/** An operator of the bench stack (group admins), signed in. */
async function benchAdminToken(cognito: CognitoIdentityProviderClient, cognitoEndpoint: string, userPoolId: string, clientId: string, seedToken: string): Promise<string> {
  await ensureUser(cognito, userPoolId, { email: ADMIN.email, password: ADMIN.password, vendor: null });
  await cognito.send(new AdminAddUserToGroupCommand({ UserPoolId: userPoolId, Username: ADMIN.email, GroupName: GROUPS.admins.name }));
  // Issue 14: admins need two-step sign-in; the bench operator has it with a fixed key and answers the challenge.
  await setLocalTotpSecret(cognitoEndpoint, userPoolId, ADMIN.email, ADMIN.totpSecret, seedToken);
  let auth = await cognito.send(new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: clientId, AuthParameters: { USERNAME: ADMIN.email, PASSWORD: ADMIN.password } }));
  if (auth.ChallengeName === 'SOFTWARE_TOKEN_MFA') {
    const { generate } = await import('otplib');
    auth = await cognito.send(
      new RespondToAuthChallengeCommand({ ClientId: clientId, ChallengeName: 'SOFTWARE_TOKEN_MFA', Session: auth.Session, ChallengeResponses: { USERNAME: ADMIN.email, SOFTWARE_TOKEN_MFA_CODE: await generate({ secret: ADMIN.totpSecret }) } }),
    );
  }
  const token = auth.AuthenticationResult?.IdToken;
  if (!token) throw new Error(`Could not sign ${ADMIN.email} in`);
  return token;
}

interface QueueResult extends Stats {
  size: number;
  /** same: a page of REVIEW_QUEUE_SMALL rows for both sizes (budgeted); default: the console's 25-row page. */
  page: 'same' | 'default';
}

/** GETs of `urlPath` on each target (stack and admin), in pairs as `drive` pairs the vendors'. */
async function drivePaired(urlPath: string, targets: QueueTarget[], perTarget: number, concurrency: number): Promise<Map<string, number[]>> {
  const rnd = seededRandom(perTarget + 1);
  const samples = new Map(targets.map((t) => [t.key, [] as number[]]));
  let started = 0;
  const once = async (t: QueueTarget) => {
    const t0 = performance.now();
    const res = await fetch(`${t.apiUrl}${urlPath}`, { headers: { authorization: `Bearer ${t.token}` } });
    const body = await res.text();
    const ms = performance.now() - t0;
    if (res.status !== 200) throw new Error(`${urlPath} (queue of ${t.size}): ${res.status} ${body.slice(0, 200)}`);
    samples.get(t.key)!.push(ms);
  };
  const worker = async () => {
    while (started < perTarget) {
      started += 1;
      for (const t of rnd() < 0.5 ? targets : [...targets].reverse()) await once(t);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return samples;
}

function reportQueue(results: QueueResult[], settings: { requests: number; warmup: number; concurrency: number }): number {
  const ms = (x: number) => x.toFixed(1).padStart(8);
  console.log(`\nReview queue, GET /api/admin/reviews (first page) as an admin (${settings.requests} requests per page and size after ${settings.warmup} warm-up, ${settings.concurrency} in flight, the two stacks' requests paired)`);
  console.log(`  ${'page'.padEnd(26)}${'waiting'.padStart(9)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}`);
  const ratios: Record<string, { p50: number; p95: number }> = {};
  for (const page of ['same', 'default'] as const) {
    const label = page === 'same' ? `${REVIEW_QUEUE_SMALL} rows (budget)` : '25 rows (default, info)';
    const rows = results.filter((r) => r.page === page).sort((x, y) => x.size - y.size);
    for (const r of rows) console.log(`  ${label.padEnd(26)}${r.size.toLocaleString('en-US').padStart(9)}${ms(r.p50)} ${ms(r.p95)}`);
    const small = rows.find((r) => r.size === REVIEW_QUEUE_SMALL)!;
    const large = rows.find((r) => r.size === REVIEW_QUEUE_LARGE)!;
    ratios[page] = { p50: large.p50 / small.p50, p95: large.p95 / small.p95 };
    console.log(`  ${''.padEnd(26)}${'10k/10'.padStart(9)}${ratios[page].p50.toFixed(2).padStart(9)}${ratios[page].p95.toFixed(2).padStart(9)}`);
  }
  const ratio = ratios.same!;
  if (args.json && args.only === 'reviews') writeFileSync(args.json, JSON.stringify({ settings, maxRatio: MAX_RATIO, reviewQueue: { results, ratios } }, null, 2));
  if (ratio.p50 > MAX_RATIO || ratio.p95 > MAX_RATIO) {
    console.log(`\n✖ Review queue: 10k/10 ratio above ${MAX_RATIO}.`);
    return 1;
  }
  console.log(`\n✔ Review queue: the 10k/10 ratio is within ${MAX_RATIO}.`);
  return 0;
}

// ---------------------------------------------------------------------------------------------
// The inventory (issue 15)

interface InventoryVendor {
  key: '200' | '20k';
  vendorId: string;
  email: string;
  vendorName: string;
  products: number;
}
const INVENTORY_VENDORS: InventoryVendor[] = [
  { key: '200', vendorId: 'V-90004', email: 'bench.inventory.200@example.com', vendorName: 'Bench Inventory Deli', products: 200 },
  { key: '20k', vendorId: 'V-90005', email: 'bench.inventory.20k@example.com', vendorName: 'Bench Inventory Warehouse', products: 20_000 },
];
/** Of every bench inventory vendor's products, this many are low on stock (the filter's answer is the same size for both). */
const LOW_STOCK_PER_VENDOR = 20;
const INVENTORY_MARKER = 'bench-inventory-seed';
/** Bump when the seeded products' shape changes. */
const INVENTORY_SEED_VERSION = 1;

const WORDS = ['Oolong', 'Jasmine', 'Sesame', 'Pineapple', 'Taro', 'Lychee', 'Mango', 'Peanut', 'Ginger', 'Black Tea', 'Rice', 'Noodle'];

/** The i-th product of a bench inventory vendor: published, its price and stock spread, the first LOW_STOCK_PER_VENDOR low on stock. */
function inventoryProduct(v: InventoryVendor, i: number) {
  const rnd = seededRandom(i + 1);
  const at = new Date(Date.UTC(2026, 0, 1) + i * 1_000).toISOString();
  const content = productFormSchema.parse({
    nameEn: `${WORDS[i % WORDS.length]} ${Math.floor(rnd() * 1000)} #${i}`,
    nameZh: `測試商品 ${i}`,
    barcode: '',
    productType: '',
    unitOfMeasure: '',
    unitQuantity: '',
    description: 'A product of the inventory bench.',
    ingredients: '',
    hasAllergens: '',
    allergens: [],
    countryOfOrigin: 'TW',
    price: `${1 + Math.floor(rnd() * 200)}.${String(Math.floor(rnd() * 100)).padStart(2, '0')}`,
    compareAtPrice: '',
    weight: '150',
    weightUnit: 'g',
    volume: '',
    volumeUnit: 'ml',
    length: '',
    width: '',
    height: '',
    dimensionUnit: 'cm',
    images: [],
    nutritionLabel: '',
  });
  const productId = `P-BI${v.key === '200' ? 'S' : 'L'}${String(i).padStart(7, '0')}`;
  const draft = newProduct({ vendorId: v.vendorId, productId, sku: `${v.vendorId.slice(2)}-${String(i + 1).padStart(4, '0')}`, identityId: 'bench', content, submit: true, now: at });
  const live = approveRevision(draft, 'bench', at);
  const inventory = i < LOW_STOCK_PER_VENDOR ? i % 5 : 10 + Math.floor(rnd() * 500);
  return changeOffer(live, { price: content.price, compareAtPrice: undefined, inventory, outOfStock: false }, at);
}

/** Writes the bench inventory vendors' products (kept in the bench data: a second run finds the marker). */
async function seedInventory(db: DynamoDBDocumentClient, force: boolean): Promise<void> {
  const marker = await db.send(new GetCommand({ TableName: localTableName('counters'), Key: { name: INVENTORY_MARKER }, ConsistentRead: true }));
  if (!force && marker.Item?.version === INVENTORY_SEED_VERSION) {
    console.log(`Inventory seed: found (written ${String(marker.Item.seededAt)}).`);
    return;
  }
  for (const v of INVENTORY_VENDORS) {
    const t0 = Date.now();
    const items = Array.from({ length: v.products }, (_, i) => inventoryProduct(v, i));
    let written = 0;
    await batchWrite(db, localTableName('products'), items, (n) => {
      written += n;
      if (written % 2_000 < 25 || written === items.length) process.stdout.write(`\r  ${v.vendorId}: ${written.toLocaleString('en-US')} / ${items.length.toLocaleString('en-US')} products`);
    });
    // The count the inventory's total reads, and the SKU sequence, as the create transaction keeps them.
    await db.send(new PutCommand({ TableName: localTableName('counters'), Item: { name: `sku#${v.vendorId}`, value: v.products, products: v.products } }));
    process.stdout.write(`\r  ${v.vendorId}: ${v.products.toLocaleString('en-US')} products written with BatchWriteItem in ${((Date.now() - t0) / 1000).toFixed(1)} s\n`);
  }
  await db.send(new PutCommand({ TableName: localTableName('counters'), Item: { name: INVENTORY_MARKER, version: INVENTORY_SEED_VERSION, seededAt: new Date().toISOString() } }));
}

interface InventoryResult extends Stats {
  page: string;
  budget: boolean;
  vendor: InventoryVendor;
}

/** Seeds, signs the two vendors in and measures GET /api/inventory for both, paired; prints p50/p95 and the 20k/200 ratios. */
async function inventoryBench(stack: BenchStack, settings: { requests: number; warmup: number; concurrency: number }): Promise<number> {
  const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
  const db = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: stack.dynamodbEndpoint, region: 'us-east-1', credentials }), { marshallOptions: { removeUndefinedValues: true } });
  const cognito = new CognitoIdentityProviderClient({ endpoint: stack.cognitoEndpoint, region: 'us-east-1', credentials: localCognitoCredentials(stack.seedToken) });
  const tokens = new Map<string, string>();
  try {
    await seedInventory(db, args.reseed);
    for (const v of INVENTORY_VENDORS) {
      const bench: BenchVendor = { key: '1k', vendorId: v.vendorId, email: v.email, vendorName: v.vendorName, orders: 0 };
      const userId = await ensureBenchUser(cognito, stack.webConfig.userPoolId, bench);
      const now = new Date().toISOString();
      await db.send(
        new PutCommand({
          TableName: localTableName('vendors'),
          Item: { userId, email: v.email, status: 'approved', vendorId: v.vendorId, vendorName: v.vendorName, language: 'en', createdAt: now, updatedAt: now },
        }),
      );
      const auth = await cognito.send(
        new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: stack.webConfig.userPoolClientId, AuthParameters: { USERNAME: v.email, PASSWORD } }),
      );
      const token = auth.AuthenticationResult?.IdToken;
      if (!token) throw new Error(`Could not sign ${v.email} in`);
      tokens.set(v.key, token);
    }
  } finally {
    cognito.destroy();
    db.destroy();
  }
  const pages = [
    { page: 'first page, by name', path: '/api/inventory', budget: true },
    { page: 'by price, high to low', path: '/api/inventory?sort=price&order=desc', budget: true },
    { page: 'low stock', path: '/api/inventory?stock=low', budget: true },
    { page: 'search "oolong" (info)', path: '/api/inventory?q=oolong', budget: false },
  ];
  const results: InventoryResult[] = [];
  for (const page of pages) {
    const run = (n: number) => drive(stack.apiUrl, page.path, INVENTORY_VENDORS.map((v) => ({ key: v.key, token: tokens.get(v.key)! })), n, settings.concurrency);
    if (settings.warmup > 0) await run(settings.warmup);
    const samples = await run(settings.requests);
    for (const v of INVENTORY_VENDORS) results.push({ page: page.page, budget: page.budget, vendor: v, ...stats(samples.get(v.key)!) });
  }
  const ms = (x: number) => x.toFixed(1).padStart(8);
  console.log(`\nInventory, GET /api/inventory (${settings.requests} requests per page and vendor after ${settings.warmup} warm-up, ${settings.concurrency} in flight, the vendors' requests paired)`);
  console.log(`  ${'page'.padEnd(26)}${'vendor'.padEnd(10)}${'products'.padStart(9)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}`);
  const over: string[] = [];
  const ratios: { page: string; p50: number; p95: number; budget: boolean }[] = [];
  for (const page of pages) {
    const rows = results.filter((r) => r.page === page.page);
    for (const r of rows) console.log(`  ${page.page.padEnd(26)}${r.vendor.vendorId.padEnd(10)}${r.vendor.products.toLocaleString('en-US').padStart(9)}${ms(r.p50)} ${ms(r.p95)}`);
    const small = rows.find((r) => r.vendor.key === '200')!;
    const large = rows.find((r) => r.vendor.key === '20k')!;
    const ratio = { page: page.page, p50: large.p50 / small.p50, p95: large.p95 / small.p95, budget: page.budget };
    ratios.push(ratio);
    console.log(`  ${''.padEnd(26)}${'20k/200'.padEnd(19)}${ratio.p50.toFixed(2).padStart(9)}${ratio.p95.toFixed(2).padStart(9)}`);
    if (page.budget && ratio.p95 > MAX_RATIO) over.push(page.page);
  }
  if (args.json && onlyInventory) {
    writeFileSync(args.json, JSON.stringify({ settings, maxRatio: MAX_RATIO, inventory: { results: results.map((r) => ({ page: r.page, vendorId: r.vendor.vendorId, products: r.vendor.products, n: r.n, p50: r.p50, p95: r.p95 })), ratios } }, null, 2));
  }
  if (over.length) {
    console.log(`\n✖ Inventory: 20k/200 p95 ratio above ${MAX_RATIO}: ${over.join(', ')}`);
    return 1;
  }
  console.log(`\n✔ Inventory: every budgeted 20k/200 p95 ratio is within ${MAX_RATIO}.`);
  return 0;
}

// ---------------------------------------------------------------------------------------------
// Load

/**
 * `perVendor` GETs of `path` for each vendor, in pairs — one request of each vendor back to back, in
 * random order — with `concurrency` pairs in flight: both vendors see the same machine at the same
 * moments, so a burst of outside load (this machine is shared) lands on both alike. Returns each
 * vendor's latencies in ms (time to the whole body). Any answer but 200 aborts the bench.
 */
async function drive(apiUrl: string, urlPath: string, vendors: { key: string; token: string }[], perVendor: number, concurrency: number): Promise<Map<string, number[]>> {
  const rnd = seededRandom(perVendor);
  const samples = new Map(vendors.map((v) => [v.key, [] as number[]]));
  let started = 0;
  const once = async (v: { key: string; token: string }) => {
    const t0 = performance.now();
    const res = await fetch(`${apiUrl}${urlPath}`, { headers: { authorization: `Bearer ${v.token}` } });
    const body = await res.text();
    const ms = performance.now() - t0;
    if (res.status !== 200) throw new Error(`${urlPath} for ${v.key}: ${res.status} ${body.slice(0, 200)}`);
    samples.get(v.key)!.push(ms);
  };
  const worker = async () => {
    while (started < perVendor) {
      started += 1;
      const pair = rnd() < 0.5 ? vendors : [...vendors].reverse();
      for (const v of pair) await once(v);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return samples;
}

interface Stats {
  n: number;
  p50: number;
  p95: number;
  mean: number;
}
interface Result extends Stats {
  endpoint: string;
  vendor: BenchVendor;
}

/** Nearest-rank percentiles. */
function stats(samples: number[]): Stats {
  const sorted = [...samples].sort((x, y) => x - y);
  const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
  return { n: sorted.length, p50: pct(50), p95: pct(95), mean: sorted.reduce((s, x) => s + x, 0) / sorted.length };
}

function report(results: Result[], settings: { requests: number; warmup: number; concurrency: number }): number {
  const ms = (x: number) => x.toFixed(1).padStart(8);
  console.log(`\nLatency through the local API (${settings.requests} requests per endpoint and vendor after ${settings.warmup} warm-up, ${settings.concurrency} in flight, the vendors' requests paired)`);
  console.log(`  ${'endpoint'.padEnd(30)}${'vendor'.padEnd(10)}${'orders'.padStart(9)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}`);
  const ratios: { endpoint: string; p50: number; p95: number }[] = [];
  for (const endpoint of [...new Set(results.map((r) => r.endpoint))]) {
    const rows = results.filter((r) => r.endpoint === endpoint);
    for (const r of rows) console.log(`  ${endpoint.padEnd(30)}${r.vendor.vendorId.padEnd(10)}${r.vendor.orders.toLocaleString('en-US').padStart(9)}${ms(r.p50)} ${ms(r.p95)}`);
    const small = rows.find((r) => r.vendor.key === '1k')!;
    const large = rows.find((r) => r.vendor.key === '100k')!;
    const ratio = { endpoint, p50: large.p50 / small.p50, p95: large.p95 / small.p95 };
    ratios.push(ratio);
    console.log(`  ${''.padEnd(30)}${'100k/1k'.padEnd(19)}${ratio.p50.toFixed(2).padStart(9)}${ratio.p95.toFixed(2).padStart(9)}`);
  }
  const over = ratios.filter((r) => r.p50 > MAX_RATIO || r.p95 > MAX_RATIO);
  if (args.json) {
    writeFileSync(
      args.json,
      JSON.stringify({ settings, maxRatio: MAX_RATIO, results: results.map((r) => ({ endpoint: r.endpoint, vendorId: r.vendor.vendorId, orders: r.vendor.orders, n: r.n, p50: r.p50, p95: r.p95, mean: r.mean })), ratios }, null, 2),
    );
  }
  if (over.length) {
    console.log(`\n✖ Ratio above ${MAX_RATIO}: ${over.map((r) => r.endpoint).join(', ')}`);
    return 1;
  }
  console.log(`\n✔ Every 100k/1k ratio is within ${MAX_RATIO}.`);
  return 0;
}

// Last, so every declaration above is initialised before the top-level await runs.
if (args.serve) await serveStack(args['serve-queue'] ? QUEUE_PORTS : PORTS, args['serve-queue'] ? QUEUE_DATA_DIR : DATA_DIR);
else process.exitCode = await main();
