import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { bmpSize, renditionsOf, webpRenditionsOf } from '../../../lambdas/images/renditions';
import { productImageRenditions, renditionKey } from '../../../contracts/buckets';
import { bmp, gif, jpeg, png } from './fixtures';

/** A photo-like JPEG: a red square on white, with EXIF (orientation, a GPS position) and an ICC profile as phones write them. */
async function photo(width: number, height: number, exif: { orientation?: number } = {}): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#FFFFFF' } })
    .composite([{ input: { create: { width: Math.round(width / 2), height: Math.round(height / 2), channels: 3, background: '#C62828' } }, left: 0, top: 0 }])
    .withMetadata({ orientation: exif.orientation ?? 1, exif: { IFD0: { Make: 'PhoneCo', Copyright: 'vendor' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '25/1 2/1 0/1' } } })
    .withIccProfile('p3')
    .jpeg({ quality: 90 })
    .toBuffer();
}

describe('renditions of a valid upload (issue 23)', () => {
  it('a large photo gets a 1,200-px display size and a 320-px thumbnail, WebP, the longer side at that size', async () => {
    const made = await renditionsOf(await photo(2400, 1800), 'image/jpeg');
    expect(made.display).toMatchObject({ contentType: 'image/webp', width: 1200, height: 900 });
    expect(made.thumbnail).toMatchObject({ contentType: 'image/webp', width: 320, height: 240 });
    for (const r of [made.display, made.thumbnail]) {
      const meta = await sharp(r.body).metadata();
      expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({ format: 'webp', width: r.width, height: r.height });
    }
    // Far smaller than the upload: what lists download.
    expect(made.thumbnail.body.length).toBeLessThan(made.display.body.length);
  });

  it('never enlarges: a 200-px image stays 200 px in both', async () => {
    const made = await renditionsOf(await photo(200, 150), 'image/jpeg');
    expect([made.display.width, made.display.height, made.thumbnail.width, made.thumbnail.height]).toEqual([200, 150, 200, 150]);
  });

  it('stands the photo upright from its EXIF orientation, and keeps none of its metadata (no GPS, no camera, no ICC)', async () => {
    // Orientation 6: stored landscape, shown rotated 90° clockwise (portrait).
    const made = await renditionsOf(await photo(1600, 800, { orientation: 6 }), 'image/jpeg');
    expect([made.display.width, made.display.height]).toEqual([600, 1200]);
    const meta = await sharp(made.display.body).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    // The red quarter (top left as stored) is top right once upright.
    const { data, info } = await sharp(made.display.body).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
    expect(pixel(info.width - 10, 10)[0]).toBeGreaterThan(180);
    expect(pixel(info.width - 10, 10)[1]).toBeLessThan(90);
    expect(pixel(10, 10)).toEqual([255, 255, 255].map(() => expect.any(Number)));
    expect(Math.min(...pixel(10, 10))).toBeGreaterThan(240);
  });

  it('keeps transparency (a PNG with alpha stays see-through) and takes a GIF\'s first frame', async () => {
    const transparent = await sharp({ create: { width: 400, height: 400, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } }).png().toBuffer();
    const fromPng = await renditionsOf(transparent, 'image/png');
    expect((await sharp(fromPng.thumbnail.body).metadata()).hasAlpha).toBe(true);
    const fromGif = await renditionsOf(gif(), 'image/gif');
    expect(fromGif.display).toMatchObject({ contentType: 'image/webp', width: 1, height: 1 });
    expect((await renditionsOf(png(), 'image/png')).thumbnail).toMatchObject({ contentType: 'image/webp', width: 2, height: 2 });
    expect((await renditionsOf(jpeg(), 'image/jpeg')).thumbnail).toMatchObject({ contentType: 'image/webp', width: 2, height: 2 });
  });

  it('a BMP (sharp reads none) gets its own bytes as both renditions, as a BMP, with its size from the header', async () => {
    const body = bmp();
    const made = await renditionsOf(body, 'image/bmp');
    for (const r of [made.display, made.thumbnail]) expect(r).toEqual({ body, contentType: 'image/bmp', width: 1, height: 1 });
    expect(await webpRenditionsOf(body)).toBeNull();
  });

  it('a file that starts like a JPEG but does not decode gets its own bytes, without a size', async () => {
    const body = Buffer.concat([jpeg().subarray(0, 40), Buffer.alloc(200, 7)]);
    const made = await renditionsOf(body, 'image/jpeg');
    expect(made.display).toEqual({ body, contentType: 'image/jpeg' });
    expect(made.thumbnail).toEqual({ body, contentType: 'image/jpeg' });
  });

  it('reads a BMP\'s size from BITMAPINFOHEADER (top-down too) and BITMAPCOREHEADER', () => {
    expect(bmpSize(bmp())).toEqual({ width: 1, height: 1 });
    const topDown = bmp();
    topDown.writeInt32LE(640, 18);
    topDown.writeInt32LE(-480, 22);
    expect(bmpSize(topDown)).toEqual({ width: 640, height: 480 });
    const core = Buffer.alloc(26);
    core.write('BM', 0, 'ascii');
    core.writeUInt32LE(12, 14);
    core.writeUInt16LE(300, 18);
    core.writeUInt16LE(200, 20);
    expect(bmpSize(core)).toEqual({ width: 300, height: 200 });
    expect(bmpSize(Buffer.alloc(10))).toBeNull();
  });
});

describe('rendition keys (contracts/buckets.ts)', () => {
  const key = 'private/us-east-1:0b9c8a4e-1f2d-4c3b-9a8e-7d6c5b4a3f2e/products/8c7b6a5d-4e3f-4a2b-9c1d-0e9f8a7b6c5d/3a2b1c0d-9e8f-4a7b-8c6d-5e4f3a2b1c0d.jpg';

  it('mirror the image key under renditions/, one per size, so an answer names them without reading anything', () => {
    expect(renditionKey(key, 'thumbnail')).toBe(`renditions/${key.slice('private/'.length)}/w320`);
    expect(renditionKey(key, 'display')).toBe(`renditions/${key.slice('private/'.length)}/w1200`);
    expect(productImageRenditions.sizes).toEqual({ thumbnail: 320, display: 1200 });
  });

  it('exist only for product image keys', () => {
    expect(() => renditionKey('renditions/x/w320', 'thumbnail')).toThrow('not a product image key');
  });
});
