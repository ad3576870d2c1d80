/**
 * Real PNG files for the demo catalogue and the browser tests, drawn in code so the repository
 * carries no binaries: a square frame on a pure white background with the product filling about
 * 88 % of it (the spec's image guidelines), and a nutrition-facts-like label.
 */
import { crc32, deflateSync } from 'node:zlib';

type Rgb = readonly [number, number, number];

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** Encodes an RGB pixel function as a PNG (8-bit truecolour, no interlace). */
export function encodePng(width: number, height: number, pixel: (x: number, y: number) => Rgb): Buffer {
  const rows = Buffer.alloc((width * 3 + 1) * height);
  let o = 0;
  for (let y = 0; y < height; y++) {
    rows[o++] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const [r, g, b] = pixel(x, y);
      rows[o++] = r;
      rows[o++] = g;
      rows[o++] = b;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

const WHITE: Rgb = [255, 255, 255];

/** A product shot: a rounded package in `color` with a lighter band, filling ~88 % of a white square. */
export function productPng(color: Rgb, size = 320): Buffer {
  const margin = Math.round(size * 0.06);
  const radius = size * 0.12;
  const band: Rgb = [Math.min(255, color[0] + 70), Math.min(255, color[1] + 70), Math.min(255, color[2] + 70)];
  return encodePng(size, size, (x, y) => {
    const lo = margin;
    const hi = size - margin;
    if (x < lo || x >= hi || y < lo || y >= hi) return WHITE;
    const cx = Math.min(Math.max(x, lo + radius), hi - radius);
    const cy = Math.min(Math.max(y, lo + radius), hi - radius);
    if ((x - cx) ** 2 + (y - cy) ** 2 > radius ** 2) return WHITE;
    return y > size * 0.42 && y < size * 0.58 ? band : color;
  });
}

/** A nutrition facts label: black rules on white, the shape a reviewer expects to read. */
export function nutritionLabelPng(width = 240, height = 360): Buffer {
  const rules = [0.08, 0.2, 0.22, 0.36, 0.5, 0.64, 0.78, 0.92].map((r) => Math.round(r * height));
  return encodePng(width, height, (x, y) => {
    if (x < 8 || x >= width - 8 || y < 8 || y >= height - 8) return x < 10 || x >= width - 10 || y < 10 || y >= height - 10 ? [0, 0, 0] : WHITE;
    if (rules.some((r) => Math.abs(y - r) <= (r === rules[1] ? 3 : 0))) return [0, 0, 0];
    // Text-like dashes between the rules.
    return y % 12 < 4 && x > 20 && x < width * (0.45 + ((y * 7) % 40) / 100) ? [40, 40, 40] : WHITE;
  });
}
