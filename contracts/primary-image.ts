/**
 * The primary-image rules of spec §5 (issue 15): a square frame, a pure white background, the product
 * filling at least 85 % of the frame. One pure module, no zod and no imports, so the SAME code runs on
 * the server (lambdas/images/primary-check.ts: sharp's raw RGBA output of the upload, downscaled) and
 * in the browser (web/src/features/listings/primary-image-check.ts: a canvas's getImageData of the
 * downscaled image), and the bench (`npm run bench:images`) measures exactly what both run.
 *
 * The rules, precisely (docs/decisions.md, "Issue 15: primary image", says why these numbers):
 *   1. square: the ORIGINAL width and height differ by at most SQUARE_TOLERANCE (1 %):
 *      max(w, h) / min(w, h) ≤ 1.01.
 *   2. white background: the pixels are read downscaled to at most ANALYSIS_SIZE px a side. The
 *      background's reference colour is the per-channel median of the frame's border ring
 *      (BORDER_SHARE of the shorter side, at least 1 px). A pixel is PRODUCT when one channel differs
 *      from that reference by more than PRODUCT_DIFFERENCE (48): soft shadows and JPEG noise are
 *      lighter than that, so they stay background. The background is JUDGED where it is more than
 *      EDGE_ZONE_SHARE (4 % of the shorter side) away from any product pixel: the zone next to the
 *      product is where contact shadows and JPEG ringing are. A judged pixel is WHITE when each of
 *      R, G and B is at least WHITE_MIN (246, i.e. within 9 of #FFFFFF: JPEG noise on white stays
 *      inside; #F5F5F5 "white smoke", cream and light grey do not). The rule passes when at least
 *      WHITE_SHARE (80 %) of the judged pixels are white (a soft shadow may grey the rest; a tinted,
 *      grey or graded background greys far more: the bench set's gradients leave at most 51 % white), and at least MIN_JUDGED_SHARE (0.5 %) of the
 *      frame could be judged at all (a product covering the whole frame shows no background).
 *   3. fill: the product's bounding box (rows and columns holding at least max(2, 0.2 %) product
 *      pixels, so stray JPEG specks do not count) covers, in its LARGER direction, at least 85 % of
 *      the frame: max(box width / frame width, box height / frame height) ≥ 0.85. A tall bottle
 *      touching top and bottom fills the frame though it is narrow; what the spec rejects is a
 *      small product lost in white space.
 * Not checked automatically: text, logos and watermarks (the guideline says so), and light products
 * (within 48 of the background on every channel) are under-measured.
 */

/** Longest side, in pixels, the rules read (both sides scale by the same factor). */
export const ANALYSIS_SIZE = 512;
/** Rule 1: max(w, h) / min(w, h) may exceed 1 by this much. */
export const SQUARE_TOLERANCE = 0.01;
/** Rule 2: the border ring's width, a share of the shorter side (at least 1 px). */
export const BORDER_SHARE = 0.01;
/** A pixel differing from the background reference by more than this on some channel is product. */
export const PRODUCT_DIFFERENCE = 48;
/** Background this close to the product (share of the shorter side) is not judged: shadows and ringing. */
export const EDGE_ZONE_SHARE = 0.04;
/** Each channel at least this: pure white within JPEG noise. */
export const WHITE_MIN = 246;
/** Share of the judged background that must be white. */
export const WHITE_SHARE = 0.8;
/** Share of the frame that must be judged background for the white rule to pass at all. */
export const MIN_JUDGED_SHARE = 0.005;
/** Rule 3: the product's larger coverage of the frame. */
export const MIN_FILL = 0.85;

/** The rules, in the order advice lists them. */
export const PRIMARY_IMAGE_RULES = ['square', 'white_background', 'fill'] as const;
export type PrimaryImageRule = (typeof PRIMARY_IMAGE_RULES)[number];

/** What the rules measured and which failed (`problems`, empty when the image follows all three). */
export interface PrimaryImageCheck {
  problems: PrimaryImageRule[];
  /** max(w, h) / min(w, h) of the original image, 3 decimals. */
  aspectRatio: number;
  /** Share of the judged background that is pure white, 3 decimals; null when no background could be judged. */
  whiteShare: number | null;
  /** The product's larger coverage of the frame (0–1), 3 decimals; 0 when no product was found. */
  fill: number;
}

/** Pixels as canvas getImageData and sharp's raw RGBA output give them: 4 bytes a pixel, row by row. */
export interface RgbaImage {
  data: Uint8Array | Uint8ClampedArray;
  width: number;
  height: number;
}

/** The size to downscale an image of `width` × `height` to before the rules read it (never upscaled). */
export function analysisSize(width: number, height: number, max = ANALYSIS_SIZE): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;

/** Rule 1 on the original dimensions. */
export function aspectRatioOf(width: number, height: number): number {
  return Math.max(width, height) / Math.max(1, Math.min(width, height));
}

function median(histogram: Uint32Array, count: number): number {
  let seen = 0;
  for (let v = 0; v < 256; v += 1) {
    seen += histogram[v]!;
    if (seen * 2 >= count) return v;
  }
  return 255;
}

/** The per-channel median of the border ring: the background's reference colour. */
function borderReference(image: RgbaImage, ring: number): [number, number, number] {
  const { data, width, height } = image;
  const hist = [new Uint32Array(256), new Uint32Array(256), new Uint32Array(256)] as const;
  let count = 0;
  const add = (x: number, y: number) => {
    const i = (y * width + x) * 4;
    hist[0][data[i]!]! += 1;
    hist[1][data[i + 1]!]! += 1;
    hist[2][data[i + 2]!]! += 1;
    count += 1;
  };
  for (let y = 0; y < height; y += 1) {
    if (y < ring || y >= height - ring) {
      for (let x = 0; x < width; x += 1) add(x, y);
    } else {
      for (let x = 0; x < Math.min(ring, width); x += 1) add(x, y);
      for (let x = Math.max(ring, width - ring); x < width; x += 1) add(x, y);
    }
  }
  return [median(hist[0], count), median(hist[1], count), median(hist[2], count)];
}

/**
 * Runs rules 2 and 3 on the (downscaled) pixels and rule 1 on the original size (`original`, which
 * defaults to the pixels' own). Alpha is not read: callers flatten transparency onto white first (a
 * PNG's empty canvas shows white on the marketplace), as sharp's `flatten` and a canvas filled white do.
 */
export function checkPrimaryImage(image: RgbaImage, original: { width: number; height: number } = image): PrimaryImageCheck {
  const { data, width, height } = image;
  const pixels = width * height;
  const shorter = Math.min(width, height);
  const aspectRatio = aspectRatioOf(original.width, original.height);

  const ring = Math.max(1, Math.round(shorter * BORDER_SHARE));
  const [rr, rg, rb] = borderReference(image, ring);

  // Product mask, and its rows' and columns' counts for the bounding box.
  const product = new Uint8Array(pixels);
  const rowCount = new Uint32Array(height);
  const colCount = new Uint32Array(width);
  for (let y = 0, p = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1, p += 1) {
      const i = p * 4;
      if (Math.abs(data[i]! - rr) > PRODUCT_DIFFERENCE || Math.abs(data[i + 1]! - rg) > PRODUCT_DIFFERENCE || Math.abs(data[i + 2]! - rb) > PRODUCT_DIFFERENCE) {
        product[p] = 1;
        rowCount[y]! += 1;
        colCount[x]! += 1;
      }
    }
  }

  // Rule 3: the bounding box of the rows and columns holding enough product pixels.
  const span = (counts: Uint32Array, across: number): number => {
    const min = Math.max(2, Math.ceil(across * 0.002));
    let first = -1;
    let last = -1;
    for (let i = 0; i < counts.length; i += 1) {
      if (counts[i]! >= min) {
        if (first < 0) first = i;
        last = i;
      }
    }
    return first < 0 ? 0 : last - first + 1;
  };
  const fill = Math.max(span(colCount, height) / width, span(rowCount, width) / height);

  // Rule 2: the background beyond the product's edge zone, through an integral image of the mask.
  const zone = Math.max(1, Math.round(shorter * EDGE_ZONE_SHARE));
  const w1 = width + 1;
  const integral = new Uint32Array(w1 * (height + 1));
  for (let y = 0; y < height; y += 1) {
    let rowSum = 0;
    for (let x = 0; x < width; x += 1) {
      rowSum += product[y * width + x]!;
      integral[(y + 1) * w1 + x + 1] = integral[y * w1 + x + 1]! + rowSum;
    }
  }
  let judged = 0;
  let white = 0;
  for (let y = 0; y < height; y += 1) {
    const y0 = Math.max(0, y - zone);
    const y1 = Math.min(height, y + zone + 1);
    for (let x = 0; x < width; x += 1) {
      const p = y * width + x;
      if (product[p]) continue;
      const x0 = Math.max(0, x - zone);
      const x1 = Math.min(width, x + zone + 1);
      const near = integral[y1 * w1 + x1]! - integral[y0 * w1 + x1]! - integral[y1 * w1 + x0]! + integral[y0 * w1 + x0]!;
      if (near > 0) continue;
      judged += 1;
      const i = p * 4;
      if (data[i]! >= WHITE_MIN && data[i + 1]! >= WHITE_MIN && data[i + 2]! >= WHITE_MIN) white += 1;
    }
  }
  const whiteShare = judged === 0 ? null : white / judged;

  const problems: PrimaryImageRule[] = [];
  if (aspectRatio > 1 + SQUARE_TOLERANCE) problems.push('square');
  if (whiteShare === null || judged < pixels * MIN_JUDGED_SHARE || whiteShare < WHITE_SHARE) problems.push('white_background');
  if (fill < MIN_FILL) problems.push('fill');
  return { problems, aspectRatio: round3(aspectRatio), whiteShare: whiteShare === null ? null : round3(whiteShare), fill: round3(fill) };
}
