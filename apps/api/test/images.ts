import { createDeflate, deflateSync } from 'node:zlib';
import jpeg from 'jpeg-js';

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

/** A real JPEG of `width` × `height`: grey, its left half darker (so that its orientation shows). */
export function photoJpeg(width = 48, height = 32): Buffer {
  const data = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const value = x < width / 2 ? 40 : 200;
      data.fill(value, (y * width + x) * 4, (y * width + x) * 4 + 3);
      data[(y * width + x) * 4 + 3] = 255;
    }
  }
  return Buffer.from(jpeg.encode({ data, width, height }, 90).data);
}

/** A small real JPEG, as a phone's photo is (decision 046: a photo must decode). */
export const JPEG_BYTES = photoJpeg();

/**
 * `photo` with an APP1 Exif segment after its SOI: IFD0 with the orientation (`orientation`) and a
 * GPS IFD (latitude 51° 30' N, longitude 0° 7' W), as a phone's camera writes them; the segment
 * holds the text "GPSLatitude" too, so that a test can look for any of it in what is stored.
 */
export function withExifGps(photo: Buffer, orientation = 1): Buffer {
  // A big-endian TIFF: header, IFD0 (2 entries), the GPS IFD (4 entries), then the rationals.
  const tiff = Buffer.alloc(200);
  tiff.write('MM', 0, 'latin1');
  tiff.writeUInt16BE(42, 2);
  tiff.writeUInt32BE(8, 4);
  let at = 8;
  const entry = (tag: number, type: number, count: number, value: number) => {
    tiff.writeUInt16BE(tag, at);
    tiff.writeUInt16BE(type, at + 2);
    tiff.writeUInt32BE(count, at + 4);
    if (type === 3) tiff.writeUInt16BE(value, at + 8);
    else tiff.writeUInt32BE(value, at + 8);
    at += 12;
  };
  tiff.writeUInt16BE(2, at);
  at += 2;
  entry(0x0112, 3, 1, orientation);
  const gpsIfd = 8 + 2 + 2 * 12 + 4;
  entry(0x8825, 4, 1, gpsIfd);
  tiff.writeUInt32BE(0, at);
  at = gpsIfd;
  const rationals = gpsIfd + 2 + 4 * 12 + 4;
  tiff.writeUInt16BE(4, at);
  at += 2;
  entry(0x0001, 2, 2, 0);
  tiff.write('N\0', at - 4, 'latin1');
  entry(0x0002, 5, 3, rationals);
  entry(0x0003, 2, 2, 0);
  tiff.write('W\0', at - 4, 'latin1');
  entry(0x0004, 5, 3, rationals + 24);
  tiff.writeUInt32BE(0, at);
  const degrees = [51, 1, 30, 1, 0, 1, 0, 1, 7, 1, 0, 1];
  for (const [i, value] of degrees.entries()) tiff.writeUInt32BE(value, rationals + i * 4);
  const marker = Buffer.from('GPSLatitude 51.5 N GPSLongitude 0.12 W', 'latin1');
  const body = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff, marker]);
  const head = Buffer.from([0xff, 0xe1, 0, 0]);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([photo.subarray(0, 2), head, body, photo.subarray(2)]);
}

/**
 * A 1×1 RGBA PNG whose pixel data inflates to `inflated` bytes (issue 48: 200 MB from about 200 KB):
 * one row's worth of real data, then zeros the header does not allow for.
 */
export async function pngBomb(inflated = 200 * 1024 * 1024): Promise<Buffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header[8] = 8;
  header[9] = 6;
  // Deflated as a stream of one 16 MB piece of zeros written again and again, so that the test
  // never holds 200 MB itself.
  const deflate = createDeflate({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on('data', (part: Buffer) => parts.push(part));
  const ended = new Promise((resolve) => deflate.on('end', resolve));
  const piece = Buffer.alloc(16 * 1024 * 1024);
  for (let left = inflated; left > 0; left -= piece.length) {
    const more = deflate.write(piece.subarray(0, Math.min(left, piece.length)));
    if (!more) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await ended;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', Buffer.concat(parts)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
/** A WebP's RIFF header. */
export const WEBP_BYTES = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([0x24, 0, 0, 0]),
  Buffer.from('WEBPVP8 '),
  Buffer.alloc(40, 1),
]);
