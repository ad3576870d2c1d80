/**
 * `npm run bench:web`: builds the web app, prints the gzip KB of the JavaScript a first visitor of '/'
 * downloads and of each route chunk, then runs Lighthouse (performance, accessibility) against '/' of
 * the built site in Debian's Chromium. Exits 1 when over budget.
 *
 *   --no-build       measure the existing dist/web
 *   --no-lighthouse  sizes only
 *   --runs N         Lighthouse runs (median performance is reported; default 1)
 *   --json FILE      also write the results as JSON
 */
import { readFileSync, writeFileSync, existsSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import type { WebConfig } from '../../lib/definitions/web-config';

const BUDGET_FIRST_VISIT_KB = 150;
const MIN_PERFORMANCE = 0.95;
const MIN_ACCESSIBILITY = 1;
const CHROME_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const root = path.resolve(import.meta.dirname, '../..');
const webRoot = path.join(root, 'web');
const outDir = path.join(root, 'dist/web');

const { values: args } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    'no-lighthouse': { type: 'boolean', default: false },
    runs: { type: 'string', default: '1' },
    json: { type: 'string' },
  },
});

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const gzipCache = new Map<string, number>();
/** gzip size in bytes at zlib's default level (what a CDN typically serves; a little above -9). */
function gzipBytes(file: string): number {
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(path.join(outDir, file))).length;
    gzipCache.set(file, size);
  }
  return size;
}
const kb = (bytes: number) => bytes / 1024;
const fmt = (bytes: number) => kb(bytes).toFixed(1).padStart(7);

/** A chunk and everything it imports statically: what the browser must fetch before running it. */
function staticClosure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key)) return into;
  into.add(key);
  for (const dep of manifest[key]?.imports ?? []) staticClosure(manifest, dep, into);
  return into;
}

const jsFiles = (manifest: Manifest, keys: Iterable<string>) => new Set([...keys].map((k) => manifest[k]!.file));
const cssFiles = (manifest: Manifest, keys: Iterable<string>) => new Set([...keys].flatMap((k) => manifest[k]!.css ?? []));
const sum = (files: Iterable<string>) => [...files].reduce((n, f) => n + gzipBytes(f), 0);

/** Route path → page module and whether it shows the header, read from the route table (web/src/app/routes.tsx). */
function routePages(): Map<string, { key: string; header: boolean }> {
  const source = readFileSync(path.join(webRoot, 'src/app/routes.tsx'), 'utf8');
  const consts = new Map<string, string>();
  for (const m of source.matchAll(/const (\w+) = lazy\(\(\) => import\('([^']+)'\)\)/g)) consts.set(m[1]!, m[2]!);
  const pages = new Map<string, { key: string; header: boolean }>();
  for (const m of source.matchAll(/path: '([^']+)', header: (true|false)[^\n]*?page: (?:lazy\(\(\) => import\('([^']+)'\)\)|(\w+))/g)) {
    const spec = m[3] ?? consts.get(m[4] ?? '');
    if (spec) pages.set(m[1]!, { key: path.posix.join('src/app', spec) + '.tsx', header: m[2] === 'true' });
  }
  return pages;
}

function measure(manifest: Manifest) {
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!entryKey) throw new Error('No entry in the Vite manifest');
  const entry = staticClosure(manifest, entryKey);
  const pages = routePages();
  const loginKey = pages.get('/')?.key;
  if (!loginKey || !manifest[loginKey]) throw new Error(`The login route's chunk (${loginKey}) is not in the manifest`);
  const login = staticClosure(manifest, loginKey);
  const firstVisit = new Set([...entry, ...login]);

  const firstVisitJs = jsFiles(manifest, firstVisit);
  const firstVisitCss = cssFiles(manifest, firstVisit);
  const layoutKey = Object.keys(manifest).find((k) => k.endsWith('app/shell/header-layout.tsx'));

  console.log('\nFirst visit of / (gzip KB)');
  console.log(`  ${'entry + its static imports'.padEnd(44)}${fmt(sum(jsFiles(manifest, entry)))}`);
  const loginOnly = [...jsFiles(manifest, login)].filter((f) => !jsFiles(manifest, entry).has(f));
  console.log(`  ${'+ login route chunk and its imports'.padEnd(44)}${fmt(sum(loginOnly))}`);
  console.log(`  ${'= JavaScript'.padEnd(44)}${fmt(sum(firstVisitJs))}   budget ${BUDGET_FIRST_VISIT_KB} KB`);
  console.log(`  ${'CSS (separately)'.padEnd(44)}${fmt(sum(firstVisitCss))}`);
  for (const f of [...firstVisitJs, ...firstVisitCss].sort((a, b) => gzipBytes(b) - gzipBytes(a))) console.log(`      ${f.padEnd(48)}${fmt(gzipBytes(f))}`);

  console.log('\nRoute chunks (gzip KB): the page chunk itself, and what navigating there adds to the entry');
  console.log(`  ${'route'.padEnd(20)}${'chunk'.padEnd(40)}${'page'.padStart(7)}${'+ new JS'.padStart(10)}${'+ new CSS'.padStart(11)}`);
  const routes: { route: string; chunk: string; pageKB: number; addedJsKB: number; addedCssKB: number }[] = [];
  for (const [route, { key, header }] of pages) {
    const chunk = manifest[key];
    if (!chunk) continue;
    const needed = staticClosure(manifest, key);
    // Routes with the header also need the (lazy) header layout.
    if (header && layoutKey) staticClosure(manifest, layoutKey, needed);
    const addedJs = [...jsFiles(manifest, needed)].filter((f) => !jsFiles(manifest, entry).has(f));
    const addedCss = [...cssFiles(manifest, needed)].filter((f) => !cssFiles(manifest, entry).has(f));
    const row = { route, chunk: chunk.file, pageKB: kb(gzipBytes(chunk.file)), addedJsKB: kb(sum(addedJs)), addedCssKB: kb(sum(addedCss)) };
    routes.push(row);
    console.log(`  ${route.padEnd(20)}${chunk.file.padEnd(40)}${fmt(gzipBytes(chunk.file))}${fmt(sum(addedJs)).padStart(10)}${fmt(sum(addedCss)).padStart(11)}`);
  }
  const pageKeys = new Set([...pages.values()].map((p) => p.key));
  const others = Object.entries(manifest).filter(([k, c]) => c.isDynamicEntry && !pageKeys.has(k));
  if (others.length) {
    console.log('\nOther lazy chunks (gzip KB)');
    for (const [k, c] of others) console.log(`  ${k.padEnd(60)}${fmt(gzipBytes(c.file))}`);
  }
  return { firstVisitJsKB: kb(sum(firstVisitJs)), firstVisitCssKB: kb(sum(firstVisitCss)), routes };
}

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
};

/** A static server for dist/web as CloudFront serves it: gzip, immutable assets, SPA fallback, a /config.json. */
function serveSite(): Promise<{ url: string; close(): Promise<void> }> {
  const config: WebConfig = {
    region: 'us-east-1',
    userPoolId: 'us-east-1_Bench0000',
    userPoolClientId: 'benchclient000000000000000',
    authFlowType: 'USER_SRP_AUTH',
    marketplaceTimeZone: 'America/Los_Angeles',
    apiBaseUrl: '',
    productImagesBucket: 'bench-product-images',
  };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    let status = 200;
    let body: Buffer;
    let type: string;
    let cache = 'no-cache';
    if (url.pathname === '/config.json') {
      body = Buffer.from(JSON.stringify(config));
      type = MIME['.json']!;
    } else if (url.pathname.startsWith('/api/')) {
      status = 401;
      body = Buffer.from(JSON.stringify({ error: 'unauthorized', message: 'Unauthorized' }));
      type = MIME['.json']!;
    } else {
      let file = path.join(outDir, path.normalize(url.pathname).replace(/^(\.\.[/\\])+/, ''));
      if (!file.startsWith(outDir) || !existsSync(file) || statSync(file).isDirectory()) file = path.join(outDir, 'index.html');
      body = readFileSync(file);
      type = MIME[path.extname(file)] ?? 'application/octet-stream';
      if (url.pathname.startsWith('/assets/')) cache = 'public, max-age=31536000, immutable';
    }
    const headers: Record<string, string> = { 'content-type': type, 'cache-control': cache };
    if (/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? '')) && body.length > 512) {
      body = gzipSync(body);
      headers['content-encoding'] = 'gzip';
      headers.vary = 'accept-encoding';
    }
    res.writeHead(status, headers);
    res.end(body);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(() => r())) });
    });
  });
}

interface LighthouseResult {
  performance: number;
  accessibility: number;
  metrics: Record<string, string>;
  failedA11y: string[];
}

async function runLighthouse(url: string, runs: number): Promise<LighthouseResult> {
  if (!existsSync(CHROME_PATH)) throw new Error(`Chromium not found at ${CHROME_PATH} (npm run setup:system installs it)`);
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, logLevel: 'error' });
  const stop = () => chrome.kill();
  const onSignal = () => {
    stop();
    process.exit(130);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    const results: LighthouseResult[] = [];
    for (let i = 0; i < runs; i++) {
      const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] });
      const lhr = result?.lhr;
      if (!lhr) throw new Error('Lighthouse returned no result');
      if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      const audit = (id: string) => lhr.audits[id]?.displayValue ?? 'n/a';
      results.push({
        performance: lhr.categories.performance?.score ?? 0,
        accessibility: lhr.categories.accessibility?.score ?? 0,
        metrics: {
          FCP: audit('first-contentful-paint'),
          LCP: audit('largest-contentful-paint'),
          TBT: audit('total-blocking-time'),
          CLS: audit('cumulative-layout-shift'),
          SI: audit('speed-index'),
        },
        failedA11y: (lhr.categories.accessibility?.auditRefs ?? [])
          .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
          .map((ref) => `${ref.id}: ${lhr.audits[ref.id]?.title ?? ''}`),
      });
    }
    results.sort((a, b) => a.performance - b.performance);
    return results[Math.floor(results.length / 2)]!;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await stop();
  }
}

async function main(): Promise<number> {
  if (!args['no-build']) {
    const { build } = await import('vite');
    console.log('Building web/ (vite build)…');
    await build({ configFile: path.join(webRoot, 'vite.config.ts'), logLevel: 'warn' });
  }
  const manifestPath = path.join(outDir, '.vite/manifest.json');
  if (!existsSync(manifestPath)) throw new Error(`${manifestPath} is missing: build first`);
  const sizes = measure(JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest);

  const failures: string[] = [];
  if (sizes.firstVisitJsKB > BUDGET_FIRST_VISIT_KB) failures.push(`first visit of / downloads ${sizes.firstVisitJsKB.toFixed(1)} KB of JavaScript (budget ${BUDGET_FIRST_VISIT_KB} KB)`);

  let lighthouseResult: LighthouseResult | undefined;
  if (!args['no-lighthouse']) {
    const site = await serveSite();
    try {
      console.log(`\nLighthouse (default mobile profile, simulated throttling) on ${site.url}/ …`);
      lighthouseResult = await runLighthouse(`${site.url}/`, Math.max(1, Number(args.runs) || 1));
    } finally {
      await site.close();
    }
    const { performance, accessibility, metrics, failedA11y } = lighthouseResult;
    console.log(`  performance    ${performance.toFixed(2)}   (min ${MIN_PERFORMANCE.toFixed(2)})   ${Object.entries(metrics).map(([k, v]) => `${k} ${v}`).join(' · ')}`);
    console.log(`  accessibility  ${accessibility.toFixed(2)}   (min ${MIN_ACCESSIBILITY.toFixed(2)})`);
    for (const a of failedA11y) console.log(`    ✖ ${a}`);
    if (performance < MIN_PERFORMANCE) failures.push(`Lighthouse performance ${performance.toFixed(2)} < ${MIN_PERFORMANCE}`);
    if (accessibility < MIN_ACCESSIBILITY) failures.push(`Lighthouse accessibility ${accessibility.toFixed(2)} < ${MIN_ACCESSIBILITY}`);
  }

  if (args.json) writeFileSync(args.json, JSON.stringify({ ...sizes, lighthouse: lighthouseResult, failures }, null, 2));
  console.log(failures.length ? `\n✖ Over budget:\n${failures.map((f) => `  - ${f}`).join('\n')}` : '\n✔ Within budget.');
  return failures.length ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
