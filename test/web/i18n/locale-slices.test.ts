import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { ALLERGENS } from '../../../contracts/listings/schema';
import en from '../../../web/src/i18n/en.json';
import { productValueKey } from '../../../web/src/lib/product-labels';
import viteConfig, { localeKeysUsed } from '../../../web/vite.config';

/**
 * Issue 24, item 27: each module of the web app brings the en.json texts its source names (the build's
 * `localeSlices`, web/vite.config.ts), so the entry carries the signed-out pages' texts and a signed-in
 * page's texts come with its chunk. These check the scan (a text it misses would show its key until
 * i18n.ts's safety net fetched all of en.json), that the entry's texts stay those of the entry's own
 * modules, and, in this project (which runs with the plugin), that a module's texts arrive with it.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const keys = Object.keys(en);
const texts = en as Record<string, string>;
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const sources = (dir: string) =>
  readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .map((f) => path.join(dir, f))
    .filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.d.ts'));
/** What the plugin slices: web/src and contracts/ (strings.ts, the receiver, names none). */
const sliced = [...sources('web/src'), ...sources('contracts')];
const keysOf = (file: string) => localeKeysUsed(read(file), keys);

/** Static value imports of a module (not `import type`, not `import()`), resolved to files. */
function staticImports(file: string): string[] {
  const source = read(file);
  const specifiers = [
    ...[...source.matchAll(/^\s*(?:import|export)\s+(type\s+)?[^'";]*?\s*from\s*['"]([^'"]+)['"]/gm)].filter((m) => !m[1]).map((m) => m[2]!),
    ...[...source.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm)].map((m) => m[1]!),
  ];
  return specifiers
    .filter((s) => s.startsWith('.'))
    .map((s) => path.join(path.dirname(file), s))
    .map((base) => [base, `${base}.ts`, `${base}.tsx`].find((c) => /\.(tsx?|json)$/.test(c) && existsSync(path.join(root, c))))
    .filter((f): f is string => f !== undefined);
}

/** main.tsx and every module its static imports reach: what the first visit of any page runs. */
function entryGraph(): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    if (/\.tsx?$/.test(file)) staticImports(file).forEach(visit);
  };
  visit('web/src/main.tsx');
  return [...seen];
}

describe('localeKeysUsed', () => {
  const some = ['sign_in', 'sign_in_title', 'payout_status_paid', 'payout_status_failed', 'unit_box', 'unit_kg', 'notifications.order_placed.title', 'items_one', 'items_other', 'cancel'];

  it('finds quoted keys, the keys a quoted prefix begins, the keys a template makes and plural forms', () => {
    expect(localeKeysUsed(`t('sign_in'); <Trans i18nKey="cancel" />`, some)).toEqual(['cancel', 'sign_in']);
    expect(localeKeysUsed(`const PREFIX = { unitOfMeasure: 'unit_' };`, some)).toEqual(['unit_box', 'unit_kg']);
    expect(localeKeysUsed('t(`payout_status_${p.status}`); t(`notifications.${type}.title`)', some)).toEqual(['notifications.order_placed.title', 'payout_status_failed', 'payout_status_paid']);
    expect(localeKeysUsed(`t('items', { count })`, some)).toEqual(['items_one', 'items_other']);
    // A template inside another's placeholder (the payout summary's method name, which the first scan missed).
    expect(localeKeysUsed('const shown = `${t(`payout_status_${p.status}`)}: ${p.destination ?? ""}`;', some)).toEqual(['payout_status_failed', 'payout_status_paid']);
  });

  it('does not take a template without letters around its placeholders for every key', () => {
    expect(localeKeysUsed('const id = `${a}_${b}`; const s = "sign";', some)).toEqual([]);
  });
});

describe('the locale slices', () => {
  const covered = new Set(sliced.flatMap(keysOf));

  it('every text of en.json is in the slice of a module that names it, but for the unused ones', () => {
    // Keys no source names at all (kept: locale keys are not removed in passing). A key the scan cannot
    // see (built from parts it cannot follow) lands here too: name it in its module's source instead.
    expect(keys.filter((k) => !covered.has(k)).sort()).toEqual(['low_stock_threshold_hint', 'vendor_id_value']);
  });

  it('every code the API names (lambdas/) that is a locale key comes with some web module (lib/field-errors.ts lists the API-only ones)', () => {
    const named = sources('lambdas').flatMap(keysOf);
    expect([...new Set(named.filter((k) => !covered.has(k)))]).toEqual([]);
    expect(keysOf('web/src/lib/field-errors.ts')).toEqual(expect.arrayContaining(['listing_error_restock_past', 'listing_error_image_rejected']));
  });

  it('keys built from a table of prefixes come with the table (lib/product-labels.ts)', () => {
    expect(keysOf('web/src/lib/product-labels.ts')).toEqual(expect.arrayContaining(ALLERGENS.map((a) => productValueKey('allergens', a))));
  });

  it('the build and this test project slice (web/vite.config.ts plugins)', () => {
    expect(viteConfig.plugins?.flat().some((p) => p && typeof p === 'object' && 'name' in p && p.name === 'locale-slices')).toBe(true);
  });
});

describe("the entry's texts", () => {
  const graph = entryGraph();
  const entryKeys = new Set(graph.filter((f) => /\.tsx?$/.test(f) && !f.endsWith('strings.ts')).flatMap(keysOf));

  it('no module the entry runs imports a locale file whole', () => {
    expect(graph.some((f) => f.endsWith('i18n/i18n.ts')), 'the walk reaches i18n.ts').toBe(true);
    expect(graph.filter((f) => f.endsWith('.json'))).toEqual([]);
  });

  it("are a small part of en.json: the session's, the guard's and the lock's, not the signed-in pages'", () => {
    // About 20 keys and 0.6 KB gzip today (the sign-in pages' own come with their chunks); en.json whole
    // is ~1,000 keys and ~17 KB gzip.
    const entryTexts = Object.fromEntries([...entryKeys].map((k) => [k, texts[k]]));
    expect(entryKeys.size).toBeLessThan(100);
    expect(gzipSync(JSON.stringify(entryTexts)).length).toBeLessThan(2 * 1024);
    for (const page of ['features/payouts/payout-info-section.tsx', 'features/dashboard/dashboard-page.tsx', 'features/listings/product-form.tsx', 'features/notifications/notification-text.ts']) {
      const own = keysOf(`web/src/${page}`);
      expect(own.length, page).toBeGreaterThan(5);
      expect(own.filter((k) => !entryKeys.has(k)).length, `${page}: most of its texts are not the entry's`).toBeGreaterThan(own.length / 2);
    }
  });

  it("a signed-in page's texts arrive with its module, before its code runs", async () => {
    const { i18n } = await import('../../../web/src/i18n/i18n');
    const page = 'web/src/features/payouts/payout-details-dialog.tsx';
    const own = keysOf(page).filter((k) => !entryKeys.has(k));
    expect(own.length).toBeGreaterThan(0);
    expect(own.filter((k) => i18n.exists(k))).toEqual([]);
    await import('../../../web/src/features/payouts/payout-details-dialog');
    expect(own.filter((k) => !i18n.exists(k))).toEqual([]);
    expect(i18n.t(own[0]!)).toBe(texts[own[0]!]);
  });

  it('a key no loaded module carried fetches all of en.json and renders again (the safety net), never staying a key', async () => {
    const { i18n } = await import('../../../web/src/i18n/i18n');
    const notLoaded = keysOf('web/src/features/activity/activity-text.ts').find((k) => !entryKeys.has(k) && !i18n.exists(k))!;
    expect(notLoaded).toBeDefined();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const rendered = vi.fn();
    i18n.on('languageChanged', rendered);
    try {
      expect(i18n.t(notLoaded)).toBe(notLoaded);
      expect(error).toHaveBeenCalledWith(expect.stringContaining(notLoaded));
      await expect.poll(() => i18n.t(notLoaded)).toBe(texts[notLoaded]);
      await expect.poll(() => rendered.mock.calls.length).toBeGreaterThan(0);
    } finally {
      i18n.off('languageChanged', rendered);
      error.mockRestore();
    }
  });
});
