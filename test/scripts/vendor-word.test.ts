/**
 * In Traditional Chinese the word for vendor is 賣家 (the team brief, issue 24 item 19): one word in the
 * web's locales, the console's, the e-mails and notifications, CSV headers and the seeded demo texts.
 * Scans every source file that can carry a zh-TW text for the other words a translator reaches for.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
/** Where zh-TW texts live: web locales and code, Lambda texts (e-mails, notifications, CSV headers), contracts, demo data. */
const PLACES = ['web/src', 'lambdas', 'contracts', 'scripts/demo'];
/** Other words for vendor / seller / merchant (traditional and simplified). */
const OTHER_WORDS = /供應商|供货商|廠商|厂商|商家|賣方|卖方|店家|商戶|商户|卖家|銷售商|經銷商/g;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (/\.(ts|tsx|json|mjs|html)$/.test(entry.name)) yield path;
  }
}

describe('one word for vendor in zh-TW: 賣家 (issue 24, item 19)', () => {
  it('no zh-TW text says 供應商, 廠商, 商家, 賣方 or another word for vendor', async () => {
    const found: string[] = [];
    let scanned = 0;
    let vendorWord = 0;
    for (const place of PLACES) {
      for await (const path of files(join(ROOT, place))) {
        const text = await readFile(path, 'utf8');
        scanned++;
        vendorWord += text.split('賣家').length - 1;
        text.split('\n').forEach((line, i) => {
          for (const m of line.matchAll(OTHER_WORDS)) found.push(`${relative(ROOT, path)}:${i + 1}: ${m[0]} in ${line.trim().slice(0, 120)}`);
        });
      }
    }
    // A guard against a scan that silently reads nothing: the locales and the e-mail texts say 賣家.
    expect(scanned).toBeGreaterThan(100);
    expect(vendorWord).toBeGreaterThan(20);
    expect(found).toEqual([]);
  });
});
