/**
 * Real, tiny image files of every allowed type (and things that only pretend to be images), built
 * in the test: the check reads their first bytes as it reads an upload's.
 */
import { randomUUID } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import { localIdentityId, productImageKey } from '../../../contracts/buckets';

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid PNG, white, 8-bit RGB, `size` × `size` pixels. */
export function png(size = 2): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // bit depth 8, colour type RGB, deflate, no filter, no interlace
  // Each scanline: filter byte 0, then RGB triplets.
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3, 0xff)]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk('IHDR', header), pngChunk('IDAT', pixels), pngChunk('IEND', Buffer.alloc(0))]);
}

/** A valid baseline JPEG, 2 × 2 white pixels (encoded once with jpeg-js, quality 90; it decodes back to 2 × 2). */
export const jpeg = (): Buffer =>
  Buffer.from(
    '/9j/4AAQSkZJRgABAQAAAQABAAD/2wCEAAMCAgMCAgMDAwMEAwMEBQgFBQQEBQoHBwYIDAoMDAsKCwsNDhIQDQ4RDgsLEBYQERMUFRUVDA8XGBYUGBIUFRQBAwQEBQQFCQUFCRQNCw0UFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFP/AABEIAAIAAgMBEQACEQEDEQH/xAGiAAABBQEBAQEBAQAAAAAAAAAAAQIDBAUGBwgJCgsQAAIBAwMCBAMFBQQEAAABfQECAwAEEQUSITFBBhNRYQcicRQygZGhCCNCscEVUtHwJDNicoIJChYXGBkaJSYnKCkqNDU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6g4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2drh4uPk5ebn6Onq8fLz9PX29/j5+gEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoLEQACAQIEBAMEBwUEBAABAncAAQIDEQQFITEGEkFRB2FxEyIygQgUQpGhscEJIzNS8BVictEKFiQ04SXxFxgZGiYnKCkqNTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqCg4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2dri4+Tl5ufo6ery8/T19vf4+fr/2gAMAwEAAhEDEQA/AP1ToA//2Q==',
    'base64',
  );

/** A valid GIF89a, one transparent pixel. */
export const gif = (): Buffer => Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** A valid BMP: 14-byte file header, 40-byte BITMAPINFOHEADER, one white 24-bit pixel (row padded to 4 bytes). */
export function bmp(): Buffer {
  const file = Buffer.alloc(58);
  file.write('BM', 0, 'ascii');
  file.writeUInt32LE(58, 2); // file size
  file.writeUInt32LE(54, 10); // pixel data offset
  file.writeUInt32LE(40, 14); // info header size
  file.writeInt32LE(1, 18); // width
  file.writeInt32LE(1, 22); // height
  file.writeUInt16LE(1, 26); // planes
  file.writeUInt16LE(24, 28); // bits per pixel
  file.writeUInt32LE(4, 34); // image size
  file.set([0xff, 0xff, 0xff, 0x00], 54);
  return file;
}

/** A text file, as a vendor might rename it to .png. */
export const text = (): Buffer => Buffer.from('Best before: see the lid. This is not a picture.\n', 'utf8');

/** A realistic upload key: `private/<region>:<uuid>/products/<folder uuid>/<image uuid>.<ext>`. */
export const imageKey = (opts: { identity?: string; folder?: string; image?: string; ext: string }): string =>
  productImageKey(opts.identity ?? localIdentityId('us-east-1', randomUUID()), opts.folder ?? randomUUID(), opts.image ?? randomUUID(), opts.ext);
