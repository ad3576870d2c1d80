import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_COMMISSION_BPS } from '../../lambdas/sales/apply';
import { DEFAULT_MARKETPLACE_TIME_ZONE } from '../../lambdas/shared/dates';
import { localTableName, tables, type TableKey } from '../../contracts/tables';
import { productImageRenditions, productImagesBucket } from '../../contracts/buckets';
import type { WebConfig } from '../../contracts/web-config';
import { LOCAL_CLIENT_ID, LOCAL_REGION, LOCAL_USER_POOL_ID, readSeedToken, seedTokenIfAny, startCognito, type VerificationCode } from './cognito';
import { ensureTables, startDynamoDb } from './dynamodb';
import type { LocalPorts } from './ports';
import { assertPortFree } from './processes';
import { localImageUrlKey } from './image-urls';
import { imageCheckNotification, startS3 } from './s3';
import { startSes } from './ses';
import { startNotifierStream } from './streams';
import { startRestockSchedule } from './schedules';
import { installLocalStandIns, localFolders } from './stand-ins';

const here = path.dirname(fileURLToPath(import.meta.url));
export const repoRoot = path.resolve(here, '../..');
export const localDir = path.join(repoRoot, '.local');

/**
 * The data folder of a running stack, for scripts that work against it: `npm start`'s is .local/dev;
 * the test stack's (.local/test-<pid>) is handed on in LOCAL_DATA_DIR by the test setup.
 */
export function profileDataDir(profile: string): string {
  return process.env.LOCAL_DATA_DIR ?? path.join(localDir, profile);
}

export interface LocalStackOptions {
  ports: LocalPorts;
  /** Where data lives; `persistent: false` keeps DynamoDB in memory and deletes the folder on stop. */
  dataDir: string;
  persistent: boolean;
  web: boolean;
  /** Problems worth a person's attention (handler crashes, failed stops). */
  log: (line: string) => void;
  /** The stand-ins' own chatter: shown only when asked for (DEBUG=1). */
  debug: (line: string) => void;
  onCode?: (code: VerificationCode) => void;
}

export interface LocalStack {
  ports: LocalPorts;
  dataDir: string;
  webUrl: string | null;
  apiUrl: string;
  cognitoEndpoint: string;
  dynamodbEndpoint: string;
  s3Endpoint: string;
  /** aws-ses-v2-local: the e-mails sent (GET /store, or open it in a browser). */
  sesEndpoint: string;
  webConfig: WebConfig;
  stop(): Promise<void>;
}

/** The local stack's SES send rate (the cloud's default is 14 per second, lib/settings.ts `sesMaxSendRate`). */
export const LOCAL_SES_MAX_SEND_RATE = 200;

/**
 * The environment the Lambdas get from the CDK stack, pointed at the stand-ins. The local API
 * server runs handlers in this process, so this is set on process.env.
 */
export function localLambdaEnv(ports: LocalPorts, dataDir: string): Record<string, string> {
  return {
    // Order events the ingest set aside (malformed, unknown vendor) or that failed every retry: the local DLQ.
    // Read by the local event bus (scripts/local/events.ts) and the tests; the ingest gets the folder injected.
    LOCAL_DEAD_LETTER_DIR: localFolders(dataDir).deadLetter,
    // The stack's settings (lib/settings.ts) with their defaults; override them in the shell to try another zone.
    MARKETPLACE_TIME_ZONE: process.env.MARKETPLACE_TIME_ZONE || DEFAULT_MARKETPLACE_TIME_ZONE,
    DEFAULT_COMMISSION_BPS: process.env.DEFAULT_COMMISSION_BPS || String(DEFAULT_COMMISSION_BPS),
    AWS_REGION: LOCAL_REGION,
    // 'local': DynamoDB Local keeps one database per access key id. The secret is the cognito server's token
    // of its last start (its IAM-authorised targets check the signature; DynamoDB Local and s3rver do not read
    // this secret), so handlers run in-process by a test, an ops script or a bench can call Admin* as in the cloud.
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: seedTokenIfAny(cognitoDir(dataDir)) ?? 'local',
    AWS_ENDPOINT_URL_DYNAMODB: `http://127.0.0.1:${ports.dynamodb}`,
    AWS_ENDPOINT_URL_S3: `http://localhost:${ports.s3}`,
    AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: `http://127.0.0.1:${ports.cognito}`,
    USER_POOL_ID: LOCAL_USER_POOL_ID,
    PRODUCT_IMAGES_BUCKET: productImagesBucket.localName,
    // Renditions (issue 23) in s3rver's second bucket, their URLs signed with the local stack's own key
    // pair (scripts/local/image-urls.ts), which the local API server checks as CloudFront would.
    RENDITIONS_BUCKET: productImageRenditions.localName,
    ...imageUrlKeyEnv(dataDir),
    // Bank-transfer instructions on s3rver (created on first use by `npm run payouts:run`); the console's bank batch download reads them.
    PAYOUT_BATCH_BUCKET: 'seller-portal-payout-batches',
    // Vendor e-mails (lambdas/notifications): links into the local web app, sent to aws-ses-v2-local.
    PORTAL_URL: `http://127.0.0.1:${ports.web}`,
    NOTIFICATION_SENDER: process.env.NOTIFICATION_SENDER || 'no-reply@example.com',
    SES_CONFIGURATION_SET: 'seller-portal-local',
    SUPPORT_EMAIL: process.env.SUPPORT_EMAIL || 'support@example.com',
    // The stand-in has no sending quota: a rate the local volumes never reach, so tests and the demo are
    // not slowed; the notifier still takes every slot from the shared window (set it to 14 to see the cloud's pace).
    SES_MAX_SEND_RATE: process.env.SES_MAX_SEND_RATE || String(LOCAL_SES_MAX_SEND_RATE),
    POWERTOOLS_SERVICE_NAME: 'seller-portal-local',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'WARN',
    ...Object.fromEntries((Object.keys(tables) as TableKey[]).map((k) => [tables[k].envVar, localTableName(k)])),
  };
}

/** The cognito server's folder in a stack's data folder (its seed token: scripts/local/cognito.ts). */
const cognitoDir = (dataDir: string) => path.join(dataDir, 'cognito');

/** The signing key's environment (lambdas/shared/env.ts): the local key pair, made in the data folder on first use. */
function imageUrlKeyEnv(dataDir: string): Record<string, string> {
  const key = localImageUrlKey(dataDir);
  return { IMAGE_URL_KEY_PAIR_ID: key.keyPairId, IMAGE_URL_PRIVATE_KEY: key.privateKeyPem };
}

/**
 * Points this process's Lambda code at a local stack: the environment above (with `overrides`, e.g.
 * a LOG_LEVEL) on process.env, and the local stand-ins injected (scripts/local/stand-ins.ts).
 */
export function useLocalLambdaEnv(ports: LocalPorts, dataDir: string, overrides: Record<string, string | undefined> = {}): void {
  Object.assign(process.env, localLambdaEnv(ports, dataDir), overrides);
  installLocalStandIns(dataDir, { sesEndpoint: `http://127.0.0.1:${ports.ses}` });
}

export async function startLocalStack(opts: LocalStackOptions): Promise<LocalStack> {
  const { ports } = opts;
  await assertPortFree(ports.dynamodb, 'DynamoDB Local');
  await assertPortFree(ports.cognito, 'cognito-local');
  await assertPortFree(ports.s3, 's3rver');
  await assertPortFree(ports.ses, 'aws-ses-v2-local (e-mails)');
  await assertPortFree(ports.api, 'local API');
  if (opts.web) await assertPortFree(ports.web, 'web (set PORT to use another)');

  useLocalLambdaEnv(ports, opts.dataDir);
  mkdirSync(opts.dataDir, { recursive: true });
  const stoppers: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const s of stoppers.reverse()) await s().catch((err: unknown) => opts.log(`stop: ${String(err)}`));
    stoppers.length = 0;
    if (!opts.persistent) rmSync(opts.dataDir, { recursive: true, force: true });
  };

  try {
    const apiUrl = `http://127.0.0.1:${ports.api}`;
    const cognitoEndpoint = `http://127.0.0.1:${ports.cognito}`;
    const dynamodbEndpoint = `http://127.0.0.1:${ports.dynamodb}`;
    const webOrigins = [`http://127.0.0.1:${ports.web}`, `http://localhost:${ports.web}`];

    const [ddb, cognito, s3, ses] = await Promise.all([
      startDynamoDb({
        port: ports.dynamodb,
        dataDir: opts.persistent ? path.join(opts.dataDir, 'dynamodb') : undefined,
        cacheDir: localDir,
        log: (l) => opts.debug(`dynamodb: ${l}`),
      }),
      startCognito({
        port: ports.cognito,
        dir: cognitoDir(opts.dataDir),
        lambdaEndpoint: apiUrl,
        onCode: opts.onCode,
        log: (l) => opts.debug(`cognito: ${l}`),
      }),
      startS3({ port: ports.s3, dir: path.join(opts.dataDir, 's3'), siteOrigins: webOrigins, onEvent: imageCheckNotification(opts.log) }),
      startSes({ port: ports.ses }),
    ]);
    stoppers.push(() => ddb.stop(), () => cognito.stop(), () => s3.stop(), () => ses.stop());
    // This start's token signs the handlers' Admin* calls (localLambdaEnv read the last start's, if any).
    const seedToken = readSeedToken(cognitoDir(opts.dataDir));
    process.env.AWS_SECRET_ACCESS_KEY = seedToken;
    await ensureTables(dynamodbEndpoint);
    // The notifier on the notifications table's stream, as the cloud's event source runs it.
    const notifier = await startNotifierStream({ dynamodbEndpoint, log: opts.log });
    stoppers.push(() => notifier.stop());
    // The restock run on its schedule (every minute here, every 15 in the cloud; issue 15).
    const restock = await startRestockSchedule({ log: opts.log });
    stoppers.push(() => restock.stop());

    const webConfig: WebConfig = {
      region: LOCAL_REGION,
      userPoolId: LOCAL_USER_POOL_ID,
      userPoolClientId: LOCAL_CLIENT_ID,
      authFlowType: 'USER_PASSWORD_AUTH',
      apiBaseUrl: '',
      productImagesBucket: productImagesBucket.localName,
      marketplaceTimeZone: process.env.MARKETPLACE_TIME_ZONE!,
      // The cloud's comes from the stack setting supportEmail; locally a reserved example address.
      supportEmail: process.env.SUPPORT_EMAIL || 'support@example.com',
      local: { userPoolEndpoint: cognitoEndpoint, s3Endpoint: s3.endpoint },
    };
    const { startApiServer } = await import('./api-server');
    const api = await startApiServer({
      port: ports.api,
      userPoolId: LOCAL_USER_POOL_ID,
      clientId: LOCAL_CLIENT_ID,
      jwksUrl: `${cognitoEndpoint}/${LOCAL_USER_POOL_ID}/.well-known/jwks.json`,
      webConfig,
      renditions: { bucket: productImageRenditions.localName, key: localImageUrlKey(opts.dataDir) },
      log: opts.log,
    });
    stoppers.push(() => api.stop());

    const { seedDemoData } = await import('../demo/seed');
    await seedDemoData({ cognitoEndpoint, userPoolId: LOCAL_USER_POOL_ID, seedToken, log: opts.log });

    let webUrl: string | null = null;
    if (opts.web) {
      process.env.LOCAL_API_URL = apiUrl;
      const { createServer } = await import('vite');
      const vite = await createServer({
        configFile: path.join(repoRoot, 'web/vite.config.ts'),
        server: { host: '127.0.0.1', port: ports.web, strictPort: true },
        logLevel: 'warn',
        clearScreen: false,
      });
      await vite.listen();
      stoppers.push(() => vite.close());
      webUrl = `http://127.0.0.1:${ports.web}`;
    }
    return { ports, dataDir: opts.dataDir, webUrl, apiUrl, cognitoEndpoint, dynamodbEndpoint, s3Endpoint: s3.endpoint, sesEndpoint: ses.endpoint, webConfig, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
