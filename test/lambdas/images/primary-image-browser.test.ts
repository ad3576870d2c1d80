/**
 * The browser half of the primary-image rules (issue 15) in a real browser: the item form's
 * measurement (web/src/features/listings/primary-image-check.ts: decode, draw downscaled onto a white
 * canvas, getImageData, the shared rules) runs in Debian's Chromium on files sharp encodes here, and
 * must agree with the server's path (lambdas/images/primary-check.ts) on the same bytes. jsdom has no
 * canvas, so the web tests replace this one step; this file is what proves it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from 'esbuild';
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import type { PrimaryImageCheck } from '../../../contracts/primary-image';
import { primaryCheckOf } from '../../../lambdas/images/primary-check';
import { launchBrowser } from '../../support/browser';

let browser: Browser;
let page: Page;

beforeAll(async () => {
  const bundle = await build({ entryPoints: ['web/src/features/listings/primary-image-check.ts'], bundle: true, format: 'iife', globalName: 'primaryImageCheck', write: false, logLevel: 'silent' });
  browser = await launchBrowser();
  page = await browser.newPage();
  await page.setContent('<!doctype html><html><body></body></html>');
  await page.addScriptTag({ content: bundle.outputFiles[0]!.text });
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

/** What the browser measures on `bytes`, opened as the form opens a chosen file (an object URL). */
async function inBrowser(bytes: Buffer, type: string): Promise<PrimaryImageCheck | null> {
  return page.evaluate(
    async ({ base64, type }) => {
      const raw = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const url = URL.createObjectURL(new Blob([raw], { type }));
      const api = (window as unknown as { primaryImageCheck: { measurePrimaryImage(url: string): Promise<unknown> } }).primaryImageCheck;
      return (await api.measurePrimaryImage(url)) as PrimaryImageCheck | null;
    },
    { base64: bytes.toString('base64'), type },
  );
}

const svg = (width: number, height: number, background: string, box: { w: number; h: number }) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" fill="${background}"/><ellipse cx="${width / 2}" cy="${height / 2}" rx="${box.w / 2}" ry="${box.h / 2}" fill="#6D4C41"/></svg>`,
  );

describe('the primary-image rules in Chromium agree with the server', () => {
  it.each([
    ['a good square JPEG on white', () => sharp(svg(1200, 1200, '#FFFFFF', { w: 800, h: 1120 })).jpeg({ quality: 75 }).toBuffer(), 'image/jpeg', []],
    ['a 16:9 PNG on light grey with a small product', () => sharp(svg(1600, 900, '#DCDCDC', { w: 300, h: 500 })).png().toBuffer(), 'image/png', ['square', 'white_background', 'fill']],
    ['a square JPEG on cream, the product filling the frame', () => sharp(svg(1000, 1000, '#F5F5DC', { w: 700, h: 960 })).jpeg({ quality: 60 }).toBuffer(), 'image/jpeg', ['white_background']],
  ])('%s', async (_name, encode, type, problems) => {
    const bytes = await encode();
    const [browserCheck, serverCheck] = [await inBrowser(bytes, type), await primaryCheckOf(bytes)];
    expect(browserCheck?.problems).toEqual(problems);
    expect(serverCheck?.problems).toEqual(problems);
    expect(browserCheck!.aspectRatio).toBe(serverCheck!.aspectRatio);
    expect(Math.abs(browserCheck!.fill - serverCheck!.fill)).toBeLessThan(0.01);
  });

  it('a file the browser cannot decode gives no advice, not an error', async () => {
    await expect(inBrowser(Buffer.from('not a picture'), 'image/jpeg')).resolves.toBeNull();
  });
});
