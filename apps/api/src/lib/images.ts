import { inflateSync } from 'node:zlib';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';

/**
 * An uploaded photo decoded in full and encoded again as a JPEG, so that nothing but the picture is
 * kept (no EXIF GPS position, comments or appended bytes); the EXIF orientation is applied first and
 * a larger photo scaled to the phone's size. Runs on a worker thread (movement-notes/images.worker.ts).
 */

/** The most pixels decoded: a 16 MP camera's photo; the phone sends 1600 px at most. */
const PHOTO_MAX_PIXELS = 16_000_000;
/** The longest side a photo is kept at, as the phone resizes it. */
const PHOTO_LONGEST_SIDE = 1600;
/** What the decoder may allocate for one photo. */
const DECODE_MEMORY_MB = 256;
const QUALITY = 85;

/** Why a photo is refused: not a JPEG or PNG, does not decode, or too many pixels. */
export type RefusalReason = 'type' | 'unreadable' | 'tooBig';

/** A photo refused, for a 400 that says why (the messages are the service's). */
export class ImageRefused extends Error {
  constructor(readonly reason: RefusalReason) {
    super(`photo refused: ${reason}`);
  }
}

export type ReencodedPhoto = { bytes: Buffer; width: number; height: number };
type Pixels = { data: Uint8Array; width: number; height: number };

const startsWith = (bytes: Uint8Array, signature: number[]) =>
  bytes.length >= signature.length && signature.every((b, i) => bytes[i] === b);
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/**
 * The EXIF orientation (1 to 8) of a JPEG, read from its APP1 "Exif" segment before the scan;
 * 1 when it has none or it cannot be read.
 */
function jpegOrientation(bytes: Uint8Array): number {
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 2;
  while (offset + 4 <= data.length && data[offset] === 0xff) {
    const marker = data[offset + 1]!;
    if (marker === 0xda || marker === 0xd9) break; // the scan, or the end: no EXIF before it
    const length = data.readUInt16BE(offset + 2);
    const start = offset + 4;
    if (marker === 0xe1 && data.toString('latin1', start, start + 6) === 'Exif\0\0') {
      return orientationOfTiff(data.subarray(start + 6, offset + 2 + length));
    }
    offset += 2 + length;
  }
  return 1;
}

function orientationOfTiff(tiff: Buffer): number {
  if (tiff.length < 8) return 1;
  const little = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const ifd = u32(4);
  if (ifd + 2 > tiff.length) return 1;
  const count = u16(ifd);
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > tiff.length) return 1;
    if (u16(entry) === 0x0112) {
      const value = u16(entry + 8);
      return value >= 1 && value <= 8 ? value : 1;
    }
  }
  return 1;
}

function decodeJpeg(bytes: Uint8Array): Pixels {
  try {
    const image = jpeg.decode(bytes, {
      useTArray: true,
      formatAsRGBA: true,
      maxResolutionInMP: PHOTO_MAX_PIXELS / 1_000_000,
      maxMemoryUsageInMB: DECODE_MEMORY_MB,
    });
    return { data: image.data, width: image.width, height: image.height };
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    if (/maxResolutionInMP|maxMemoryUsageInMB|allocate/.test(message)) {
      throw new ImageRefused('tooBig');
    }
    throw new ImageRefused('unreadable');
  }
}

/** The IHDR's size, checked before pngjs inflates anything. */
function pngHeader(bytes: Uint8Array) {
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (data.length < 33 || data.toString('latin1', 12, 16) !== 'IHDR') {
    throw new ImageRefused('unreadable');
  }
  return { width: data.readUInt32BE(16), height: data.readUInt32BE(20), interlace: data[28] };
}

function decodePng(bytes: Uint8Array): Pixels {
  const { width, height, interlace } = pngHeader(bytes);
  if (!width || !height) throw new ImageRefused('unreadable');
  if (width * height > PHOTO_MAX_PIXELS) throw new ImageRefused('tooBig');
  if (interlace) {
    // pngjs inflates an interlaced image without a limit: the data is inflated here first, with
    // one (16-bit RGBA, every pass's filter bytes), so that a bomb stops at it.
    const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const idat: Buffer[] = [];
    for (let offset = 8; offset + 8 <= data.length; ) {
      const length = data.readUInt32BE(offset);
      if (data.toString('latin1', offset + 4, offset + 8) === 'IDAT') {
        idat.push(data.subarray(offset + 8, offset + 8 + length));
      }
      offset += 12 + length;
    }
    try {
      inflateSync(Buffer.concat(idat), { maxOutputLength: width * height * 8 + height * 15 + 64 });
    } catch {
      throw new ImageRefused('unreadable');
    }
  }
  try {
    const image = PNG.sync.read(Buffer.from(bytes));
    return { data: image.data, width: image.width, height: image.height };
  } catch {
    throw new ImageRefused('unreadable');
  }
}

/** RGBA over white, as RGBA with every alpha 255 (a JPEG has no transparency). */
function overWhite(image: Pixels): Pixels {
  const { data } = image;
  for (let i = 0; i < data.length; i += 4) {
    const alpha = data[i + 3]!;
    if (alpha === 255) continue;
    for (let c = 0; c < 3; c++)
      data[i + c] = Math.round((data[i + c]! * alpha + 255 * (255 - alpha)) / 255);
    data[i + 3] = 255;
  }
  return image;
}

/** Scaled down by averaging the source pixels each target pixel covers (a box filter). */
function scaleDown(image: Pixels, longest: number): Pixels {
  const { width, height, data } = image;
  const factor = Math.max(width, height) / longest;
  if (factor <= 1) return image;
  const w = Math.max(1, Math.round(width / factor));
  const h = Math.max(1, Math.round(height / factor));
  const out = new Uint8Array(w * h * 4);
  const sums = new Float64Array(w * 4);
  const counts = new Float64Array(w);
  const columnOf = new Int32Array(width);
  for (let x = 0; x < width; x++) columnOf[x] = Math.min(w - 1, Math.floor((x * w) / width));
  let row = 0;
  for (let y = 0; y <= height; y++) {
    const target = y < height ? Math.min(h - 1, Math.floor((y * h) / height)) : h;
    if (target !== row) {
      for (let x = 0; x < w; x++) {
        const n = counts[x] || 1;
        for (let c = 0; c < 4; c++) out[(row * w + x) * 4 + c] = Math.round(sums[x * 4 + c]! / n);
      }
      sums.fill(0);
      counts.fill(0);
      row = target;
    }
    if (y === height) break;
    const base = y * width * 4;
    for (let x = 0; x < width; x++) {
      const t = columnOf[x]!;
      const s = base + x * 4;
      for (let c = 0; c < 4; c++) sums[t * 4 + c] = sums[t * 4 + c]! + data[s + c]!;
      counts[t] = counts[t]! + 1;
    }
  }
  return { data: out, width: w, height: h };
}

/**
 * The pixels turned as EXIF orientation `o` says (2-8: mirrored and/or turned), so that they
 * stand upright without it.
 */
function orient(image: Pixels, o: number): Pixels {
  if (o <= 1 || o > 8) return image;
  const { width, height, data } = image;
  const swap = o >= 5;
  const w = swap ? height : width;
  const h = swap ? width : height;
  const out = new Uint8Array(data.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let tx: number;
      let ty: number;
      switch (o) {
        case 2: // mirrored
          tx = width - 1 - x;
          ty = y;
          break;
        case 3: // turned 180°
          tx = width - 1 - x;
          ty = height - 1 - y;
          break;
        case 4: // mirrored upside down
          tx = x;
          ty = height - 1 - y;
          break;
        case 5: // transposed
          tx = y;
          ty = x;
          break;
        case 6: // turned 90° clockwise to stand
          tx = height - 1 - y;
          ty = x;
          break;
        case 7: // transversed
          tx = height - 1 - y;
          ty = width - 1 - x;
          break;
        default: // 8: turned 90° counter-clockwise to stand
          tx = y;
          ty = width - 1 - x;
      }
      const from = (y * width + x) * 4;
      const to = (ty * w + tx) * 4;
      out[to] = data[from]!;
      out[to + 1] = data[from + 1]!;
      out[to + 2] = data[from + 2]!;
      out[to + 3] = data[from + 3]!;
    }
  }
  return { data: out, width: w, height: h };
}

/**
 * A JPEG or PNG photo decoded in full, oriented, scaled to PHOTO_LONGEST_SIDE at most and encoded
 * again as a JPEG; ImageRefused, with why, for anything else or anything that does not decode.
 */
export function reencodePhoto(bytes: Uint8Array): ReencodedPhoto {
  let image: Pixels;
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) {
    const decoded = decodeJpeg(bytes);
    let orientation = 1;
    try {
      orientation = jpegOrientation(bytes);
    } catch {
      // An EXIF segment that does not read: the photo as it decodes.
    }
    image = orient(decoded, orientation);
  } else if (startsWith(bytes, PNG_SIGNATURE)) {
    image = overWhite(decodePng(bytes));
  } else {
    throw new ImageRefused('type');
  }
  if (!image.width || !image.height || image.data.length < image.width * image.height * 4) {
    throw new ImageRefused('unreadable');
  }
  const scaled = scaleDown(image, PHOTO_LONGEST_SIDE);
  const encoded = jpeg.encode(
    {
      data: Buffer.from(scaled.data.buffer, scaled.data.byteOffset, scaled.data.byteLength),
      width: scaled.width,
      height: scaled.height,
    },
    QUALITY,
  );
  return { bytes: encoded.data, width: scaled.width, height: scaled.height };
}
