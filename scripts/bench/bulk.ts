/**
 * `npm run bench:bulk`: bulk price and stock (issue 15) at the catalogue's size. Starts its own local
 * stack (the same code as `npm start`, without the web, on its own ports, data in `.local/bench-bulk/`,
 * wiped at the start and the end), seeds one vendor with 5,000 products, writes a 5,000-row CSV that
 * changes every price and stock, then in this process, with the same modules as the cloud:
 *   1. the dry run (lambdas/bulk/jobs.ts `dryRun`: decode, parse, check against the catalogue read,
 *      store the job) — budget ≤ 5 s;
 *   2. the apply (`runBulkJob`, what the worker Lambda runs for the SQS message, with each product's
 *      activity entries in its transaction) — budget ≤ 30 s;
 * and checks every product was written exactly as the file says, with its activity entries. Prints both
 * figures, each with its DynamoDB requests and the CPU time it took in this process and in DynamoDB
 * Local (by thread); exits 1 over budget or on a wrong product.
 *
 *   --rows N     products and rows (default 5000, at most 5000)
 *   --json FILE  also write the results as JSON
 */
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BULK_MAX_ROWS } from '../../contracts/bulk-model';
import { productFormSchema } from '../../contracts/listings/schema';
import { localTableName } from '../../contracts/tables';
import type { LocalPorts } from '../local/ports';
import { serveStack, startStackProcess, stopStackProcess } from './stack-process';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const root = path.resolve(import.meta.dirname, '../..');
const DATA_DIR = path.join(root, '.local', 'bench-bulk');
/** Its own ports, so the bench runs beside `npm start`, the test stack and the other benches. */
const PORTS: LocalPorts = { web: 5198, api: 8902, dynamodb: 8025, cognito: 9254, s3: 20030, ses: 8035 };
const VENDOR_ID = 'V-90015';
const DRY_RUN_BUDGET_MS = 5_000;
const APPLY_BUDGET_MS = 30_000;

const { values: args } = parseArgs({
  options: { serve: { type: 'boolean', default: false }, rows: { type: 'string', default: String(BULK_MAX_ROWS) }, json: { type: 'string' } },
});

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const sku = (i: number) => `90015-${String(i + 1).padStart(4, '0')}`;

async function seed(rows: number): Promise<void> {
  const { dynamo } = await import('../../lambdas/shared/clients');
  const { BatchWriteCommand } = await import('@aws-sdk/lib-dynamodb');
  const { newProduct } = await import('../../lambdas/listings/product-states');
  const now = new Date().toISOString();
  const items = Array.from({ length: rows }, (_, i) =>
    newProduct({
      vendorId: VENDOR_ID,
      productId: `P-BB${String(i).padStart(8, '0')}`,
      sku: sku(i),
      identityId: 'bench',
      content: productFormSchema.parse({
        nameEn: `Bulk bench item ${i}`,
        nameZh: `批次測試品 ${i}`,
        barcode: '',
        productType: '',
        unitOfMeasure: '',
        unitQuantity: '',
        description: 'A product of the bulk bench.',
        ingredients: '',
        hasAllergens: '',
        allergens: [],
        countryOfOrigin: 'TW',
        price: '10.00',
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
      }),
      submit: false,
      now,
    }),
  );
  for (let i = 0; i < items.length; i += 25) {
    let pending: { PutRequest: { Item: Record<string, unknown> } }[] = items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item: Item as unknown as Record<string, unknown> } }));
    while (pending.length) {
      const out = await dynamo.send(new BatchWriteCommand({ RequestItems: { [localTableName('products')]: pending } }));
      pending = (out.UnprocessedItems?.[localTableName('products')] ?? []) as typeof pending;
    }
  }
}

/** The bench vendor's activity entries (a count query over its partition). */
async function activityCount(): Promise<number> {
  const { dynamo } = await import('../../lambdas/shared/clients');
  const { QueryCommand } = await import('@aws-sdk/lib-dynamodb');
  let count = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const out = await dynamo.send(
      new QueryCommand({ TableName: localTableName('activity'), KeyConditionExpression: 'vendorId = :v', ExpressionAttributeValues: { ':v': VENDOR_ID }, Select: 'COUNT', ExclusiveStartKey: startKey }),
    );
    count += out.Count ?? 0;
    startKey = out.LastEvaluatedKey;
  } while (startKey);
  return count;
}

/** Every product a new price (12.34 + i cents) and stock (i % 500). */
const fileFor = (rows: number) =>
  '\uFEFFSKU,Product,Price (USD),Compare-at price (USD),Stock\r\n' +
  Array.from({ length: rows }, (_, i) => `${sku(i)},Bulk bench item ${i},${((1234 + i) / 100).toFixed(2)},,${i % 500}\r\n`).join('');

/**
 * Where the time goes: every DynamoDB request the bench process sends, by command, counted and timed
 * (a middleware on the shared client; concurrent requests' times add up, so a sum can exceed the
 * phase's wall time). Printed after each phase as `command ×count Σtime`.
 */
type CommandTimes = Map<string, { count: number; ms: number }>;
async function timeCommands(): Promise<{ take: () => CommandTimes }> {
  const { dynamo } = await import('../../lambdas/shared/clients');
  let times: CommandTimes = new Map();
  dynamo.middlewareStack.add(
    (next, context) => async (input) => {
      const t = performance.now();
      try {
        return await next(input);
      } finally {
        const name = (context.commandName ?? 'unknown').replace(/Command$/, '');
        const entry = times.get(name) ?? { count: 0, ms: 0 };
        entry.count += 1;
        entry.ms += performance.now() - t;
        times.set(name, entry);
      }
    },
    { step: 'initialize', name: 'benchCommandTimes' },
  );
  return {
    take: () => {
      const taken = times;
      times = new Map();
      return taken;
    },
  };
}
const timesLine = (times: CommandTimes) =>
  [...times.entries()]
    .sort((a, b) => b[1].ms - a[1].ms)
    .map(([name, t]) => `${name} ×${t.count} ${seconds(t.ms)}`)
    .join(', ');

/**
 * CPU time spent, which the load average does not change the way it changes wall time: this process's
 * (the Lambda code and the SDK) and DynamoDB Local's by thread (Linux /proc; null elsewhere). DynamoDB
 * Local runs every item operation of every request on ONE thread (sqlite4java's `SQLiteQueue`), so that
 * thread's time is the floor of the apply's wall time on a machine whose cores are shared; its request
 * (Jetty `qtp…`) threads parse the requests in parallel, and its JIT compiler threads warm it up.
 */
type CpuTimes = { process: number; dynamodb: Record<'sqlite' | 'requests' | 'jit' | 'other', number> | null };
const ticksMs = (stat: string) => {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10; // utime + stime, in clock ticks of 10 ms
};
function dynamoDbPid(): string | null {
  try {
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      try {
        const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
        if (cmd.some((a) => a.endsWith('DynamoDBLocal')) && cmd[cmd.indexOf('-port') + 1] === String(PORTS.dynamodb)) return pid;
      } catch {
        /* gone meanwhile */
      }
    }
  } catch {
    /* no /proc */
  }
  return null;
}
function cpuNow(javaPid: string | null): CpuTimes {
  const own = process.cpuUsage();
  let dynamodb: CpuTimes['dynamodb'] = null;
  if (javaPid) {
    try {
      dynamodb = { sqlite: 0, requests: 0, jit: 0, other: 0 };
      for (const tid of readdirSync(`/proc/${javaPid}/task`)) {
        const stat = readFileSync(`/proc/${javaPid}/task/${tid}/stat`, 'utf8');
        const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
        const group = name.startsWith('SQLiteQueue') ? 'sqlite' : name.startsWith('qtp') ? 'requests' : /Compiler/.test(name) ? 'jit' : 'other';
        dynamodb[group] += ticksMs(stat);
      }
    } catch {
      dynamodb = null;
    }
  }
  return { process: (own.user + own.system) / 1000, dynamodb };
}
const cpuSince = (a: CpuTimes, b: CpuTimes): CpuTimes => ({
  process: b.process - a.process,
  dynamodb: a.dynamodb && b.dynamodb ? { sqlite: b.dynamodb.sqlite - a.dynamodb.sqlite, requests: b.dynamodb.requests - a.dynamodb.requests, jit: b.dynamodb.jit - a.dynamodb.jit, other: b.dynamodb.other - a.dynamodb.other } : null,
});
const cpuLine = (c: CpuTimes, rows: number) =>
  `this process ${seconds(c.process)} (${(c.process / rows).toFixed(2)} ms/row)` +
  (c.dynamodb
    ? `; DynamoDB Local ${seconds(c.dynamodb.sqlite + c.dynamodb.requests + c.dynamodb.jit + c.dynamodb.other)}: its SQLite thread ${seconds(c.dynamodb.sqlite)} (${(c.dynamodb.sqlite / rows).toFixed(2)} ms/row), request threads ${seconds(c.dynamodb.requests)}, JIT ${seconds(c.dynamodb.jit)}, other ${seconds(c.dynamodb.other)}`
    : '');

async function main(): Promise<number> {
  const rows = Number(args.rows);
  if (!Number.isInteger(rows) || rows < 1 || rows > BULK_MAX_ROWS) {
    console.error(`--rows must be a whole number from 1 to ${BULK_MAX_ROWS}`);
    return 2;
  }
  rmSync(DATA_DIR, { recursive: true, force: true });
  console.log(`Starting the bench stack (data in ${path.relative(root, DATA_DIR)}/, DynamoDB Local on 127.0.0.1:${PORTS.dynamodb})…`);
  const { child, ready } = startStackProcess(path.join(root, 'scripts/bench/bulk.ts'));
  let cleaning: Promise<void> | null = null;
  const cleanUp = () =>
    (cleaning ??= (async () => {
      await stopStackProcess(child);
      rmSync(DATA_DIR, { recursive: true, force: true });
    })());
  const interrupt = () => {
    console.log('\nInterrupted: stopping the bench stack…');
    void cleanUp().then(() => process.exit(130));
  };
  process.once('SIGINT', interrupt);
  process.once('SIGTERM', interrupt);
  try {
    await ready;
    const { useLocalLambdaEnv } = await import('../local/stack');
    useLocalLambdaEnv(PORTS, DATA_DIR, { LOG_LEVEL: process.env.LOG_LEVEL ?? 'ERROR' });
    console.log(`Seeding ${rows.toLocaleString('en-US')} products…`);
    await seed(rows);
    const { dryRun, runBulkJob } = await import('../../lambdas/bulk/jobs');
    const { moveJob } = await import('../../lambdas/bulk/store');
    const { getProduct } = await import('../../lambdas/listings/store');
    const file = Buffer.from(fileFor(rows), 'utf8');
    const commands = await timeCommands();
    const javaPid = dynamoDbPid();

    let cpu = cpuNow(javaPid);
    const t0 = performance.now();
    const { job } = await dryRun(VENDOR_ID, 'bench.csv', file);
    const dryRunMs = performance.now() - t0;
    console.log(`  dry run: ${rows.toLocaleString('en-US')} rows (${(file.length / 1024).toFixed(0)} KB) in ${seconds(dryRunMs)}  (budget ${seconds(DRY_RUN_BUDGET_MS)}) — ${job.summary.changes} changes, ${job.summary.errors} errors`);
    console.log(`           requests: ${timesLine(commands.take())}`);
    const dryRunCpu = cpuSince(cpu, (cpu = cpuNow(javaPid)));
    console.log(`           cpu: ${cpuLine(dryRunCpu, rows)}`);

    // What POST …/{jobId} {action:'apply'} does before the message: ready → applying with who asked
    // (the activity log's actor: every change writes its entries); then the worker's part.
    await moveJob(VENDOR_ID, job.jobId, 'ready', 'applying', { appliedBy: { userId: 'bench-user', email: 'bench@example.com' } });
    cpu = cpuNow(javaPid);
    const t1 = performance.now();
    const applied = await runBulkJob({ vendorId: VENDOR_ID, jobId: job.jobId, action: 'apply' });
    const applyMs = performance.now() - t1;
    console.log(`  apply:   ${applied?.applyReport?.written ?? 0} products written in ${seconds(applyMs)}  (budget ${seconds(APPLY_BUDGET_MS)}) — ${(rows / (applyMs / 1000)).toFixed(0)} rows/s`);
    console.log(`           requests: ${timesLine(commands.take())}`);
    const applyCpu = cpuSince(cpu, cpuNow(javaPid));
    console.log(`           cpu: ${cpuLine(applyCpu, rows)}`);

    let wrong = 0;
    for (let i = 0; i < rows; i += Math.max(1, Math.floor(rows / 200))) {
      const p = await getProduct(VENDOR_ID, `P-BB${String(i).padStart(8, '0')}`);
      if (p?.priceCents !== 1234 + i || p.inventory !== i % 500) wrong += 1;
    }
    // Every product's price changes and its stock (from 0) unless i % 500 is 0: one activity entry each.
    const expectedEntries = Array.from({ length: rows }, (_, i) => (i % 500 === 0 ? 1 : 2)).reduce((a, b) => a + b, 0);
    const entries = await activityCount();
    console.log(`  activity: ${entries.toLocaleString('en-US')} entries written with the products (expected ${expectedEntries.toLocaleString('en-US')})`);
    const problems: string[] = [];
    if (entries !== expectedEntries) problems.push(`apply wrote ${entries} activity entries, expected ${expectedEntries}`);
    if (job.summary.changes !== rows || job.summary.errors !== 0) problems.push(`dry run found ${job.summary.changes} changes and ${job.summary.errors} errors, expected ${rows} and 0`);
    if (applied?.applyReport?.written !== rows) problems.push(`apply wrote ${applied?.applyReport?.written}, expected ${rows}`);
    if (wrong) problems.push(`${wrong} sampled products do not hold the file's values`);
    if (dryRunMs > DRY_RUN_BUDGET_MS) problems.push(`dry run over budget (${seconds(dryRunMs)})`);
    if (applyMs > APPLY_BUDGET_MS) problems.push(`apply over budget (${seconds(applyMs)})`);
    if (args.json) writeFileSync(args.json, JSON.stringify({ rows, dryRunMs, applyMs, dryRunCpu, applyCpu, written: applied?.applyReport?.written, activityEntries: entries, problems }, null, 2));
    for (const p of problems) console.log(`  ✖ ${p}`);
    if (!problems.length) console.log('  ✔ within budget, every sampled product as the file says');
    return problems.length ? 1 : 0;
  } finally {
    await cleanUp();
  }
}

if (args.serve) {
  await serveStack(PORTS, DATA_DIR);
} else {
  process.exitCode = await main().catch((err: unknown) => {
    console.error(err);
    return 1;
  });
}
