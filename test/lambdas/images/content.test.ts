import { describe, expect, it } from 'vitest';
import { detectImageType, extensionFits, SIGNATURE_BYTES } from '../../../contracts/images';
import { IMAGE_CONTENT_TYPES } from '../../../contracts/listings/schema';
import { bmp, gif, jpeg, png, text } from './fixtures';

const head = (b: Buffer) => new Uint8Array(b.subarray(0, SIGNATURE_BYTES));

describe('detectImageType: the type from the first bytes', () => {
  it.each([
    ['a JPEG', jpeg(), 'image/jpeg'],
    ['a PNG', png(), 'image/png'],
    ['a GIF89a', gif(), 'image/gif'],
    ['a GIF87a', Buffer.concat([Buffer.from('GIF87a'), gif().subarray(6)]), 'image/gif'],
    ['a BMP', bmp(), 'image/bmp'],
  ])('%s', (_name, file, type) => {
    expect(detectImageType(head(file))).toBe(type);
  });

  it('covers every allowed content type', () => {
    expect(new Set([jpeg(), png(), gif(), bmp()].map((f) => detectImageType(head(f))))).toEqual(new Set(IMAGE_CONTENT_TYPES));
  });

  it.each([
    ['text', text()],
    ['an empty file', Buffer.alloc(0)],
    ['text that starts with "BM"', Buffer.from('BMW 3 series brochure, page one of twelve')],
    ['"BM" and too few bytes to be a bitmap', Buffer.from('BM')],
    ['a truncated PNG signature', png().subarray(0, 5)],
    ['"GIF88a"', Buffer.from('GIF88a and more text')],
    ['JPEG without its third marker byte', Buffer.from([0xff, 0xd8, 0x00, 0x00])],
    ['WebP (not allowed)', Buffer.from('RIFF\x24\x00\x00\x00WEBPVP8 ', 'latin1')],
    ['a PDF', Buffer.from('%PDF-1.7\n%âãÏÓ\n', 'latin1')],
  ])('%s is not an image', (_name, bytes) => {
    expect(detectImageType(head(bytes))).toBeNull();
  });
});

describe('extensionFits', () => {
  it('jpg and jpeg are JPEG; each other type has its own', () => {
    expect(extensionFits('image/jpeg', 'jpg')).toBe(true);
    expect(extensionFits('image/jpeg', 'jpeg')).toBe(true);
    expect(extensionFits('image/png', 'png')).toBe(true);
    expect(extensionFits('image/gif', 'gif')).toBe(true);
    expect(extensionFits('image/bmp', 'bmp')).toBe(true);
  });

  it('a type under another extension does not fit', () => {
    expect(extensionFits('image/gif', 'jpg')).toBe(false);
    expect(extensionFits('image/png', 'jpeg')).toBe(false);
    expect(extensionFits('image/jpeg', 'png')).toBe(false);
    expect(extensionFits('image/bmp', 'gif')).toBe(false);
  });
});
