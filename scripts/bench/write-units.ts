/**
 * `npm run bench:write-units`: DynamoDB write units per marketplace order event (issue 23), before
 * and after the payable index became write-sharded and KEYS_ONLY. Starts its own DynamoDB Local (in
 * memory, port 8022), creates the order ingest's tables (orders, ledger, vendors) twice from
 * contracts/tables.ts:
 *   before  the ledger with the previous release's payable index: `byPayable`, partition `payable`,
 *           projection ALL (and the ledger's other indexes as they are);
 *   after   the ledger as contracts/tables.ts defines it now (`byPayableShard`, KEYS_ONLY);
 * then feeds the same simulated orders (scripts/demo/order-simulator.ts: one vendor, `--orders`
 * orders over two weeks, every status path) through the real ingest (lambdas/sales/ingest-handler.ts)
 * into each set, with `ReturnConsumedCapacity: INDEXES` added to its TransactWriteItems by a client
 * middleware — the ingest's code is not changed (the middleware sends each transaction item by item,
 * see below, because DynamoDB Local under-reports multi-item transactions). Prints, per event type, the mean write units per
 * event: the transaction's total and its table / index parts. Transactional writes count two units
 * per 1 KB item write (and so do the index writes they cause), as DynamoDB bills them; DynamoDB
 * Local computes the same (an index write only where a key or a projected attribute changed).
 *
 * The before set runs today's writer, which writes the shard value `Y#nn` where the previous release
 * wrote `Y`: an ALL index is rewritten by every balance change either way, so its cost is the same.
 *
 *   --orders N   orders to simulate (default 300)
 *   --json FILE  also write the results as JSON
 */
import { writeFileSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CreateTableCommand, DynamoDBClient, type ConsumedCapacity } from '@aws-sdk/client-dynamodb';
import { tables, type TableDef, type TableKey } from '../../contracts/tables';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const root = path.resolve(import.meta.dirname, '../..');
const PORT = 8022;
const VENDOR_ID = 'V-424242';
/** A fixed "now", so every run simulates the same orders. */
const NOW = new Date('2026-11-20T12:00:00.000Z');

const { values: args } = parseArgs({ options: { orders: { type: 'string', default: '300' }, json: { type: 'string' } } });

/** The ledger's payable index before issue 23. */
const BEFORE_PAYABLE_INDEX = { indexName: 'byPayable', partitionKey: { name: 'payable', type: 'S' }, sortKey: { name: 'vendorId', type: 'S' } } as const;

const INGEST_TABLES = ['orders', 'ledger', 'vendors'] as const satisfies readonly TableKey[];
type Variant = 'before' | 'after';

function definition(key: TableKey, variant: Variant): TableDef {
  const def: TableDef = tables[key];
  if (key !== 'ledger' || variant === 'after') return def;
  return { ...def, globalIndexes: [BEFORE_PAYABLE_INDEX, ...(def.globalIndexes ?? []).filter((g) => g.indexName !== 'byPayableShard')] };
}

const physical = (key: TableKey, variant: Variant) => `wu-${variant}-${tables[key].name}`;

/** Per event type: how many events, and the sum of their capacity per part (`total`, `table:<name>`, `index:<table>/<index>`). */
type Tally = Map<string, { events: number; units: Map<string, number> }>;

function add(tally: Tally, type: string, consumed: ConsumedCapacity[], variant: Variant): void {
  const entry = tally.get(type) ?? { events: 0, units: new Map<string, number>() };
  entry.events += 1;
  const bump = (part: string, n: number | undefined) => entry.units.set(part, (entry.units.get(part) ?? 0) + (n ?? 0));
  for (const c of consumed) {
    const table = (c.TableName ?? '?').replace(`wu-${variant}-`, '');
    bump('total', c.CapacityUnits);
    bump(`table ${table}`, c.Table?.CapacityUnits);
    for (const [index, cap] of Object.entries(c.GlobalSecondaryIndexes ?? {})) bump(`index ${table}/${index}`, cap.CapacityUnits);
  }
  tally.set(type, entry);
}

async function main(): Promise<number> {
  const orders = Number(args.orders);
  if (!Number.isInteger(orders) || orders < 1 || orders > 5_000) {
    console.error('✖ --orders must be a whole number from 1 to 5,000');
    return 2;
  }
  const { startDynamoDb, createTableInput } = await import('../local/dynamodb');
  const { assertPortFree } = await import('../local/processes');
  await assertPortFree(PORT, 'DynamoDB Local (bench:write-units)');
  const cacheDir = mkdtempSync(path.join(tmpdir(), 'bench-write-units-'));
  console.log(`Starting DynamoDB Local in memory on 127.0.0.1:${PORT}…`);
  const ddb = await startDynamoDb({ port: PORT, cacheDir: path.join(root, '.local') });
  try {
    const endpoint = `http://127.0.0.1:${PORT}`;
    Object.assign(process.env, {
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'local',
      AWS_SECRET_ACCESS_KEY: 'local',
      AWS_ENDPOINT_URL_DYNAMODB: endpoint,
      LOG_LEVEL: 'ERROR',
      LOCAL_DEAD_LETTER_DIR: path.join(cacheDir, 'dead-letter'),
    });
    const admin = new DynamoDBClient({ endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
    for (const variant of ['before', 'after'] as const) {
      for (const key of INGEST_TABLES) await admin.send(new CreateTableCommand({ ...createTableInput(key, definition(key, variant)), TableName: physical(key, variant) }));
    }
    admin.destroy();

    const { dynamo } = await import('../../lambdas/shared/clients');
    const { PutCommand } = await import('@aws-sdk/lib-dynamodb');
    const { ingestOrderEvent } = await import('../../lambdas/sales/ingest-handler');
    const { simulateOrders } = await import('../demo/order-simulator');
    const { ORDER_EVENT_SOURCE } = await import('../../contracts/order-events');

    // The ingest's TransactWriteItems report their consumed capacity to `onConsumed`. DynamoDB Local
    // answers a transaction of several items on one table with the capacity of its largest item, not
    // their sum (checked: three 1-unit puts report 2, as one does), so each transaction is sent as
    // single-item transactions — the same items in the same order; with no concurrent writer their
    // conditions and outcome are the same — whose capacities are summed.
    let onConsumed: (c: ConsumedCapacity[]) => void = () => undefined;
    dynamo.middlewareStack.add(
      (next, context) => async (args) => {
        if (context.commandName !== 'TransactWriteItemsCommand') return next(args);
        const input = args.input as { TransactItems?: unknown[] };
        const consumed: ConsumedCapacity[] = [];
        let out: Awaited<ReturnType<typeof next>> | undefined;
        for (const item of input.TransactItems ?? []) {
          out = await next({ ...args, input: { ...input, TransactItems: [item], ReturnConsumedCapacity: 'INDEXES' } });
          consumed.push(...((out.output as { ConsumedCapacity?: ConsumedCapacity[] }).ConsumedCapacity ?? []));
        }
        onConsumed(consumed);
        return out!;
      },
      { step: 'initialize', name: 'benchConsumedCapacity' },
    );

    const events = simulateOrders({ vendorId: VENDOR_ID, count: orders, days: 14, seed: 23, now: NOW })
      .flatMap((o) => o.events)
      .sort((a, b) => a.time.getTime() - b.time.getTime());
    const results: Record<Variant, Tally> = { before: new Map(), after: new Map() };
    for (const variant of ['before', 'after'] as const) {
      for (const key of INGEST_TABLES) process.env[tables[key].envVar] = physical(key, variant);
      await dynamo.send(new PutCommand({ TableName: physical('vendors', variant), Item: { userId: 'bench-user', vendorId: VENDOR_ID, status: 'approved', email: 'bench@example.com' } }));
      for (const [i, e] of events.entries()) {
        let consumed: ConsumedCapacity[] = [];
        onConsumed = (c) => (consumed = c);
        const raw = { id: `wu-${i}`, source: ORDER_EVENT_SOURCE, 'detail-type': e.detailType, time: e.time.toISOString(), detail: e.detail };
        const out = await ingestOrderEvent(raw, () => e.time);
        if (out.outcome !== 'applied') throw new Error(`Event ${i} (${e.detailType}) was not applied: ${JSON.stringify(out)}`);
        // The first event of the vendor creates its BALANCE item (and its index entry): not a steady-state event.
        const type = i === 0 ? 'first order.placed of the vendor' : e.detailType;
        add(results[variant], type, consumed, variant);
      }
    }
    return report(results, events.length);
  } finally {
    await ddb.stop();
    rmSync(cacheDir, { recursive: true, force: true });
  }
}

function report(results: Record<Variant, Tally>, events: number): number {
  const types = [...new Set([...results.before.keys(), ...results.after.keys()])];
  const parts = [...new Set(types.flatMap((t) => [...(results.before.get(t)?.units.keys() ?? []), ...(results.after.get(t)?.units.keys() ?? [])]))].sort((a, b) =>
    a === 'total' ? -1 : b === 'total' ? 1 : a.localeCompare(b),
  );
  const mean = (v: Variant, type: string, part: string) => {
    const e = results[v].get(type);
    return e ? (e.units.get(part) ?? 0) / e.events : 0;
  };
  console.log(`\nWrite units per order event (mean; ${events} events of ${args.orders} simulated orders; transactional: 2 per 1 KB write)`);
  const json: Record<string, unknown> = {};
  for (const type of types) {
    const n = results.after.get(type)?.events ?? 0;
    console.log(`\n  ${type} (${n} event${n === 1 ? '' : 's'})${' '.repeat(Math.max(1, 44 - type.length))}before   after`);
    const rows: Record<string, { before: number; after: number }> = {};
    for (const part of parts) {
      const before = mean('before', type, part);
      const after = mean('after', type, part);
      if (before === 0 && after === 0) continue;
      rows[part] = { before, after };
      console.log(`    ${part.padEnd(50)}${before.toFixed(2).padStart(6)}  ${after.toFixed(2).padStart(6)}`);
    }
    json[type] = { events: n, units: rows };
  }
  if (args.json) writeFileSync(args.json, JSON.stringify(json, null, 2));
  return 0;
}

try {
  process.exitCode = await main();
} catch (err) {
  console.error(`✖ ${(err as Error).stack ?? String(err)}`);
  process.exitCode = 1;
}
