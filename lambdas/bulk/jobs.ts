/**
 * Bulk price and stock jobs (issue 15; docs/decisions.md, "Bulk price and stock by spreadsheet"):
 *   1. dry run (`dryRun`): the file is read and checked against the catalogue, the rows and the
 *      versions seen are stored as a job in `ready`; nothing of the catalogue is written;
 *   2. apply (`startApply` → the worker's `runBulkJob`): each change row is an offer change (no
 *      review, as PATCH …/offer) written only onto the version the dry run saw — a product changed
 *      meanwhile is reported `changed`, never overwritten;
 *   3. undo (`startUndo` → `runBulkJob`): the vendor's last applied job, within 24 hours of its
 *      apply, each row put back only onto the version the apply wrote (`undo_changed` otherwise).
 * Each product written by an apply or an undo leaves the trail of a single offer edit, in the same
 * transaction as its write: its activity entries (`product.price_changed` / `stock_changed`, the
 * person who started the apply or the undo as the actor, `via` the job) and the `stock_low` notice
 * when it crosses to or below its threshold.
 */
import { randomBytes } from 'node:crypto';
import { BULK_MAX_FILE_BYTES, UNDO_WINDOW_MS, type BulkRowOutcome } from '../../contracts/bulk-model';
import type { BulkJob, BulkReport, BulkValues } from '../../contracts/bulk';
import type { Offer } from '../../contracts/listings/schema';
import { BadRequestError, ConflictError, NotFoundError } from '../shared/errors';
import { logger } from '../shared/logger';
import { inboxWrite, unreadWrite, type TransactItem } from '../notifications/record';
import { offerActivity } from '../listings/activity';
import { lowStockEvent } from '../listings/product-actions';
import { changeOffer, withLowStockDefault, type ProductItem } from '../listings/product-states';
import { getProduct, lowStockDefaultOf, putProduct, VersionConflict } from '../listings/store';
import { bulkQueue, type BulkMessage } from './queue';
import { decodeSheet, parseSheet, planRows, SheetError, type PlannedRow } from './sheet';
import { catalogueBySku, getJob, productsById, putProducts, insertJob, JOB_RETENTION_SECONDS, jobChunks, lastAppliedJob, moveJob, putChunk, recordProgress, type JobActor, type JobItem, type ProductGroupWrite } from './store';

/** Groups of rows (one read, a few write transactions each) in flight at once while applying or undoing. */
export const ROW_CONCURRENCY = 4;

export const JOB_ID_PATTERN = /^B-[0-9A-Z]{9}[0-9A-F]{6}$/;
/** Job ids sort by creation time (the last job is the first of a reverse query). */
export const newJobId = (now: Date): string => `B-${now.getTime().toString(36).toUpperCase().padStart(9, '0')}${randomBytes(3).toString('hex').toUpperCase()}`;

export const jobNotFound = () => new NotFoundError('There is no such bulk change.', 'bulk_job_not_found');

export async function ownJob(vendorId: string, jobId: string): Promise<JobItem> {
  const job = JOB_ID_PATTERN.test(jobId) ? await getJob(vendorId, jobId) : null;
  if (!job) throw jobNotFound();
  return job;
}

/** The dry run of an uploaded file: a job in `ready` with every row's old → new, unchanged or error. */
export async function dryRun(vendorId: string, fileName: string, bytes: Uint8Array, now = new Date()): Promise<{ job: JobItem; rows: PlannedRow[] }> {
  if (bytes.length > BULK_MAX_FILE_BYTES) throw new BadRequestError('The file is larger than 2 MB.', 'bulk_file_invalid');
  let rows: PlannedRow[];
  try {
    const sheet = parseSheet(decodeSheet(bytes));
    rows = planRows(sheet, await catalogueBySku(vendorId));
  } catch (err) {
    if (err instanceof SheetError) throw new BadRequestError(err.message, 'bulk_file_invalid');
    throw err;
  }
  const count = (kind: PlannedRow['kind']) => rows.filter((r) => r.kind === kind).length;
  const changes = count('change');
  const job = await insertJob(
    {
      vendorId,
      jobId: newJobId(now),
      fileName,
      status: 'ready',
      createdAt: now.toISOString(),
      summary: { rows: rows.length, changes, unchanged: count('unchanged'), errors: count('error') },
      progress: { done: 0, total: changes },
      expiresAt: Math.floor(now.getTime() / 1000) + JOB_RETENTION_SECONDS,
    },
    rows,
  );
  return { job, rows };
}

/** Until when the job's apply can be undone: set while it is the vendor's last applied job, applied, within the window. */
function undoUntil(job: JobItem, last: JobItem | null, now: Date): string | undefined {
  if (job.status !== 'applied' || !job.appliedAt || last?.jobId !== job.jobId) return undefined;
  const until = Date.parse(job.appliedAt) + UNDO_WINDOW_MS;
  return until > now.getTime() ? new Date(until).toISOString() : undefined;
}

/** The job as the API answers it: the rows that change or have an error (unchanged rows are counted only). */
export async function jobView(job: JobItem, now = new Date(), rows?: PlannedRow[]): Promise<BulkJob> {
  const all = rows ?? (await jobChunks(job)).flat();
  const last = job.status === 'applied' ? await lastAppliedJob(job.vendorId) : null;
  const until = undoUntil(job, last, now);
  return {
    jobId: job.jobId,
    fileName: job.fileName,
    status: job.status,
    createdAt: job.createdAt,
    summary: job.summary,
    progress: job.progress,
    ...(job.appliedAt ? { appliedAt: job.appliedAt } : {}),
    ...(job.undoneAt ? { undoneAt: job.undoneAt } : {}),
    ...(until ? { undoUntil: until } : {}),
    ...(job.applyReport ? { applyReport: job.applyReport } : {}),
    ...(job.undoReport ? { undoReport: job.undoReport } : {}),
    rows: all
      .filter((r) => r.kind !== 'unchanged')
      .map(({ version: _seen, writtenVersion: _written, ...row }) => row),
  };
}

/**
 * Apply: `ready` → `applying`, then the worker. 409 `bulk_job_not_ready` for a job past its dry run.
 * `actor`: who asks (the activity log's actor of every change the apply makes).
 */
export async function startApply(vendorId: string, jobId: string, actor: JobActor): Promise<JobItem> {
  await ownJob(vendorId, jobId);
  if (!(await moveJob(vendorId, jobId, 'ready', 'applying', { appliedBy: { userId: actor.userId, email: actor.email } }))) {
    throw new ConflictError('This bulk change was applied already. Upload the file again for a new dry run.', 'bulk_job_not_ready');
  }
  await bulkQueue().send({ vendorId, jobId, action: 'apply' });
  return (await getJob(vendorId, jobId))!;
}

/** Undo: the vendor's last applied job, within 24 hours: `applied` → `undoing`, then the worker. `actor` as for the apply. */
export async function startUndo(vendorId: string, jobId: string, actor: JobActor, now = new Date()): Promise<JobItem> {
  const job = await ownJob(vendorId, jobId);
  const last = await lastAppliedJob(vendorId);
  if (!undoUntil(job, last, now)) {
    throw new ConflictError('Only the last bulk change can be undone, within 24 hours of applying it.', 'bulk_undo_unavailable');
  }
  const earliestApply = new Date(now.getTime() - UNDO_WINDOW_MS).toISOString();
  const moved = await moveJob(vendorId, jobId, 'applied', 'undoing', { progress: { done: 0, total: job.applyReport?.written ?? 0 }, undoneBy: { userId: actor.userId, email: actor.email } }, {
    condition: 'appliedAt > :earliest',
    values: { ':earliest': earliestApply },
  });
  if (!moved) throw new ConflictError('Only the last bulk change can be undone, within 24 hours of applying it.', 'bulk_undo_unavailable');
  await bulkQueue().send({ vendorId, jobId, action: 'undo' });
  return (await getJob(vendorId, jobId))!;
}

const valuesOf = (item: ProductItem): BulkValues => ({ priceCents: item.priceCents, compareAtCents: item.compareAtCents ?? null, inventory: item.inventory });
const same = (a: BulkValues, b: BulkValues) => a.priceCents === b.priceCents && a.compareAtCents === b.compareAtCents && a.inventory === b.inventory;
/** The row's values as an offer change; everything else of the offer as it is (the out-of-stock switch and its day, the product's own low-stock level). */
const offerFor = (item: ProductItem, v: BulkValues): Offer => ({
  price: v.priceCents,
  compareAtPrice: v.compareAtCents ?? undefined,
  inventory: v.inventory,
  outOfStock: item.outOfStock,
  restockOn: item.restockOn,
  lowStockThreshold: item.lowStockThreshold,
});

type RowResult = { outcome: 'written' | 'changed' | 'gone'; version?: number };
interface RowWrite {
  productId: string;
  expected: number;
  target: BulkValues;
}

/**
 * What a row comes to before writing: `gone`, `changed` (the product is not at `expected`; a
 * redelivered message finds its own earlier write — version expected + 1 holding the target values —
 * and counts it as written), or the next item to write conditionally on `expected`.
 */
function planWrite(item: ProductItem | undefined, w: RowWrite, now: string): RowResult | { next: ProductItem } {
  if (!item) return { outcome: 'gone' };
  if (item.version !== w.expected) {
    return item.version === w.expected + 1 && same(valuesOf(item), w.target) ? { outcome: 'written', version: item.version } : { outcome: 'changed' };
  }
  return { next: changeOffer(item, offerFor(item, w.target), now) };
}

/** What the job's writes record besides the product: who started the apply or undo, the job, when. */
interface Trail {
  vendorId: string;
  /** Null for a job started before jobs named their actor: its changes record no activity entries. */
  actor: JobActor | null;
  via: { type: 'bulk_apply' | 'bulk_undo'; id: string };
  at: Date;
}

/** A product about to be written, with the items its change writes with it. */
interface Pending {
  index: number;
  next: ProductItem;
  expected: number;
  /** Its activity entries and, if it crosses to or below its low-stock level, its `stock_low` inbox item. */
  also: TransactItem[];
  notice: boolean;
}

/**
 * The trail of one product's change, as the single offer edit writes it (lambdas/listings/
 * product-actions.ts `changeProductOffer`): one activity entry per changed field, and the `stock_low`
 * notice exactly when the change crosses from above the product's threshold (its own, else the
 * vendor's default) to at or below it.
 */
function pendingOf(index: number, before: ProductItem, next: ProductItem, expected: number, trail: Trail, lowStockDefault: number): Pending {
  const notice = lowStockEvent(before, next, trail.at.toISOString(), lowStockDefault);
  const activity = trail.actor ? offerActivity(before, next, trail.actor, trail.at, trail.via) : [];
  return { index, next, expected, also: [...activity, ...(notice ? [inboxWrite(notice)] : [])], notice: notice !== null };
}

/** Items a DynamoDB transaction may hold. */
const TRANSACTION_MAX_ITEMS = 100;
/**
 * Products per write transaction at most (fewer when their activity entries and notices fill it):
 * bounds a transaction's size well under DynamoDB's 4 MB (a product item is at most about 65 KB).
 * On DynamoDB Local fewer, larger transactions were faster (docs/decisions.md, bulk).
 */
const WRITE_GROUP = 40;

/** The items of a group's transaction: each product and its trail, plus one unread count if any notice. */
const itemsOf = (group: Pick<Pending, 'also' | 'notice'>[]): number => group.reduce((n, p) => n + 1 + p.also.length, 0) + (group.some((p) => p.notice) ? 1 : 0);

/**
 * Packs the products into transactions in order: up to WRITE_GROUP products while the items (a
 * product's put, its 0–3 activity entries and 0–1 inbox item, and the group's one unread count)
 * stay within 100; so a transaction holds at least 19 products (5 items each, plus the count), and
 * 33 when each changes price and stock.
 */
export function packGroups<T extends Pick<Pending, 'also' | 'notice'>>(pending: T[]): T[][] {
  const groups: T[][] = [];
  let current: T[] = [];
  for (const p of pending) {
    if (current.length && (current.length >= WRITE_GROUP || itemsOf([...current, p]) > TRANSACTION_MAX_ITEMS)) {
      groups.push(current);
      current = [];
    }
    current.push(p);
  }
  if (current.length) groups.push(current);
  return groups;
}

/**
 * One row's conditional write with its trail (the fallback when a group's transaction could not say
 * which row failed). A lost condition is `changed` only if the product really is at another version
 * now; a transaction conflict at the same moment (on the product or the unread count) is tried again.
 */
async function writeOne(p: Pending, trail: Trail, lowStockDefault: number): Promise<RowResult> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      await putProduct(p.next, p.expected, undefined, [...p.also, ...(p.notice ? [unreadWrite(trail.vendorId, 1)] : [])], undefined, lowStockDefault);
      return { outcome: 'written', version: p.next.version };
    } catch (err) {
      if (!(err instanceof VersionConflict)) throw err;
      const now = await getProduct(p.next.vendorId, p.next.productId);
      if (!now) return { outcome: 'gone' };
      if (now.version !== p.expected || attempt >= 3) return { outcome: 'changed' };
      await new Promise((r) => setTimeout(r, 20 * 2 ** attempt));
    }
  }
}

/** Rows per read (BatchGetItem's limit): fewer round trips for 5,000 rows. */
const READ_GROUP = 100;

/**
 * Writes a group of rows: the products read in one consistent BatchGetItem, the writes in
 * transactions of conditional puts (each on the version the row expects) with their trail (packGroups).
 * A cancelled transaction names the rows whose product changed (`changed`); the others are then
 * written one by one. One cancelled by transaction conflicts only (no failed condition) is tried again.
 */
async function writeGroup(trail: Trail, writes: RowWrite[]): Promise<RowResult[]> {
  const { vendorId } = trail;
  const now = trail.at.toISOString();
  const items = await productsById(vendorId, writes.map((w) => w.productId));
  // The vendor's default low-stock level, read once per group, after its products (issue 15).
  const lowStockDefault = await lowStockDefaultOf(vendorId);
  const results: (RowResult | undefined)[] = [];
  const pending: Pending[] = [];
  writes.forEach((w, index) => {
    const item = items.get(w.productId);
    const planned = planWrite(item, w, now);
    if ('next' in planned) pending.push(pendingOf(index, item!, withLowStockDefault(planned.next, lowStockDefault), w.expected, trail, lowStockDefault));
    else results[index] = planned;
  });
  for (const group of packGroups(pending)) {
    const notices = group.filter((g) => g.notice).length;
    const writesOf = group.map((g): ProductGroupWrite => ({ item: g.next, expected: g.expected, also: g.also }));
    let cancelled = await putProducts(writesOf, notices ? [unreadWrite(vendorId, notices)] : []);
    for (let attempt = 0; cancelled?.conflict && attempt < 3; attempt += 1) {
      await new Promise((r) => setTimeout(r, 20 * 2 ** attempt));
      cancelled = await putProducts(writesOf, notices ? [unreadWrite(vendorId, notices)] : []);
    }
    for (const [k, g] of group.entries()) {
      if (cancelled === null) results[g.index] = { outcome: 'written', version: g.next.version };
      else if (cancelled.reasons[k] === 'ConditionalCheckFailed') results[g.index] = { outcome: 'changed' };
      else results[g.index] = await writeOne(g, trail, lowStockDefault);
    }
  }
  return results as RowResult[];
}

/** Runs `fn` over `items`, at most `limit` at a time. */
async function pooled<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await fn(items[next++]!);
  });
  await Promise.all(workers);
}

/**
 * The worker's part: applies or undoes the job's rows, recording each chunk's outcomes and the
 * progress as soon as the chunk's rows are done, then finishes the job. A job not in `applying` /
 * `undoing` (a redelivery after the end) is left alone; rows with an outcome already are skipped.
 * The groups of rows of all chunks share one pool of ROW_CONCURRENCY (issue 24: a pool per chunk of
 * 200 rows held only its 2 groups in flight and stopped at every chunk's end for its slowest group
 * and its two job writes); the chunk writes go one at a time, so the recorded progress only grows.
 */
export async function runBulkJob(message: BulkMessage, now = new Date()): Promise<JobItem | null> {
  const { vendorId, jobId, action } = message;
  const job = await getJob(vendorId, jobId);
  const running = action === 'apply' ? 'applying' : 'undoing';
  if (!job || job.status !== running) {
    logger.info('bulk job not running, message ignored', { vendorId, jobId, action, status: job?.status });
    return job;
  }
  const by = action === 'apply' ? job.appliedBy : job.undoneBy;
  if (!by) logger.warn('bulk job names no actor (started before jobs did): its changes record no activity entries', { vendorId, jobId, action });
  const trail: Trail = { vendorId, actor: by ?? null, via: { type: action === 'apply' ? 'bulk_apply' : 'bulk_undo', id: jobId }, at: now };
  const report: BulkReport = { written: 0, changed: 0, gone: 0 };
  const reportField = action === 'apply' ? 'applyReport' : 'undoReport';
  const outcomes: Record<'written' | 'changed' | 'gone', BulkRowOutcome> =
    action === 'apply' ? { written: 'applied', changed: 'changed', gone: 'gone' } : { written: 'undone', changed: 'undo_changed', gone: 'gone' };
  const chunks = await jobChunks(job);
  /** Per chunk: its rows of this action, and its groups still writing. */
  const state = chunks.map(() => ({ mine: 0, todo: 0, left: 0 }));
  const groups: { chunk: number; rows: PlannedRow[] }[] = [];
  for (const [index, rows] of chunks.entries()) {
    // A redelivered message: rows with this action's outcome already are counted, not written again.
    const mine = rows.filter((r) => (action === 'apply' ? r.kind === 'change' : r.writtenVersion !== undefined));
    const todo = mine.filter((r) => (action === 'apply' ? !r.outcome : r.outcome === 'applied'));
    for (const r of mine) {
      if (r.outcome === 'applied' && action === 'apply') report.written += 1;
      else if (r.outcome === 'changed') report.changed += 1;
      else if (r.outcome === 'undone') report.written += 1;
      else if (r.outcome === 'undo_changed') report.changed += 1;
      else if (r.outcome === 'gone') report.gone += 1;
    }
    for (let i = 0; i < todo.length; i += READ_GROUP) groups.push({ chunk: index, rows: todo.slice(i, i + READ_GROUP) });
    state[index] = { mine: mine.length, todo: todo.length, left: Math.ceil(todo.length / READ_GROUP) };
  }
  let done = 0;
  let writing: Promise<void> = Promise.resolve();
  /** A chunk whose rows are all done: its rows (with their outcomes) and the progress, after the chunks finished before it. */
  const finish = (index: number): Promise<void> => {
    const run = writing.then(async () => {
      if (state[index]!.todo) await putChunk(job, index, chunks[index]!);
      done += state[index]!.mine;
      await recordProgress(vendorId, jobId, done, reportField, { ...report });
    });
    writing = run.catch(() => undefined);
    return run;
  };
  // Chunks with nothing left to write (a redelivery) count at once.
  for (const [index, s] of state.entries()) if (s.left === 0) await finish(index);
  await pooled(groups, ROW_CONCURRENCY, async ({ chunk, rows: group }) => {
    const writes = group.map((row) =>
      action === 'apply' ? { productId: row.productId!, expected: row.version!, target: row.new! } : { productId: row.productId!, expected: row.writtenVersion!, target: row.old! },
    );
    const results = await writeGroup(trail, writes);
    group.forEach((row, k) => {
      const result = results[k]!;
      row.outcome = outcomes[result.outcome];
      if (action === 'apply' && result.version !== undefined) row.writtenVersion = result.version;
      report[result.outcome] += 1;
    });
    state[chunk]!.left -= 1;
    if (state[chunk]!.left === 0) await finish(chunk);
  });
  await writing;
  const finished = action === 'apply' ? await moveJob(vendorId, jobId, 'applying', 'applied', { appliedAt: new Date().toISOString() }) : await moveJob(vendorId, jobId, 'undoing', 'undone', { undoneAt: new Date().toISOString() });
  logger.info('bulk job finished', { vendorId, jobId, action, report, finished });
  return getJob(vendorId, jobId);
}
