/**
 * `npm run bench:image-bytes` (issue 23): how many bytes a browser transfers to show the first page of
 * /products and of /inventory when every product has a real photo — the figure behind the S3 egress
 * line of the cost model (docs/infra.md). Starts a local stack of its own (own ports, data in
 * `.local/bench-image-bytes/`, wiped at every run so each image goes through today's image check),
 * signs a bench vendor up, uploads 25 photo-like JPEGs (3,000 × 3,000 px, q 90, sensor grain: ~2.8 MB
 * each, what a phone gives; rendered once into `.local/bench-images/`) through s3rver, so the same
 * image check as in the cloud sees them, and creates and approves one published product per photo
 * through the same domain functions the products API and the review run. Then Debian's Chromium
 * (1280 × 900, signed in through the login page, HTTP cache disabled) opens each page, scrolls the
 * table to its end so every lazy image loads, and counts what the network delivered (CDP
 * `encodedDataLength`: bytes on the wire, headers included), images apart. Three runs per page; the
 * median is printed with the load average beside each run.
 *
 * The built site is served as CloudFront serves it (scripts/bench/built-site.ts: /api/* and
 * /renditions/* to the stack, the rest from dist/web).
 *
 *   --no-build   measure the existing dist/web
 *   --runs N     runs per page (default 3)
 *   --json FILE  also write the results as JSON
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Browser, BrowserContext } from 'playwright-core';
import { AdminAddUserToGroupCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { GROUPS } from '../../contracts/auth';
import { localIdentityId, productImageKey, productImagesBucket } from '../../contracts/buckets';
import { productSubmitSchema, type ProductFormValues } from '../../contracts/listings/schema';
import { LOCAL_REGION, localCognitoCredentials } from '../local/cognito';
import type { LocalPorts } from '../local/ports';
import { ean13 } from '../demo/products';
import { nutritionLabelPng } from '../demo/images';
import { ensureUser } from '../demo/seed';
import { IMAGE_CACHE, renderImage } from './images/generate';
import { TWELVE_MEGAPIXEL, type BenchImage } from './images/set';
import { serveBuiltSite } from './built-site';
import { serveStack, startStackProcess, stopStackProcess, type BenchStack } from './stack-process';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const root = path.resolve(import.meta.dirname, '../..');
const webRoot = path.join(root, 'web');
const DATA_DIR = path.join(root, '.local', 'bench-image-bytes');
const PORT_OFFSET = Number(process.env.BENCH_IMAGE_BYTES_PORT_OFFSET ?? 0) || 0;
/** Its own ports, so the bench runs beside `npm start`, the test stack and the other benches. */
const PORTS: LocalPorts = { web: 5199 + PORT_OFFSET, api: 8903 + PORT_OFFSET, dynamodb: 8026 + PORT_OFFSET, cognito: 9255 + PORT_OFFSET, s3: 20031 + PORT_OFFSET, ses: 8036 + PORT_OFFSET };
const CHROME_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** One page of both lists (lambdas/listings/inventory.ts PAGE_SIZE_DEFAULT). */
const PRODUCTS = 25;
const PHOTO_SIDE = 3000;
const VENDOR = { email: 'bench.photos@example.com', password: 'Bench!Vendor2026', vendorId: 'V-90010', vendorName: 'Bench Photo Grocer' };
const PAGES = [
  { path: '/products', row: '[data-testid="product-name"]' },
  { path: '/inventory', row: '[data-testid="inventory-row"]' },
] as const;

const { values: args } = parseArgs({
  options: {
    serve: { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
    runs: { type: 'string', default: '3' },
    json: { type: 'string' },
  },
});

/** A phone-like product photo: the 12-MP timing image of bench:images, square, with its grain (a photo's entropy, so a photo's file size). */
const BASE_PHOTO: BenchImage = {
  ...TWELVE_MEGAPIXEL,
  file: `photo-${PHOTO_SIDE}.jpg`,
  width: PHOTO_SIDE,
  height: PHOTO_SIDE,
  product: { ...TWELVE_MEGAPIXEL.product, x: PHOTO_SIDE * 0.06, y: PHOTO_SIDE * 0.06, width: PHOTO_SIDE * 0.88, height: PHOTO_SIDE * 0.88 },
  labels: { square: true, white_background: true, fill: true },
};

/**
 * The 25 photos: the base photo rendered once (slow: its grain is drawn pixel by pixel), then each a
 * different hue of it re-encoded at the same quality, so no two products share bytes or a URL.
 */
async function ensurePhotos(): Promise<string[]> {
  const { default: sharp } = await import('sharp');
  mkdirSync(IMAGE_CACHE, { recursive: true });
  const basePath = path.join(IMAGE_CACHE, BASE_PHOTO.file);
  if (!existsSync(basePath)) {
    console.log(`  rendering the base photo (${PHOTO_SIDE} × ${PHOTO_SIDE}) once into ${path.relative(root, IMAGE_CACHE)}/…`);
    writeFileSync(basePath, await renderImage(BASE_PHOTO));
  }
  const paths: string[] = [];
  for (let i = 0; i < PRODUCTS; i += 1) {
    const file = path.join(IMAGE_CACHE, `photo-${PHOTO_SIDE}-${i}.jpg`);
    if (!existsSync(file)) writeFileSync(file, await sharp(basePath).modulate({ hue: i * 14 }).jpeg({ quality: BASE_PHOTO.quality }).toBuffer());
    paths.push(file);
  }
  return paths;
}

const base = { weightUnit: 'g', volume: '', volumeUnit: 'ml', length: '', width: '', height: '', dimensionUnit: 'cm', hasAllergens: 'no', allergens: [] } satisfies Partial<ProductFormValues>;

/** The bench vendor, its 25 published products, each with one photo and a nutrition label checked by the image check. */
async function seed(stack: BenchStack): Promise<{ photoBytes: number[] }> {
  const { useLocalLambdaEnv } = await import('../local/stack');
  useLocalLambdaEnv(PORTS, DATA_DIR, { LOG_LEVEL: 'ERROR' });
  const { s3Client } = await import('../../lambdas/shared/s3');
  const { dynamo } = await import('../../lambdas/shared/clients');
  const { PutCommand } = await import('@aws-sdk/lib-dynamodb');
  const { tableName } = await import('../../lambdas/shared/tables');
  const { createProduct } = await import('../../lambdas/listings/product-actions');
  const { reviewProduct } = await import('../../lambdas/listings/review');
  const { getCheck } = await import('../../lambdas/images/store');

  const cognito = new CognitoIdentityProviderClient({ endpoint: stack.cognitoEndpoint, region: LOCAL_REGION, credentials: localCognitoCredentials(stack.seedToken) });
  const userId = await ensureUser(cognito, stack.webConfig.userPoolId, { email: VENDOR.email, password: VENDOR.password, vendor: { vendorName: VENDOR.vendorName, status: 'approved' } });
  await cognito.send(new AdminAddUserToGroupCommand({ UserPoolId: stack.webConfig.userPoolId, Username: VENDOR.email, GroupName: GROUPS.vendors.name }));
  cognito.destroy();
  const now = new Date().toISOString();
  await dynamo.send(
    new PutCommand({
      TableName: tableName('vendors'),
      Item: { userId, email: VENDOR.email, status: 'approved', vendorId: VENDOR.vendorId, vendorName: VENDOR.vendorName, language: 'en', createdAt: now, updatedAt: now },
    }),
  );

  const photos = await ensurePhotos();
  const identityId = localIdentityId(LOCAL_REGION, userId);
  const s3 = s3Client();
  const put = async (folder: string, body: Buffer, ext: 'jpg' | 'png') => {
    const key = productImageKey(identityId, folder, randomUUID(), ext);
    await s3.send(new PutObjectCommand({ Bucket: productImagesBucket.localName, Key: key, Body: body, ContentType: ext === 'jpg' ? 'image/jpeg' : 'image/png' }));
    return key;
  };
  /** The image check runs on s3rver's event, as in the cloud: wait until it has said yes (a 3-MB photo takes a while on a busy machine). */
  const checked = async (key: string) => {
    const deadline = Date.now() + 180_000;
    for (;;) {
      const check = await getCheck(key);
      if (check?.status === 'valid') return;
      if (check?.status === 'rejected') throw new Error(`bench image ${key} was rejected: ${check.reason}`);
      if (Date.now() > deadline) throw new Error(`bench image ${key} was not checked within 180 s`);
      await new Promise((r) => setTimeout(r, 200));
    }
  };
  const label = nutritionLabelPng();
  const photoBytes: number[] = [];
  const reviewer = { userId: 'bench:image-bytes', email: 'bench:image-bytes' };
  for (const [i, file] of photos.entries()) {
    const body = readFileSync(file);
    photoBytes.push(body.length);
    const folder = randomUUID();
    const [image, nutritionLabel] = await Promise.all([put(folder, body, 'jpg'), put(folder, label, 'png')]);
    await Promise.all([checked(image), checked(nutritionLabel)]);
    const n = String(i + 1).padStart(2, '0');
    const values: ProductFormValues = {
      ...base,
      nameEn: `Bench Photo Product ${n}`,
      nameZh: `測試商品 ${n}`,
      barcode: ean13(`4719000000${n}`),
      productType: 'snacks',
      unitOfMeasure: 'box',
      unitQuantity: '1',
      description: 'A product with a phone-sized photo, for the image-bytes bench.',
      ingredients: 'Rice, sugar.',
      countryOfOrigin: 'TW',
      price: '9.99',
      compareAtPrice: '',
      weight: '200',
      images: [image],
      nutritionLabel,
    };
    const created = await createProduct(VENDOR.vendorId, identityId, productSubmitSchema.parse(values), true);
    await reviewProduct({ productId: created.productId, decision: 'approve', reasons: [] }, reviewer);
    process.stdout.write(`\r  ${i + 1} / ${PRODUCTS} products with a photo`);
  }
  process.stdout.write('\n');
  return { photoBytes };
}

interface Sample {
  imageBytes: number;
  imageRequests: number;
  allBytes: number;
  allRequests: number;
  /** Where the images came from (host and first path segment): the S3 stand-in, or /renditions. */
  imageOrigins: string[];
  load1: number;
}


async function signIn(context: BrowserContext, siteUrl: string): Promise<void> {
  const page = await context.newPage();
  try {
    await page.goto(`${siteUrl}/`);
    await page.getByLabel('Email').fill(VENDOR.email);
    await page.getByLabel('Password', { exact: true }).fill(VENDOR.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${siteUrl}/dashboard`, { timeout: 60_000 });
  } finally {
    await page.close();
  }
}

/** One visit of `pagePath` with an empty, disabled HTTP cache: every row's image loaded, what the network delivered counted. */
async function visit(context: BrowserContext, siteUrl: string, pagePath: string, rowSelector: string): Promise<Sample> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const requests = new Map<string, { type: string; url: string }>();
  const finished = new Map<string, number>();
  cdp.on('Network.requestWillBeSent', (e: { requestId: string; type?: string; request: { url: string } }) => requests.set(e.requestId, { type: e.type ?? 'Other', url: e.request.url }));
  cdp.on('Network.loadingFinished', (e: { requestId: string; encodedDataLength: number }) => finished.set(e.requestId, e.encodedDataLength));
  await cdp.send('Network.enable');
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const load1 = loadavg()[0]!;
  try {
    await page.goto(`${siteUrl}${pagePath}`);
    await page.locator(rowSelector).nth(PRODUCTS - 1).waitFor({ timeout: 60_000 });
    // Lazy images load as they come near the viewport: scroll to the table's end, a screen at a time.
    await page.evaluate(async () => {
      for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
        window.scrollTo(0, y);
        await new Promise((r) => requestAnimationFrame(() => r(null)));
      }
      window.scrollTo(0, document.documentElement.scrollHeight);
    });
    await page.waitForFunction(() => [...document.querySelectorAll('main img')].every((img) => (img as HTMLImageElement).complete), null, { timeout: 120_000 });
    // Every request the page started has finished (or failed: then it is not counted).
    await page.waitForFunction(() => performance.getEntriesByType('resource').every((e) => (e as PerformanceResourceTiming).responseEnd > 0), null, { timeout: 60_000 });
  } finally {
    await page.close();
  }
  const sample: Sample = { imageBytes: 0, imageRequests: 0, allBytes: 0, allRequests: 0, imageOrigins: [], load1 };
  const origins = new Set<string>();
  for (const [id, bytes] of finished) {
    const request = requests.get(id);
    if (!request) continue;
    sample.allBytes += bytes;
    sample.allRequests += 1;
    if (request.type === 'Image' && !request.url.startsWith('data:')) {
      sample.imageBytes += bytes;
      sample.imageRequests += 1;
      const url = new URL(request.url);
      origins.add(`${url.host}/${url.pathname.split('/')[1] ?? ''}`);
    }
  }
  sample.imageOrigins = [...origins];
  return sample;
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main(): Promise<number> {
  const runs = Math.max(1, Number(args.runs) || 3);
  if (!args['no-build']) {
    const { build } = await import('vite');
    console.log('Building web/ (vite build)…');
    await build({ configFile: path.join(webRoot, 'vite.config.ts'), logLevel: 'warn' });
  }
  const outDir = path.join(root, 'dist/web');
  if (!existsSync(path.join(outDir, 'index.html'))) throw new Error(`${outDir} has no index.html: build first`);

  // A fresh stack every run: each photo is checked (and its renditions written) by the code being measured.
  rmSync(DATA_DIR, { recursive: true, force: true });
  console.log(`Starting the bench stack (data in ${path.relative(root, DATA_DIR)}/, API on 127.0.0.1:${PORTS.api})…`);
  const { child, ready } = startStackProcess(path.join(root, 'scripts/bench/image-bytes.ts'));
  const interrupt = () => void stopStackProcess(child).then(() => process.exit(130));
  process.once('SIGINT', interrupt);
  let browser: Browser | undefined;
  try {
    const stack = await ready;
    console.log(`Seeding ${VENDOR.email}: ${PRODUCTS} published products, each with one ${PHOTO_SIDE}-px photo…`);
    const { photoBytes } = await seed(stack);
    const site = await serveBuiltSite({ dir: outDir, config: stack.webConfig, apiUrl: stack.apiUrl });
    try {
      const { chromium } = await import('playwright-core');
      browser = await chromium.launch({ executablePath: CHROME_PATH, args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking'] });
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1 });
      await signIn(context, site.url);
      const originals = photoBytes.reduce((a, b) => a + b, 0);
      console.log(`\nBytes transferred for the first page (${PRODUCTS} rows), HTTP cache disabled; the ${PRODUCTS} originals total ${kb(originals)} KB (mean ${kb(originals / PRODUCTS)} KB)`);
      const results: { page: string; samples: Sample[]; median: { imageBytes: number; allBytes: number } }[] = [];
      for (const p of PAGES) {
        const samples: Sample[] = [];
        for (let i = 0; i < runs; i += 1) {
          const s = await visit(context, site.url, p.path, p.row);
          samples.push(s);
          console.log(`  ${p.path.padEnd(11)} run ${i + 1}: images ${kb(s.imageBytes).padStart(9)} KB in ${String(s.imageRequests).padStart(2)} requests · everything ${kb(s.allBytes).padStart(9)} KB in ${s.allRequests} requests · load ${s.load1.toFixed(2)} · images from ${s.imageOrigins.join(', ')}`);
        }
        const m = { imageBytes: median(samples.map((s) => s.imageBytes)), allBytes: median(samples.map((s) => s.allBytes)) };
        results.push({ page: p.path, samples, median: m });
        console.log(`  ${p.path.padEnd(11)} median: images ${kb(m.imageBytes)} KB, everything ${kb(m.allBytes)} KB (load averages ${samples.map((s) => s.load1.toFixed(2)).join(', ')})`);
      }
      if (args.json) writeFileSync(args.json, `${JSON.stringify({ products: PRODUCTS, photoSide: PHOTO_SIDE, originalsBytes: originals, runs, results }, null, 2)}\n`);
    } finally {
      await site.close();
    }
    return 0;
  } finally {
    await browser?.close();
    await stopStackProcess(child);
    process.off('SIGINT', interrupt);
  }
}

// Last, so every declaration above is initialised before the top-level await runs.
if (args.serve) await serveStack(PORTS, DATA_DIR);
else
  await main().then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err instanceof Error ? (err.stack ?? err.message) : err);
      process.exit(1);
    },
  );
