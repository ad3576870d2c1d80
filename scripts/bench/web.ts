/**
 * `npm run bench:web`: builds the web app, prints the gzip KB of the JavaScript a first visitor of '/'
 * downloads and what each route adds to it, then runs Lighthouse (performance, accessibility) in
 * Debian's Chromium on '/' (a first visitor, signed out) and, signed in as the demo vendor, on
 * /dashboard, /orders, /payouts, /products and /inventory, and signed in as the demo ops account (its
 * password and two-step code) on /admin and each console section. The built site is served as CloudFront
 * serves it (gzip, SPA fallback, /config.json) with /api/* passed to a local stack of its own (own
 * ports, data in .local/bench-web/, the demo accounts seeded as `npm start` seeds them), so the
 * signed-in pages render real data. Exits 1 when over budget: the first visit of '/' over 120 KB,
 * any route adding more than 60 KB of JavaScript, a Lighthouse performance score under 0.95 or an
 * accessibility score under 1.00 on any of the pages.
 *
 *   --no-build       measure the existing dist/web
 *   --no-lighthouse  sizes only (no stack, no browser)
 *   --runs N         Lighthouse runs per page (the median performance is reported; default 1)
 *   --only PATHS     Lighthouse on these pages only (comma-separated, e.g. /,/inventory)
 *   --json FILE      also write the results as JSON
 *   --lhr-dir DIR    also write each Lighthouse report (JSON) there, to see what a score is made of
 *   --dist DIR       measure another build of the web app (e.g. main's, for a before/after on one machine); implies --no-build
 */
import { readFileSync, writeFileSync, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import type { LaunchedChrome } from 'chrome-launcher';
import { demoAccounts, demoTotpSecret } from '../demo/accounts';
import type { LocalPorts } from '../local/ports';
import { localCertificate, serveBuiltSite } from './built-site';
import { serveStack, startStackProcess, stopStackProcess } from './stack-process';

const BUDGET_FIRST_VISIT_KB = 120;
/** What navigating to any route may add to the entry's JavaScript (its page chunk, shared chunks, the header layout). */
const BUDGET_ROUTE_KB = 60;
/** The pages Lighthouse scores: '/' as a first visitor sees it, the others signed in as the demo vendor. */
const LIGHTHOUSE_PAGES = [
  { path: '/', signedIn: false },
  { path: '/dashboard', signedIn: true },
  { path: '/orders', signedIn: true },
  { path: '/payouts', signedIn: true },
  { path: '/products', signedIn: true },
  { path: '/inventory', signedIn: true },
  // Issue 24: the ops console, signed in as the demo ops account (password and its two-step code).
  ...['/admin', '/admin/applications', '/admin/vendors', '/admin/reviews', '/admin/support', '/admin/payouts', '/admin/audit'].map((p) => ({ path: p, signedIn: true, ops: true })),
] as { path: string; signedIn: boolean; ops?: boolean }[];
/**
 * Its own ports, so the bench runs beside `npm start`, the test stack and the other benches;
 * BENCH_WEB_PORT_OFFSET moves them all (two checkouts benching on one machine).
 */
const PORT_OFFSET = Number(process.env.BENCH_WEB_PORT_OFFSET ?? 0) || 0;
const PORTS: LocalPorts = { web: 5196 + PORT_OFFSET, api: 8900 + PORT_OFFSET, dynamodb: 8023 + PORT_OFFSET, cognito: 9252 + PORT_OFFSET, s3: 20028 + PORT_OFFSET, ses: 8033 + PORT_OFFSET };
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

const DATA_DIR = path.join(root, '.local', 'bench-web');

const { values: args } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    'no-lighthouse': { type: 'boolean', default: false },
    runs: { type: 'string', default: '1' },
    only: { type: 'string' },
    json: { type: 'string' },
    'lhr-dir': { type: 'string' },
    dist: { type: 'string' },
    serve: { type: 'boolean', default: false },
  },
});

const outDir = args.dist ? path.resolve(args.dist) : path.join(root, 'dist/web');

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
  for (const m of source.matchAll(/const (\w+) = lazy(?:Page)?\(\(\) => import\('([^']+)'\)\)/g)) consts.set(m[1]!, m[2]!);
  const pages = new Map<string, { key: string; header: boolean }>();
  for (const m of source.matchAll(/path: '([^']+)', header: (true|false)[^\n]*?page: (?:lazy(?:Page)?\(\(\) => import\('([^']+)'\)\)|(\w+))/g)) {
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
  console.log(`  ${'route'.padEnd(26)}${'chunk'.padEnd(42)}${'page'.padStart(7)}${'+ new JS'.padStart(10)}${'+ new CSS'.padStart(11)}   (budget + new JS ≤ ${BUDGET_ROUTE_KB} KB)`);
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
    console.log(`  ${route.padEnd(26)}${chunk.file.padEnd(42)}${fmt(gzipBytes(chunk.file))}${fmt(sum(addedJs)).padStart(10)}${fmt(sum(addedCss)).padStart(11)}${row.addedJsKB > BUDGET_ROUTE_KB ? '   ✖ over' : ''}`);
  }
  // Issue 24: the ops console measured like the vendor pages, within the same route budget: each
  // section is a lazy chunk of the console's, so opening one adds the console chunk, the section's
  // chunk and what they import (the /admin/* row above counts the header layout the console does not load).
  const consoleKey = 'src/features/admin/admin-console.tsx';
  if (manifest[consoleKey]) {
    const consoleSource = readFileSync(path.join(webRoot, consoleKey), 'utf8');
    for (const m of consoleSource.matchAll(/const (\w+) = lazy\(\(\) => import\('\.\/([^']+)'\)\)/g)) {
      const key = path.posix.join('src/features/admin', m[2]!) + '.tsx';
      if (!manifest[key] || !key.includes('/admin/')) continue;
      const needed = staticClosure(manifest, consoleKey);
      // The console stands outside the vendor header layout (app.tsx): it brings its own header.
      staticClosure(manifest, key, needed);
      const addedJs = [...jsFiles(manifest, needed)].filter((f) => !jsFiles(manifest, entry).has(f));
      const addedCss = [...cssFiles(manifest, needed)].filter((f) => !cssFiles(manifest, entry).has(f));
      const route = `/admin: ${m[2]!.replace(/^.*\//, '')}`;
      const row = { route, chunk: manifest[key].file, pageKB: kb(gzipBytes(manifest[key].file)), addedJsKB: kb(sum(addedJs)), addedCssKB: kb(sum(addedCss)) };
      routes.push(row);
      console.log(`  ${route.padEnd(26)}${row.chunk.padEnd(42)}${fmt(gzipBytes(row.chunk))}${fmt(sum(addedJs)).padStart(10)}${fmt(sum(addedCss)).padStart(11)}${row.addedJsKB > BUDGET_ROUTE_KB ? '   ✖ over' : ''}`);
    }
  }
  const pageKeys = new Set([...pages.values()].map((p) => p.key));
  const others = Object.entries(manifest).filter(([k, c]) => c.isDynamicEntry && !pageKeys.has(k));
  if (others.length) {
    console.log('\nOther lazy chunks (gzip KB)');
    for (const [k, c] of others) console.log(`  ${k.padEnd(60)}${fmt(gzipBytes(c.file))}`);
  }
  return { firstVisitJsKB: kb(sum(firstVisitJs)), firstVisitCssKB: kb(sum(firstVisitCss)), routes };
}

interface LighthouseResult {
  page: string;
  signedIn: boolean;
  /** Where the page ended up (a guard's redirect would show here). */
  finalUrl: string;
  performance: number;
  accessibility: number;
  metrics: Record<string, string>;
  failedA11y: string[];
}

type Chrome = LaunchedChrome;

/** Signs the demo vendor in through the login page, in the browser Lighthouse drives: its tokens stay in the site's localStorage. */
async function signInDemoVendor(chrome: Chrome, siteUrl: string): Promise<void> {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const context = browser.contexts()[0] ?? (await browser.newContext());
  const page = await context.newPage();
  try {
    const { email, password } = demoAccounts.approved;
    await page.goto(`${siteUrl}/`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${siteUrl}/dashboard`, { timeout: 60_000 });
    await page.getByTestId('dashboard-vendor-id').waitFor({ timeout: 60_000 });
  } finally {
    await page.close();
    // Disconnects (Chromium stays up): a Playwright connection left open attaches to every page after,
    // the ones Lighthouse measures included, and slowed each later run more (every run used to open one).
    await browser.close();
  }
}

/**
 * Signs the demo ops account in through the login page (password, then the two-step code computed from
 * the demo key the local seed gives it, scripts/demo/accounts.ts), after signing the vendor out: the
 * console's pages are measured with the ops session in localStorage.
 */
async function signInDemoOps(chrome: Chrome, siteUrl: string): Promise<void> {
  const { chromium } = await import('playwright-core');
  const { generate } = await import('otplib');
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const context = browser.contexts()[0] ?? (await browser.newContext());
  const page = await context.newPage();
  try {
    const { email, password } = demoAccounts.admin;
    await page.goto(`${siteUrl}/`);
    await page.evaluate(() => localStorage.clear());
    await page.goto(`${siteUrl}/`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByLabel('Authentication code').fill(await generate({ secret: demoTotpSecret(email)! }), { timeout: 60_000 });
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(`${siteUrl}/admin`, { timeout: 60_000 });
    await page.getByTestId('admin-console-title').waitFor({ timeout: 60_000 });
  } finally {
    await page.close();
    await browser.close();
  }
}

async function lighthouseOnce(chrome: Chrome, url: string): Promise<Omit<LighthouseResult, 'page' | 'signedIn'>> {
  const { default: lighthouse } = await import('lighthouse');
  // Lighthouse empties the HTTP cache and the origin's caches, service workers and file systems before each
  // run (its default `clearStorageTypes`), never localStorage, where the signed-in session lives.
  const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'], ...(args['lhr-dir'] ? { additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' } : {}) });
  const lhr = result?.lhr;
  if (!lhr) throw new Error('Lighthouse returned no result');
  if (args['lhr-dir']) {
    mkdirSync(args['lhr-dir'], { recursive: true });
    const name = `${new URL(url).pathname.replace(/\W+/g, '_') || 'root'}-${Date.now()}`;
    writeFileSync(path.join(args['lhr-dir'], `${name}.json`), JSON.stringify(lhr));
    writeFileSync(path.join(args['lhr-dir'], `${name}.trace.json`), JSON.stringify(result.artifacts.Trace));
  }
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const audit = (id: string) => lhr.audits[id]?.displayValue ?? 'n/a';
  return {
    finalUrl: lhr.finalDisplayedUrl,
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
  };
}

/** Lighthouse on each page, `runs` times each (median performance), '/' before signing in. */
async function runLighthouse(siteUrl: string, spki: string, pages: typeof LIGHTHOUSE_PAGES, runs: number): Promise<LighthouseResult[]> {
  if (!existsSync(CHROME_PATH)) throw new Error(`Chromium not found at ${CHROME_PATH} (npm run setup:system installs it)`);
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: [...CHROME_FLAGS, `--ignore-certificate-errors-spki-list=${spki}`], logLevel: 'error' });
  const stop = () => chrome.kill();
  const onSignal = () => {
    stop();
    process.exit(130);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    const results: LighthouseResult[] = [];
    let signedIn = false;
    let ops = false;
    for (const page of [...pages].sort((a, b) => Number(a.signedIn) - Number(b.signedIn) || Number(a.ops ?? false) - Number(b.ops ?? false))) {
      if (page.ops) {
        if (!ops) {
          console.log(`  signing ${demoAccounts.admin.email} in through the login page (with its two-step code)…`);
          await signInDemoOps(chrome, siteUrl);
          ops = true;
        }
      } else if (page.signedIn && !signedIn) {
        console.log(`  signing ${demoAccounts.approved.email} in through the login page…`);
        await signInDemoVendor(chrome, siteUrl);
        signedIn = true;
      }
      const samples = [];
      for (let i = 0; i < runs; i++) samples.push(await lighthouseOnce(chrome, `${siteUrl}${page.path}`));
      samples.sort((a, b) => a.performance - b.performance);
      const r: LighthouseResult = { page: page.path, signedIn: page.signedIn, ...samples[Math.floor(samples.length / 2)]! };
      results.push(r);
      const where = new URL(r.finalUrl).pathname;
      console.log(
        `  ${page.path.padEnd(12)}${(page.signedIn ? 'signed in' : 'signed out').padEnd(12)}performance ${r.performance.toFixed(2)}   accessibility ${r.accessibility.toFixed(2)}   ${Object.entries(r.metrics).map(([k, v]) => `${k} ${v}`).join(' · ')}${where !== page.path ? `   (ended at ${where})` : ''}`,
      );
      for (const a of r.failedA11y) console.log(`      ✖ ${a}`);
    }
    return results;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await stop();
  }
}

async function main(): Promise<number> {
  if (!args['no-build'] && !args.dist) {
    const { build } = await import('vite');
    console.log('Building web/ (vite build)…');
    await build({ configFile: path.join(webRoot, 'vite.config.ts'), logLevel: 'warn' });
  }
  const manifestPath = path.join(outDir, '.vite/manifest.json');
  if (!existsSync(manifestPath)) throw new Error(`${manifestPath} is missing: build first`);
  const sizes = measure(JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest);

  const failures: string[] = [];
  if (sizes.firstVisitJsKB > BUDGET_FIRST_VISIT_KB) failures.push(`first visit of / downloads ${sizes.firstVisitJsKB.toFixed(1)} KB of JavaScript (budget ${BUDGET_FIRST_VISIT_KB} KB)`);
  for (const r of sizes.routes) if (r.addedJsKB > BUDGET_ROUTE_KB) failures.push(`${r.route} adds ${r.addedJsKB.toFixed(1)} KB of JavaScript (budget ${BUDGET_ROUTE_KB} KB)`);

  let lighthouseResults: LighthouseResult[] | undefined;
  if (!args['no-lighthouse']) {
    const only = args.only?.split(',').map((p) => p.trim());
    const pages = only ? LIGHTHOUSE_PAGES.filter((p) => only.includes(p.path)) : LIGHTHOUSE_PAGES;
    if (only && pages.length !== only.length) throw new Error(`--only: Lighthouse pages are ${LIGHTHOUSE_PAGES.map((p) => p.path).join(', ')}`);
    const started = Date.now();
    console.log(`\nStarting the bench stack for the API (data in ${path.relative(root, DATA_DIR)}/, API on 127.0.0.1:${PORTS.api})…`);
    const { child, ready } = startStackProcess(path.join(root, 'scripts/bench/web.ts'));
    try {
      const stack = await ready;
      console.log(`  ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      const certificate = await localCertificate();
      const site = await serveBuiltSite({ dir: outDir, config: stack.webConfig, apiUrl: stack.apiUrl, tls: certificate });
      try {
        console.log(`\nLighthouse (default mobile profile, simulated throttling, empty HTTP cache) on ${site.url}`);
        lighthouseResults = await runLighthouse(site.url, certificate.spki, pages, Math.max(1, Number(args.runs) || 1));
      } finally {
        await site.close();
      }
    } finally {
      await stopStackProcess(child);
    }
    for (const r of lighthouseResults) {
      if (r.performance < MIN_PERFORMANCE) failures.push(`${r.page}: Lighthouse performance ${r.performance.toFixed(2)} < ${MIN_PERFORMANCE}`);
      if (r.accessibility < MIN_ACCESSIBILITY) failures.push(`${r.page}: Lighthouse accessibility ${r.accessibility.toFixed(2)} < ${MIN_ACCESSIBILITY}`);
      if (r.signedIn && new URL(r.finalUrl).pathname !== r.page) failures.push(`${r.page}: ended at ${new URL(r.finalUrl).pathname}, not signed in?`);
    }
  }

  if (args.json) writeFileSync(args.json, JSON.stringify({ ...sizes, budgetRouteKB: BUDGET_ROUTE_KB, lighthouse: lighthouseResults, failures }, null, 2));
  console.log(failures.length ? `\n✖ Over budget:\n${failures.map((f) => `  - ${f}`).join('\n')}` : '\n✔ Within budget.');
  return failures.length ? 1 : 0;
}

// Last, so every declaration above is initialised before the top-level await runs.
if (args.serve) await serveStack(PORTS, DATA_DIR);
else
  await main().then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
