/**
 * The real-photograph set of `npm run bench:images` (issue 24, item 22): 166 images made from the
 * photographs of the Grocery Store Dataset (sources.json names each photograph, its git blob and, for
 * the 81 studio photographs, the product's box measured on the photograph and checked by eye; licence
 * and attribution in ATTRIBUTION.md). The photographs themselves are NOT committed (a fetched data set
 * stays out of this repository): `prepare.ts` renders the set from a checkout of the data set into
 * `.local/bench-images-real/`.
 *
 * What each image is, and why its labels are true by construction:
 * - `reframed` (81, one per studio photograph; most are pale cartons, cups and bottles with white tops):
 *   the product's box, cut from the photograph, scaled and placed on a new frame, so the product's
 *   larger coverage of the frame is exactly the drawn `fill`. Fills are 0.90–0.98 or 0.55–0.78, never
 *   in between: the box of a 198 px photograph is uncertain by a pixel or two. A fifth of the frames
 *   are 4:3 or 3:4 (not square); every sixth background is tinted (the photograph MULTIPLIED onto an
 *   off-white or light grey, as a lit backdrop greys a product's white too), the rest pure white.
 * - `marked` (45): a product on white with a caption, a price badge, a watermark or a shop logo added
 *   in the frame's free space, wholly outside the product's box (so outside its silhouette). 35 have a
 *   small product (0.55–0.72) whose box together with the mark spans 0.90 of the frame, so counting the
 *   mark as product would pass a photo that breaks the fill rule; 10 are tall products at 0.92–0.96
 *   with a small badge beside them (fill passes; the mark is still flagged).
 * - `natural` (40): the data set's in-store photographs of packaged goods held in a hand in front of
 *   shelves, unchanged (348 × 348): never a white background. Their fill and marks are not scored (a
 *   product's share of a cluttered frame is not what the rule measures; price tags are part of the
 *   scene, not added marks).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { seededRandom } from '../../../demo/random';
import type { PrimaryImageRule } from '../../../../contracts/primary-image';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../../..');
/** Where `prepare.ts` renders the set. */
export const RENDERED_IMAGE_DIR = path.join(repoRoot, '.local/bench-images-real');
/**
 * Where the set is read from: `REAL_IMAGE_DIR` when set; else this checkout's rendering; else the team's
 * shared copy beside the repository (`../shared/datasets/grocery-real-bench`, kept outside git).
 */
export const REAL_IMAGE_DIR =
  process.env.REAL_IMAGE_DIR ?? [RENDERED_IMAGE_DIR, path.resolve(repoRoot, '../shared/datasets/grocery-real-bench')].find((dir) => existsSync(dir)) ?? RENDERED_IMAGE_DIR;

export interface RealSources {
  repository: string;
  commit: string;
  iconic: { path: string; blob: string; productBox: [number, number, number, number] }[];
  natural: { path: string; blob: string }[];
}

export function realSources(): RealSources {
  return JSON.parse(readFileSync(path.join(here, 'sources.json'), 'utf8')) as RealSources;
}

export type MarkKind = 'caption' | 'badge' | 'watermark' | 'logo';

/** A mark drawn on the frame: its kind, its text and the box it is drawn in (frame pixels). */
export interface Mark {
  kind: MarkKind;
  text: string;
  color: string;
  box: { x: number; y: number; width: number; height: number };
}

export type RealLabel = PrimaryImageRule | 'marks';

export interface RealImage {
  file: string;
  kind: 'reframed' | 'marked' | 'natural';
  /** Index into sources.iconic (reframed, marked) or sources.natural. */
  source: number;
  width: number;
  height: number;
  /** Where the product's box goes (reframed, marked). */
  product?: { x: number; y: number; width: number; height: number };
  background: string;
  marks: Mark[];
  /** The product's larger coverage of the frame, 3 decimals (null: natural). */
  fill: number | null;
  quality: number;
  /** Whether the image follows each rule (`marks`: whether marks were added outside the product); null: not scored. */
  labels: Record<RealLabel, boolean | null>;
}

const SEED = 24_0022;
const SQUARE_SIDES = [400, 480, 560, 640, 720, 800];
const OTHER_FRAMES: [number, number][] = [
  [800, 600],
  [600, 800],
  [640, 480],
  [480, 640],
];
const GOOD_FILLS = [0.9, 0.92, 0.94, 0.96, 0.98];
const SMALL_FILLS = [0.55, 0.6, 0.64, 0.68, 0.72, 0.75, 0.78];
const TINTS = ['#F2F0EB', '#F5F5F5', '#E6E6E6', '#EDE8DC', '#DCDCDC', '#F5F5DC'];
const CAPTIONS = ['Fresh from the farm', 'Organic · 1 L', 'Best seller', 'Now 2 for 1', 'New recipe', 'Free delivery'];
const BADGES = ['-20%', 'NEW', 'SALE', '2 for 1', 'ECO'];
const MARK_COLORS = ['#C62828', '#1565C0', '#2E7D32', '#EF6C00', '#6A1B9A', '#212121'];

const round3 = (n: number) => Math.round(n * 1000) / 1000;

/** The whole set, in order (the same every time). */
export function realSet(sources: RealSources = realSources()): RealImage[] {
  const random = seededRandom(SEED);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const images: RealImage[] = [];
  const name = (kind: string, source: string) => `${String(images.length + 1).padStart(3, '0')}-${kind}-${path.basename(source).replace(/_Iconic\.jpg$|\.jpg$/, '')}`;

  /** The source box scaled so its larger coverage of width × height is `fill`. */
  const scaled = (box: [number, number, number, number], width: number, height: number, fill: number) => {
    const [, , bw, bh] = box;
    const scale = Math.min((fill * width) / bw, (fill * height) / bh);
    return { width: Math.round(bw * scale), height: Math.round(bh * scale) };
  };

  sources.iconic.forEach((source, i) => {
    const square = random() >= 0.2;
    const side = pick(SQUARE_SIDES);
    const [width, height] = square ? [side, side] : pick(OTHER_FRAMES);
    const good = i % 2 === 0;
    const target = good ? pick(GOOD_FILLS) : pick(SMALL_FILLS);
    const size = scaled(source.productBox, width, height, target);
    const x = Math.round(random() * (width - size.width));
    const y = Math.round(random() * (height - size.height));
    const fill = round3(Math.max(size.width / width, size.height / height));
    const tinted = i % 6 === 5;
    images.push({
      file: `${name(tinted ? 'tinted' : 'reframed', source.path)}.jpg`,
      kind: 'reframed',
      source: i,
      width: width,
      height: height,
      product: { x, y, ...size },
      background: tinted ? pick(TINTS) : '#FFFFFF',
      marks: [],
      fill,
      quality: Math.round(70 + random() * 20),
      labels: { square: width === height, white_background: !tinted, fill: fill >= 0.85, marks: false },
    });
  });

  // Marked: a small product in one corner, the mark across the free strip below or beside it.
  for (let m = 0; m < 35; m += 1) {
    const i = (m * 7 + 3) % sources.iconic.length;
    const source = sources.iconic[i]!;
    const side = pick(SQUARE_SIDES);
    const target = pick([0.55, 0.6, 0.64, 0.68, 0.72]);
    const size = scaled(source.productBox, side, side, target);
    const margin = Math.round(side * 0.05);
    const kind = (['caption', 'badge', 'watermark', 'logo'] as const)[m % 4]!;
    const color = pick(MARK_COLORS);
    // The product stands at the top (left or right); the mark sits in the bottom strip, ending 5 % from
    // the frame's bottom edge, so product box ∪ mark box spans 0.90 of the frame's height.
    const left = random() < 0.5;
    const product = { x: left ? margin : side - margin - size.width, y: margin, ...size };
    const stripTop = product.y + size.height;
    const bottom = side - margin;
    const markHeight = Math.round(kind === 'badge' ? Math.min(bottom - stripTop - 4, side * 0.16) : Math.min(bottom - stripTop - 4, side * 0.08));
    const markWidth = kind === 'caption' ? Math.round(side * 0.7) : kind === 'badge' ? markHeight : kind === 'watermark' ? Math.round(side * 0.42) : Math.round(side * 0.22);
    const markX = kind === 'caption' ? Math.round((side - markWidth) / 2) : left ? side - margin - markWidth : margin;
    const box = { x: markX, y: bottom - markHeight, width: markWidth, height: markHeight };
    const text = kind === 'caption' ? pick(CAPTIONS) : kind === 'badge' ? pick(BADGES) : kind === 'watermark' ? '© FreshMart' : 'FreshMart';
    images.push({
      file: `${name(`marked-${kind}`, source.path)}.jpg`,
      kind: 'marked',
      source: i,
      width: side,
      height: side,
      product,
      background: '#FFFFFF',
      marks: [{ kind, text, color: kind === 'watermark' ? '#9E9E9E' : color, box }],
      fill: round3(Math.max(size.width / side, size.height / side)),
      quality: Math.round(70 + random() * 20),
      labels: { square: true, white_background: true, fill: false, marks: true },
    });
  }

  // Tall products filling the frame, with a badge in the free space beside them.
  const tall = sources.iconic.map((s, i) => [s, i] as const).filter(([s]) => s.productBox[2] / s.productBox[3] <= 0.55);
  for (let m = 0; m < 10; m += 1) {
    const [source, i] = tall[(m * 5 + 1) % tall.length]!;
    const side = pick(SQUARE_SIDES);
    const size = scaled(source.productBox, side, side, pick([0.92, 0.94, 0.96]));
    const y = Math.round((side - size.height) / 2);
    const margin = Math.round(side * 0.04);
    const left = random() < 0.5;
    const product = { x: left ? margin : side - margin - size.width, y, ...size };
    const badge = Math.round(side * 0.14);
    const box = { x: left ? side - margin - badge : margin, y: margin, width: badge, height: badge };
    images.push({
      file: `${name('marked-badge-tall', source.path)}.jpg`,
      kind: 'marked',
      source: i,
      width: side,
      height: side,
      product,
      background: '#FFFFFF',
      marks: [{ kind: 'badge', text: pick(BADGES), color: pick(MARK_COLORS), box }],
      fill: round3(Math.max(size.width / side, size.height / side)),
      quality: Math.round(70 + random() * 20),
      labels: { square: true, white_background: true, fill: true, marks: true },
    });
  }

  sources.natural.forEach((source, i) => {
    images.push({
      file: `${name('natural', source.path)}.jpg`,
      kind: 'natural',
      source: i,
      width: 348,
      height: 348,
      background: 'scene',
      marks: [],
      fill: null,
      quality: 0,
      labels: { square: true, white_background: false, fill: null, marks: null },
    });
  });
  return images;
}
