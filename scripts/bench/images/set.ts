/**
 * The labelled image set of `npm run bench:images` (issue 15): what each image shows (frame,
 * background, product, shadow, file format) and its label for each primary-image rule
 * (contracts/primary-image.ts), all decided by a seeded generator so the set is the same on every
 * machine. `generate.ts` writes the list as manifest.json (committed) and renders the images (sharp,
 * from SVG) into `.local/bench-images/` on demand; they are not committed.
 *
 * Labels are ground truth by construction: `square` when the frame is square (non-square frames are
 * 5:4 or wider), `white_background` when the background is #FFFFFF (off-white, grey and gradient
 * backgrounds are not), `fill` when the drawn product's larger coverage of the frame is at least 85 %.
 * Fills are drawn from 60–100 % but never inside 83–87 %: a product's edge after JPEG compression and
 * downscaling to 512 px is uncertain by about a percent, so a label that close to the line would
 * measure the drawing, not the check.
 */
import { seededRandom } from '../../demo/random';
import type { PrimaryImageRule } from '../../../contracts/primary-image';

export type BackgroundKind = 'white' | 'off-white' | 'grey' | 'gradient';
export type Shape = 'ellipse' | 'box' | 'bottle' | 'can';
export type Texture = 'solid' | 'gradient' | 'noise';

export interface BenchImage {
  file: string;
  width: number;
  height: number;
  background: { kind: BackgroundKind; colors: string[]; direction: 'flat' | 'vertical' | 'diagonal' | 'radial' };
  product: { shape: Shape; texture: Texture; colors: [string, string]; x: number; y: number; width: number; height: number };
  /** max(product width / frame width, product height / frame height), 3 decimals. */
  fill: number;
  shadow: boolean;
  format: 'jpeg' | 'png';
  /** JPEG quality (PNG: 100). */
  quality: number;
  /** Whether the image follows each rule. */
  labels: Record<PrimaryImageRule, boolean>;
  /** Sensor-like noise over the whole frame (the 12-MP timing image: a photo's entropy, so a realistic file size). */
  grain?: boolean;
}

const SEED = 15_0001;
export const SET_SIZE = 120;

const OFF_WHITES = ['#FAF8F0', '#F5F5F5', '#F5F5DC', '#FFF8E7', '#F2F0EB', '#FAF0E6', '#F0EEE8', '#FDF5E6'];
const GREYS = ['#E6E6E6', '#DCDCDC', '#D3D3D3', '#C8C8C8', '#E0E2E4', '#D8D4CE', '#EBEBEB', '#CFCFCF'];
/** Colours products are drawn in: all clearly apart from white and from the light greys. */
const PRODUCT_COLORS = ['#C62828', '#1565C0', '#2E7D32', '#6D4C41', '#EF6C00', '#37474F', '#8E24AA', '#00838F', '#D81B60', '#1B1B1B', '#F9A825', '#4E342E'];
const SQUARE_SIDES = [800, 1000, 1080, 1200, 1500];
const OTHER_FRAMES: [number, number][] = [
  [1200, 900],
  [900, 1200],
  [1600, 900],
  [1000, 1250],
  [1500, 1000],
  [1000, 1500],
  [1280, 720],
];
const FILLS = [0.6, 0.64, 0.68, 0.72, 0.76, 0.79, 0.81, 0.825, 0.875, 0.89, 0.91, 0.93, 0.95, 0.97, 0.99, 1];
const ASPECTS: Record<Shape, [number, number]> = { bottle: [0.32, 0.5], can: [0.55, 0.75], box: [0.7, 1.3], ellipse: [0.8, 1.25] };
const BACKGROUND_CYCLE: BackgroundKind[] = ['white', 'off-white', 'white', 'grey', 'white', 'gradient'];

const hex = (v: number) => v.toString(16).padStart(2, '0').toUpperCase();
const greyHex = (v: number) => `#${hex(v)}${hex(v)}${hex(v)}`;

/** The whole set, in order (the same every time). */
export function benchSet(): BenchImage[] {
  const random = seededRandom(SEED);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const between = (lo: number, hi: number) => lo + random() * (hi - lo);
  const images: BenchImage[] = [];
  for (let i = 0; i < SET_SIZE; i += 1) {
    const kind = BACKGROUND_CYCLE[i % BACKGROUND_CYCLE.length]!;
    const square = random() < 0.55;
    const side = pick(SQUARE_SIDES);
    const [width, height] = square ? [side, side] : pick(OTHER_FRAMES);
    const background: BenchImage['background'] =
      kind === 'white'
        ? { kind, colors: ['#FFFFFF'], direction: 'flat' }
        : kind === 'off-white'
          ? { kind, colors: [pick(OFF_WHITES)], direction: 'flat' }
          : kind === 'grey'
            ? { kind, colors: [pick(GREYS)], direction: 'flat' }
            : { kind, colors: ['#FFFFFF', greyHex(Math.round(between(218, 238)))], direction: pick(['vertical', 'diagonal', 'radial'] as const) };

    const fill = pick(FILLS);
    const shape = pick(['ellipse', 'box', 'bottle', 'can'] as const);
    const [aLo, aHi] = ASPECTS[shape];
    const aspect = between(aLo, aHi);
    // The larger relative side is `fill`; the other follows the product's aspect.
    let h = fill * height;
    let w = aspect * h;
    if (w / width > fill) {
      w = fill * width;
      h = w / aspect;
    }
    // A box as wide as the frame both ways would hide every edge of the background (see the rules' limits).
    if ((shape === 'box' || shape === 'can') && Math.min(w / width, h / height) > 0.8) {
      if (w / width >= h / height) h = 0.8 * height;
      else w = 0.8 * width;
    }
    w = Math.round(w);
    h = Math.round(h);
    const x = Math.round(random() * (width - w));
    const y = Math.round(random() * (height - h));
    const texture = pick(['solid', 'gradient', 'noise'] as const);
    const first = pick(PRODUCT_COLORS);
    const colors: [string, string] = [first, pick(PRODUCT_COLORS.filter((c) => c !== first))];
    const png = random() < 0.1;
    const quality = png ? 100 : Math.round(between(60, 90));
    const shadow = random() < 0.45;
    const measuredFill = Math.round(Math.max(w / width, h / height) * 1000) / 1000;
    const name = `${String(i + 1).padStart(3, '0')}-${kind}-${width}x${height}-fill${Math.round(measuredFill * 100)}${shadow ? '-shadow' : ''}.${png ? 'png' : 'jpg'}`;
    images.push({
      file: name,
      width,
      height,
      background,
      product: { shape, texture, colors, x, y, width: w, height: h },
      fill: measuredFill,
      shadow,
      format: png ? 'png' : 'jpeg',
      quality,
      labels: { square: width === height, white_background: kind === 'white', fill: measuredFill >= 0.85 },
    });
  }
  return images;
}

/** The bench's 12-megapixel JPEG (4000 × 3000, quality 90, a noisy product): the server path's timing. */
export const TWELVE_MEGAPIXEL: BenchImage = {
  file: '12mp.jpg',
  width: 4000,
  height: 3000,
  background: { kind: 'white', colors: ['#FFFFFF'], direction: 'flat' },
  product: { shape: 'box', texture: 'noise', colors: ['#C62828', '#F9A825'], x: 600, y: 150, width: 2800, height: 2700 },
  fill: 0.9,
  shadow: true,
  format: 'jpeg',
  quality: 90,
  labels: { square: false, white_background: true, fill: true },
  grain: true,
};
