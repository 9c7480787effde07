import { deflateSync } from 'node:zlib';

/** Small images made byte by byte for the notes' tests (decision 042). */

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), body])), 0);
  return Buffer.concat([head, body, crc]);
}

/**
 * An RGBA PNG of `width` × `height`, transparent, with a black diagonal stroke when `ink` (as a
 * signature pad gives one), or nothing drawn.
 */
export function signaturePng(ink = true, width = 60, height = 20): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 4);
    row[0] = y % 2 === 0 ? 0 : 1; // filters None and Sub, as encoders mix them
    const pixels = Buffer.alloc(width * 4);
    if (ink) {
      const x = Math.floor((y * width) / height);
      pixels.writeUInt32BE(0x000000ff, x * 4);
    }
    if (row[0] === 1) {
      for (let i = 0; i < pixels.length; i++) {
        row[1 + i] = (pixels[i]! - (i >= 4 ? pixels[i - 4]! : 0)) & 0xff;
      }
    } else pixels.copy(row, 1);
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 6;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const dataUrlOf = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;

/** The first bytes of a JPEG (enough for its type to be told), and some data after them. */
export const JPEG_BYTES = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]),
  Buffer.alloc(200, 7),
  Buffer.from([0xff, 0xd9]),
]);
/** A WebP's RIFF header. */
export const WEBP_BYTES = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([0x24, 0, 0, 0]),
  Buffer.from('WEBPVP8 '),
  Buffer.alloc(40, 1),
]);
