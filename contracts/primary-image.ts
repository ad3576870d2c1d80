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
 * Issue 24 (measured on real photographs, scripts/bench/images/real/), two refinements of "product":
 *   - pale packaging: on a white background a pixel within 48 of white is product too when it differs
 *     by more than OUTLINE_DIFFERENCE and sits on a sharp step (OUTLINE_STEP between the pixels either
 *     side of it): a white carton's top and edges; a soft shadow is as pale but fades slowly. Steps
 *     right beside the clear product (OUTLINE_GAP_SHARE) are left out: JPEG ringing.
 *   - added marks: product pixels within GROUP_SHARE of each other form groups. The product is the
 *     largest group and every group at least PART_SHARE of it in pixels AND in extent (the halves of
 *     a cut fruit); the fill box is theirs alone. Any other group of at least MIN_MARK_SHARE of the
 *     frame is a caption, badge, logo or watermark beside the product: `marks`, a flag for the
 *     reviewer (reported on a white background only, where marks can be told from the scene).
 * Not checked automatically: text or logos printed ON the product (inside its silhouette).
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
/** A pixel this far from the background on some channel, on a sharp step, is the outline of a pale product. */
export const OUTLINE_DIFFERENCE = 8;
/** A sharp step: neighbours two pixels apart (across the pixel) differ by at least this on some channel. */
export const OUTLINE_STEP = 10;
/** Outline pixels this close to the clear product (share of the shorter side) are left to it: JPEG ringing. */
export const OUTLINE_GAP_SHARE = 0.01;
/** Product pixels this close (share of the shorter side) belong to one group. */
export const GROUP_SHARE = 0.012;
/** A group at least this share of the largest group's pixels is part of the product. */
export const PART_SHARE = 0.25;
/** A smaller group of at least this share of the frame is a mark (text, badge, logo) for the reviewer. */
export const MIN_MARK_SHARE = 0.0003;

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
  /**
   * Marks apart from the product (a caption, a badge, a logo, a watermark; issue 24): a flag for the
   * reviewer, not a rule. Always measured now; absent from a check recorded before issue 24.
   */
  marks?: boolean;
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

/** The mask grown by `radius` pixels each way (a square), in two sliding-window passes. */
function dilate(mask: Uint8Array, width: number, height: number, radius: number): Uint8Array {
  const rows = new Uint8Array(mask.length);
  for (let y = 0; y < height; y += 1) {
    const row = y * width;
    let count = 0;
    for (let x = 0; x < Math.min(radius, width); x += 1) count += mask[row + x]!;
    for (let x = 0; x < width; x += 1) {
      if (x + radius < width) count += mask[row + x + radius]!;
      if (x - radius - 1 >= 0) count -= mask[row + x - radius - 1]!;
      rows[row + x] = count > 0 ? 1 : 0;
    }
  }
  const out = new Uint8Array(mask.length);
  for (let x = 0; x < width; x += 1) {
    let count = 0;
    for (let y = 0; y < Math.min(radius, height); y += 1) count += rows[y * width + x]!;
    for (let y = 0; y < height; y += 1) {
      if (y + radius < height) count += rows[(y + radius) * width + x]!;
      if (y - radius - 1 >= 0) count -= rows[(y - radius - 1) * width + x]!;
      out[y * width + x] = count > 0 ? 1 : 0;
    }
  }
  return out;
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

  // Product mask: pixels clearly apart from the background, and the outline of pale ones (below).
  const product = new Uint8Array(pixels);
  // Pixels clearly apart from the background.
  for (let p = 0, i = 0; p < pixels; p += 1, i += 4) {
    if (Math.abs(data[i]! - rr) > PRODUCT_DIFFERENCE || Math.abs(data[i + 1]! - rg) > PRODUCT_DIFFERENCE || Math.abs(data[i + 2]! - rb) > PRODUCT_DIFFERENCE) product[p] = 1;
  }
  // A pale product (a white carton's top, a milk bottle's shoulder) is within PRODUCT_DIFFERENCE of a
  // white background, but its outline is a sharp step; a soft shadow is as pale, but its edge is a
  // slow ramp. So a pixel that differs a little and sits on a sharp step is product too, unless it is
  // next to the clear product already (OUTLINE_GAP_SHARE): there a JPEG's ringing makes such steps.
  // Only on a white background: that is where pale packaging vanishes (and the only one that passes).
  const clear = dilate(product, width, height, Math.max(1, Math.round(shorter * OUTLINE_GAP_SHARE)));
  const row = width * 4;
  const whiteReference = rr >= WHITE_MIN && rg >= WHITE_MIN && rb >= WHITE_MIN;
  for (let y = 1; whiteReference && y < height - 1; y += 1) {
    for (let x = 1, p = y * width + 1; x < width - 1; x += 1, p += 1) {
      if (clear[p]) continue;
      const i = p * 4;
      if (Math.max(Math.abs(data[i]! - rr), Math.abs(data[i + 1]! - rg), Math.abs(data[i + 2]! - rb)) <= OUTLINE_DIFFERENCE) continue;
      let across = 0;
      for (let c = 0; c < 3; c += 1) {
        across = Math.max(across, Math.abs(data[i - 4 + c]! - data[i + 4 + c]!), Math.abs(data[i - row + c]! - data[i + row + c]!));
      }
      if (across >= OUTLINE_STEP) product[p] = 1;
    }
  }

  // Groups: what lies within GROUP_SHARE of each other is one thing (letters join into words, a
  // bunch's fruits into the bunch). The product is the largest group and every group at least
  // PART_SHARE of its size (the halves of a cut melon, three lemons apart); smaller groups standing
  // apart are marks someone added: a caption, a badge, a logo, a watermark.
  const radius = Math.max(1, Math.round(shorter * GROUP_SHARE));
  const reach = dilate(product, width, height, radius);
  const group = new Int32Array(pixels).fill(-1);
  const sizes: number[] = [];
  const extents: number[] = [];
  const queue = new Int32Array(pixels);
  for (let start = 0; start < pixels; start += 1) {
    if (!reach[start] || group[start] !== -1) continue;
    const id = sizes.length;
    let size = 0;
    let [left, right, top, bottom] = [width, -1, height, -1];
    let head = 0;
    let tail = 0;
    queue[tail++] = start;
    group[start] = id;
    while (head < tail) {
      const p = queue[head++]!;
      const x = p % width;
      if (product[p]) {
        size += 1;
        const y = (p - x) / width;
        if (x < left) left = x;
        if (x > right) right = x;
        if (y < top) top = y;
        if (y > bottom) bottom = y;
      }
      // The four neighbours, inline (this loop runs once per pixel).
      for (let k = 0; k < 4; k += 1) {
        const q = k === 0 ? (x > 0 ? p - 1 : -1) : k === 1 ? (x < width - 1 ? p + 1 : -1) : k === 2 ? p - width : p + width;
        if (q >= 0 && q < pixels && reach[q] && group[q] === -1) {
          group[q] = id;
          queue[tail++] = q;
        }
      }
    }
    sizes.push(size);
    extents.push((right - left + 1) * (bottom - top + 1));
  }
  const main = sizes.indexOf(Math.max(...sizes, 0));
  const isProduct = sizes.map((size, id) => id === main || (size >= sizes[main]! * PART_SHARE && extents[id]! >= extents[main]! * PART_SHARE));
  const marks = sizes.some((size, id) => !isProduct[id] && size >= pixels * MIN_MARK_SHARE);

  // Rule 3: the bounding box of the rows and columns holding enough pixels of the product's groups.
  const rowCount = new Uint32Array(height);
  const colCount = new Uint32Array(width);
  for (let y = 0, p = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1, p += 1) {
      if (product[p] && isProduct[group[p]!]) {
        rowCount[y]! += 1;
        colCount[x]! += 1;
      }
    }
  }
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

  // Rule 2: the background beyond the product's edge zone (marks included: they are not background).
  const edgeZone = dilate(product, width, height, Math.max(1, Math.round(shorter * EDGE_ZONE_SHARE)));
  let judged = 0;
  let white = 0;
  for (let p = 0; p < pixels; p += 1) {
    if (edgeZone[p]) continue;
    judged += 1;
    const i = p * 4;
    if (data[i]! >= WHITE_MIN && data[i + 1]! >= WHITE_MIN && data[i + 2]! >= WHITE_MIN) white += 1;
  }
  const whiteShare = judged === 0 ? null : white / judged;

  const problems: PrimaryImageRule[] = [];
  if (aspectRatio > 1 + SQUARE_TOLERANCE) problems.push('square');
  if (whiteShare === null || judged < pixels * MIN_JUDGED_SHARE || whiteShare < WHITE_SHARE) problems.push('white_background');
  if (fill < MIN_FILL) problems.push('fill');
  return { problems, aspectRatio: round3(aspectRatio), whiteShare: whiteShare === null ? null : round3(whiteShare), fill: round3(fill), marks: marks && !problems.includes('white_background') };
}
