/**
 * Renders the labelled set of `npm run bench:images` (./set.ts) with sharp: each image is an SVG
 * (background, a soft shadow, a product shape with a solid, gradient or noise texture) rasterised and
 * saved as JPEG at the set's quality (JPEG artefacts) or PNG. `tsx scripts/bench/images/generate.ts`
 * writes manifest.json (the list with its labels, committed) and the images into
 * `.local/bench-images/`; the bench renders what is missing itself.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { seededRandom } from '../../demo/random';
import { benchSet, TWELVE_MEGAPIXEL, type BenchImage } from './set';

const here = path.dirname(fileURLToPath(import.meta.url));
export const MANIFEST_PATH = path.join(here, 'manifest.json');
export const IMAGE_CACHE = path.resolve(here, '../../../.local/bench-images');

function backgroundSvg(image: BenchImage): string {
  const { background, width, height } = image;
  if (background.direction === 'flat') return `<rect width="${width}" height="${height}" fill="${background.colors[0]}"/>`;
  const [from, to] = background.colors;
  const stops = `<stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/>`;
  const gradient =
    background.direction === 'radial'
      ? `<radialGradient id="bg" cx="0.5" cy="0.5" r="0.75">${stops}</radialGradient>`
      : background.direction === 'vertical'
        ? `<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1">${stops}</linearGradient>`
        : `<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">${stops}</linearGradient>`;
  return `<defs>${gradient}</defs><rect width="${width}" height="${height}" fill="url(#bg)"/>`;
}

function shapeSvg(p: BenchImage['product'], paint: string, extra = ''): string {
  const { x, y, width: w, height: h } = p;
  switch (p.shape) {
    case 'ellipse':
      return `<ellipse cx="${x + w / 2}" cy="${y + h / 2}" rx="${w / 2}" ry="${h / 2}" fill="${paint}" ${extra}/>`;
    case 'box':
      return `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${w * 0.04}" fill="${paint}" ${extra}/>`;
    case 'can':
      return `<g fill="${paint}" ${extra}><rect x="${x}" y="${y + h * 0.06}" width="${w}" height="${h * 0.88}"/><ellipse cx="${x + w / 2}" cy="${y + h * 0.06}" rx="${w / 2}" ry="${h * 0.06}"/><ellipse cx="${x + w / 2}" cy="${y + h * 0.94}" rx="${w / 2}" ry="${h * 0.06}"/></g>`;
    case 'bottle': {
      const neck = w * 0.36;
      return `<g fill="${paint}" ${extra}><rect x="${x + (w - neck) / 2}" y="${y}" width="${neck}" height="${h * 0.4}" rx="${neck * 0.15}"/><rect x="${x}" y="${y + h * 0.3}" width="${w}" height="${h * 0.7}" rx="${w * 0.18}"/></g>`;
    }
  }
}

/** The image's SVG source. */
export function imageSvg(image: BenchImage): string {
  const { width, height, product: p } = image;
  const short = Math.min(width, height);
  const defs: string[] = [];
  const layers: string[] = [backgroundSvg(image)];
  if (image.shadow) {
    defs.push(`<filter id="soft" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${(short * 0.012).toFixed(1)}"/></filter>`);
    layers.push(`<ellipse cx="${p.x + p.width / 2}" cy="${p.y + p.height * 0.97}" rx="${p.width * 0.5}" ry="${Math.max(4, p.height * 0.05)}" fill="#000" fill-opacity="0.16" filter="url(#soft)"/>`);
  }
  let paint = p.colors[0];
  if (p.texture === 'gradient') {
    defs.push(`<linearGradient id="pg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.colors[0]}"/><stop offset="1" stop-color="${p.colors[1]}"/></linearGradient>`);
    paint = 'url(#pg)';
  }
  layers.push(shapeSvg(p, paint));
  if (p.texture === 'noise') {
    // Grey fractal noise multiplied over the product, clipped to its shape.
    defs.push(
      `<filter id="grain" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency="${(40 / short).toFixed(4)}" numOctaves="3" seed="7"/><feColorMatrix type="saturate" values="0"/><feComponentTransfer><feFuncA type="linear" slope="0" intercept="0.55"/></feComponentTransfer><feComposite in2="SourceGraphic" operator="in"/></filter>`,
    );
    layers.push(shapeSvg(p, p.colors[1], 'filter="url(#grain)"'));
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><defs>${defs.join('')}</defs>${layers.join('')}</svg>`;
}

/** The encoded file of one image of the set. */
export async function renderImage(image: BenchImage): Promise<Buffer> {
  let raster = sharp(Buffer.from(imageSvg(image)), { density: 72, limitInputPixels: false }).flatten({ background: '#ffffff' });
  if (image.grain) {
    // Per-pixel noise multiplied over everything (down to 78 %: a photo's entropy; only timed, its labels are not scored).
    const random = seededRandom(12);
    const noise = Buffer.alloc(image.width * image.height * 3);
    for (let i = 0; i < noise.length; i += 1) noise[i] = 200 + Math.floor(random() * 56);
    const flat = await raster.raw().toBuffer();
    const grain = await sharp(noise, { raw: { width: image.width, height: image.height, channels: 3 } }).png().toBuffer();
    raster = sharp(flat, { raw: { width: image.width, height: image.height, channels: 3 } }).composite([{ input: grain, blend: 'multiply' }]);
  }
  return image.format === 'png' ? raster.png().toBuffer() : raster.jpeg({ quality: image.quality }).toBuffer();
}

/** Writes the images of `images` missing from the cache; answers their paths. */
export async function ensureRendered(images: readonly BenchImage[]): Promise<string[]> {
  mkdirSync(IMAGE_CACHE, { recursive: true });
  const paths: string[] = [];
  for (const image of images) {
    const file = path.join(IMAGE_CACHE, image.file);
    if (!existsSync(file)) writeFileSync(file, await renderImage(image));
    paths.push(file);
  }
  return paths;
}

async function main() {
  const set = benchSet();
  writeFileSync(MANIFEST_PATH, `${JSON.stringify({ generatedBy: 'scripts/bench/images/generate.ts', images: set }, null, 1)}\n`);
  await ensureRendered([...set, TWELVE_MEGAPIXEL]);
  console.log(`${set.length} images and the 12-MP JPEG in ${path.relative(process.cwd(), IMAGE_CACHE)}; labels in ${path.relative(process.cwd(), MANIFEST_PATH)}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
