/**
 * The primary-image rules (contracts/primary-image.ts, issue 15), one group per rule, on RGBA pixels
 * built here (what the browser's canvas and sharp's raw output both give), and the server path
 * (lambdas/images/primary-check.ts) on real encoded files.
 */
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { analysisSize, checkPrimaryImage, type RgbaImage } from '../../../contracts/primary-image';
import { primaryCheckOf } from '../../../lambdas/images/primary-check';
import { bmp, text } from './fixtures';

type Rgb = [number, number, number];
const WHITE: Rgb = [255, 255, 255];
const RED: Rgb = [198, 40, 40];

/** A `width` × `height` frame of `background` (a colour, or one per pixel). */
function frame(width: number, height: number, background: Rgb | ((x: number, y: number) => Rgb) = WHITE): RgbaImage {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const [r, g, b] = typeof background === 'function' ? background(x, y) : background;
      data.set([r, g, b, 255], (y * width + x) * 4);
    }
  }
  return { data, width, height };
}

/** Paints a filled rectangle (the product), centred unless placed. */
function paint(image: RgbaImage, box: { width: number; height: number; x?: number; y?: number }, colour: Rgb = RED): RgbaImage {
  const x0 = box.x ?? Math.round((image.width - box.width) / 2);
  const y0 = box.y ?? Math.round((image.height - box.height) / 2);
  for (let y = y0; y < y0 + box.height; y += 1) for (let x = x0; x < x0 + box.width; x += 1) image.data.set([...colour, 255], (y * image.width + x) * 4);
  return image;
}

/** A product of `fill` × the frame's height and 60 % of its width, on white, in a 200 × 200 frame. */
const product = (fill: number, background: Rgb | ((x: number, y: number) => Rgb) = WHITE) => paint(frame(200, 200, background), { width: 120, height: Math.round(fill * 200) });

describe('rule 1: square frame', () => {
  it('a square frame passes; the original size decides, not the downscaled pixels', () => {
    expect(checkPrimaryImage(product(0.9))).toMatchObject({ problems: [], aspectRatio: 1 });
    expect(checkPrimaryImage(product(0.9), { width: 4000, height: 3000 })).toMatchObject({ problems: ['square'], aspectRatio: 1.333 });
  });

  it('tolerates 1 % (1000 × 1010) but not 2 % (1000 × 1020)', () => {
    expect(checkPrimaryImage(product(0.9), { width: 1000, height: 1010 }).problems).toEqual([]);
    expect(checkPrimaryImage(product(0.9), { width: 1020, height: 1000 }).problems).toEqual(['square']);
  });

  it('a portrait frame fails as a landscape one does', () => {
    const tall = paint(frame(150, 200), { width: 100, height: 190 });
    expect(checkPrimaryImage(tall)).toMatchObject({ problems: ['square'], aspectRatio: 1.333 });
  });
});

describe('rule 2: pure white background', () => {
  it('pure white passes, and so does white with JPEG-like noise within 9 of #FFFFFF', () => {
    expect(checkPrimaryImage(product(0.9)).whiteShare).toBe(1);
    const noisy = product(0.9, (x, y) => {
      const v = 255 - ((x * 7 + y * 13) % 8);
      return [v, v, 255 - ((x + y) % 5)];
    });
    expect(checkPrimaryImage(noisy).problems).toEqual([]);
  });

  it.each([
    ['off-white #F5F5F5', [245, 245, 245] as Rgb],
    ['cream #F5F5DC', [245, 245, 220] as Rgb],
    ['light grey #DCDCDC', [220, 220, 220] as Rgb],
  ])('%s fails', (_name, colour) => {
    const result = checkPrimaryImage(product(0.9, colour));
    expect(result.problems).toEqual(['white_background']);
    expect(result.whiteShare).toBe(0);
  });

  it('a gradient from white to light grey fails', () => {
    const gradient = product(0.9, (_x, y) => {
      const v = Math.round(255 - (y / 199) * 30);
      return [v, v, v];
    });
    expect(checkPrimaryImage(gradient).problems).toEqual(['white_background']);
  });

  it('a soft shadow under the product is tolerated', () => {
    // The product stands at y 20–179; its shadow greys the rows below it from 225 back to white, a slow ramp.
    const image = product(0.8, (x, y) => {
      if (x < 30 || x > 169 || y < 180) return WHITE;
      const v = Math.min(255, 225 + (y - 180) * 3);
      return [v, v, v];
    });
    expect(checkPrimaryImage(image).problems).toEqual(['fill']);
    expect(checkPrimaryImage(image).whiteShare).toBeGreaterThan(0.9);
  });

  it('a shadow greying much of the background fails', () => {
    const image = product(0.9, (_x, y) => (y > 100 ? [230, 230, 230] : WHITE));
    expect(checkPrimaryImage(image).problems).toEqual(['white_background']);
  });

  it('a product covering the whole frame leaves no white background: it fails', () => {
    const covered = paint(frame(200, 200), { width: 200, height: 200 });
    expect(checkPrimaryImage(covered).problems).toContain('white_background');
  });

  it('a background visible only in slivers (under 0.5 % of the frame) cannot pass', () => {
    const almost = paint(frame(200, 200), { width: 200, height: 199, y: 0 });
    // One white row is the whole border's minority: the reference is the product; nothing white is judged.
    expect(checkPrimaryImage(almost).problems).toContain('white_background');
  });

  it('a grey background does not hide the product: fill is still measured', () => {
    const onGrey = checkPrimaryImage(product(0.7, [210, 210, 210]));
    expect(onGrey.problems).toEqual(['white_background', 'fill']);
    expect(onGrey.fill).toBe(0.7);
  });
});

describe('rule 3: the product fills at least 85 %', () => {
  it.each([
    [0.6, ['fill']],
    [0.8, ['fill']],
    [0.84, ['fill']],
    [0.85, []],
    [0.9, []],
    [1, []],
  ])('a product %s of the frame high', (fill, problems) => {
    const result = checkPrimaryImage(product(fill));
    expect(result.problems).toEqual(problems);
    expect(result.fill).toBeCloseTo(fill, 2);
  });

  it('the larger direction counts: a wide, low product filling the width passes', () => {
    const wide = paint(frame(200, 200), { width: 190, height: 60 });
    expect(checkPrimaryImage(wide)).toMatchObject({ problems: [], fill: 0.95 });
  });

  it('a small product lost in white space fails wherever it stands', () => {
    const corner = paint(frame(200, 200), { width: 100, height: 100, x: 0, y: 0 });
    expect(checkPrimaryImage(corner)).toMatchObject({ problems: ['fill'], fill: 0.5 });
  });

  it('stray specks (JPEG noise) do not stretch the product box', () => {
    const image = product(0.7);
    image.data.set([0, 0, 0, 255], (2 * 200 + 2) * 4);
    image.data.set([0, 0, 0, 255], (197 * 200 + 197) * 4);
    expect(checkPrimaryImage(image).fill).toBe(0.7);
  });

  it('a soft shadow below the product does not count as product', () => {
    // As pale as a white carton's top (228) under the product, fading by 3 a pixel every way: a ramp, not an outline.
    const image = product(0.8, (x, y) => {
      const distance = Math.max(x < 40 ? 40 - x : x > 159 ? x - 159 : 0, y < 180 ? 180 - y : y > 183 ? y - 183 : 0);
      const v = 255 - Math.max(0, 27 - 3 * distance);
      return [v, v, v];
    });
    expect(checkPrimaryImage(image).fill).toBe(0.8);
  });

  it('a pale carton is measured to its outline, though its top is within 48 of white (issue 24)', () => {
    // A white carton (246–238, a light grey outline of 225) from y 10 to 189 with a printed label from y 70.
    const image = frame(200, 200);
    for (let y = 10; y < 190; y += 1) {
      for (let x = 60; x < 140; x += 1) {
        const outline = y === 10 || y === 189 || x === 60 || x === 139;
        const v = outline ? 225 : 246 - Math.round((x - 60) / 10);
        image.data.set([v, v, v, 255], (y * 200 + x) * 4);
      }
    }
    paint(image, { width: 70, height: 110, x: 65, y: 70 }, RED);
    const result = checkPrimaryImage(image);
    expect(result.fill).toBe(0.9);
    expect(result.problems).toEqual([]);
    expect(result.marks).toBe(false);
  });

  it('a caption or a badge beside a small product is not product: fill fails, and the marks are flagged (issue 24)', () => {
    // A product 60 % high at the top, a caption (letters 2 px thick) at y 170–185, a badge at the bottom right.
    const captioned = paint(frame(200, 200), { width: 80, height: 120, x: 20, y: 10 });
    for (let letter = 0; letter < 8; letter += 1) {
      paint(captioned, { width: 2, height: 16, x: 20 + letter * 12, y: 170 }, [30, 30, 30]);
      paint(captioned, { width: 8, height: 2, x: 20 + letter * 12, y: 170 }, [30, 30, 30]);
    }
    expect(checkPrimaryImage(captioned)).toMatchObject({ problems: ['fill'], fill: 0.6, marks: true });

    const badged = paint(frame(200, 200), { width: 80, height: 120, x: 20, y: 10 });
    for (let y = 160; y < 190; y += 1) for (let x = 160; x < 190; x += 1) if ((x - 175) ** 2 + (y - 175) ** 2 <= 225) badged.data.set([21, 101, 192, 255], (y * 200 + x) * 4);
    expect(checkPrimaryImage(badged)).toMatchObject({ problems: ['fill'], fill: 0.6, marks: true });
  });

  it('the parts of a product are all product: two halves of a fruit side by side, no marks', () => {
    const halves = paint(paint(frame(200, 200), { width: 85, height: 90, x: 8, y: 50 }), { width: 85, height: 90, x: 107, y: 50 });
    expect(checkPrimaryImage(halves)).toMatchObject({ problems: [], fill: 0.92, marks: false });
  });

  it('marks are not reported on a background that is not white (the scene cannot be told from marks)', () => {
    const onGrey = paint(paint(frame(200, 200, [210, 210, 210]), { width: 80, height: 120, x: 20, y: 10 }), { width: 20, height: 20, x: 170, y: 170 }, [21, 101, 192]);
    expect(checkPrimaryImage(onGrey)).toMatchObject({ problems: ['white_background', 'fill'], marks: false });
  });

  it('an empty white frame has no product', () => {
    expect(checkPrimaryImage(frame(100, 100))).toMatchObject({ problems: ['fill'], fill: 0 });
  });
});

describe('analysis size', () => {
  it('downscales the longer side to 512 px, never upscales', () => {
    expect(analysisSize(4000, 3000)).toEqual({ width: 512, height: 384 });
    expect(analysisSize(300, 200)).toEqual({ width: 300, height: 200 });
  });
});

describe('the server path: sharp decodes, flattens, downscales, then the same rules', () => {
  const svg = (width: number, height: number, background: string, box: { w: number; h: number }) =>
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" fill="${background}"/><rect x="${(width - box.w) / 2}" y="${(height - box.h) / 2}" width="${box.w}" height="${box.h}" fill="#1565C0"/></svg>`,
    );

  it('a good 1200 × 1200 JPEG (quality 70) passes every rule', async () => {
    const file = await sharp(svg(1200, 1200, '#FFFFFF', { w: 700, h: 1100 })).jpeg({ quality: 70 }).toBuffer();
    const result = await primaryCheckOf(file);
    expect(result).toMatchObject({ problems: [], aspectRatio: 1, whiteShare: 1 });
    expect(result!.fill).toBeCloseTo(1100 / 1200, 2);
  });

  it('a 1600 × 900 PNG on light grey with a small product breaks all three', async () => {
    const file = await sharp(svg(1600, 900, '#DCDCDC', { w: 400, h: 500 })).png().toBuffer();
    await expect(primaryCheckOf(file)).resolves.toMatchObject({ problems: ['square', 'white_background', 'fill'], aspectRatio: 1.778 });
  });

  it('transparency counts as white (flattened)', async () => {
    const transparent = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><rect x="20" y="10" width="300" height="380" fill="#2E7D32"/></svg>`);
    const file = await sharp(transparent).png().toBuffer();
    await expect(primaryCheckOf(file)).resolves.toMatchObject({ problems: [], fill: 0.95 });
  });

  it('what sharp cannot decode (a BMP, a text file) is not measured', async () => {
    await expect(primaryCheckOf(bmp())).resolves.toBeNull();
    await expect(primaryCheckOf(text())).resolves.toBeNull();
  });
});
