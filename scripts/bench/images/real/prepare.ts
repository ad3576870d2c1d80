/**
 * Renders the real-photograph set (./set.ts) into `.local/bench-images-real/` from the Grocery Store
 * Dataset (ATTRIBUTION.md): `tsx scripts/bench/images/real/prepare.ts <dataset>`, where <dataset> is a
 * checkout of the data set or its bare git directory. Each photograph is read at the commit that
 * sources.json names and checked against its git blob id, so the labels describe exactly these pixels.
 * The photographs are not committed: they stay in `.local/` (see set.ts).
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { RENDERED_IMAGE_DIR as REAL_IMAGE_DIR, realSet, realSources, type Mark, type RealImage, type RealSources } from './set';

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The photograph at `file` in the data set, checked against its git blob id. */
function photograph(dataset: string, commit: string, file: string, blob: string): Buffer {
  const bytes = existsSync(path.join(dataset, file))
    ? readFileSync(path.join(dataset, file))
    : execFileSync('git', ['--git-dir', dataset, 'show', `${commit}:${file}`], { maxBuffer: 64 * 1024 * 1024 });
  const id = createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
  if (id !== blob) throw new Error(`${file}: blob ${id}, expected ${blob}`);
  return bytes;
}

/**
 * A mark as SVG, drawn from its box's corner. The box lies in the free strip below or beside the
 * product's box, so text that runs wider than the box (fonts differ between machines) runs along the
 * strip or off the frame, never onto the product.
 */
function markSvg(mark: Mark): string {
  const { x, y, width, height } = mark.box;
  const text = escapeXml(mark.text);
  switch (mark.kind) {
    case 'caption':
      return `<text x="${x}" y="${y + height * 0.8}" font-family="sans-serif" font-weight="bold" font-size="${height * 0.9}" fill="${mark.color}" textLength="${width}" lengthAdjust="spacingAndGlyphs">${text}</text>`;
    case 'badge': {
      const r = width / 2;
      return `<circle cx="${x + r}" cy="${y + r}" r="${r}" fill="${mark.color}"/><text x="${x + width * 0.18}" y="${y + r + height * 0.12}" font-family="sans-serif" font-weight="bold" font-size="${height * 0.3}" fill="#FFFFFF" textLength="${width * 0.64}" lengthAdjust="spacingAndGlyphs">${text}</text>`;
    }
    case 'watermark':
      return `<text x="${x}" y="${y + height * 0.8}" font-family="serif" font-size="${height * 0.9}" fill="${mark.color}" fill-opacity="0.7" textLength="${width}" lengthAdjust="spacingAndGlyphs">${text}</text>`;
    case 'logo':
      return `<rect x="${x + 1}" y="${y + 1}" width="${width - 2}" height="${height - 2}" rx="${height * 0.25}" fill="none" stroke="${mark.color}" stroke-width="${Math.max(2, height * 0.08)}"/><text x="${x + width * 0.1}" y="${y + height * 0.68}" font-family="sans-serif" font-weight="bold" font-size="${height * 0.5}" fill="${mark.color}" textLength="${width * 0.8}" lengthAdjust="spacingAndGlyphs">${text}</text>`;
  }
}

/** The encoded file of one image of the set. */
export async function renderReal(image: RealImage, sources: RealSources, read: (file: string, blob: string) => Buffer): Promise<Buffer> {
  if (image.kind === 'natural') {
    const source = sources.natural[image.source]!;
    return read(source.path, source.blob);
  }
  const source = sources.iconic[image.source]!;
  const [left, top, width, height] = source.productBox;
  const product = await sharp(read(source.path, source.blob))
    .extract({ left, top, width, height })
    .resize(image.product!.width, image.product!.height, { fit: 'fill', kernel: 'lanczos3' })
    .png()
    .toBuffer();
  const layers: sharp.OverlayOptions[] = [{ input: product, left: image.product!.x, top: image.product!.y }];
  if (image.marks.length) {
    layers.push({ input: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${image.width}" height="${image.height}">${image.marks.map(markSvg).join('')}</svg>`), left: 0, top: 0 });
  }
  if (image.background !== '#FFFFFF') {
    // A tinted backdrop: the whole photograph multiplied by it (its white turns to the tint).
    layers.push({ input: { create: { width: image.width, height: image.height, channels: 3, background: image.background } }, blend: 'multiply' });
  }
  const flat = await sharp({ create: { width: image.width, height: image.height, channels: 3, background: '#FFFFFF' } })
    .composite(layers)
    .png()
    .toBuffer();
  return sharp(flat).jpeg({ quality: image.quality }).toBuffer();
}

async function main() {
  const dataset = process.argv[2];
  if (!dataset) {
    console.error('usage: tsx scripts/bench/images/real/prepare.ts <Grocery Store Dataset checkout or git dir>');
    process.exit(2);
  }
  const sources = realSources();
  const read = (file: string, blob: string) => photograph(dataset, sources.commit, file, blob);
  mkdirSync(REAL_IMAGE_DIR, { recursive: true });
  const set = realSet(sources);
  for (const image of set) writeFileSync(path.join(REAL_IMAGE_DIR, image.file), await renderReal(image, sources, read));
  console.log(`${set.length} images in ${path.relative(process.cwd(), REAL_IMAGE_DIR)}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
