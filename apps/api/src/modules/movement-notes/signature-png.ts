import { inflateSync } from 'node:zlib';

/** The largest signature decoded: a pad's canvas at a phone's or tablet's pixel ratio is far less. */
const SIGNATURE_MAX_SIDE = 4096;
const SIGNATURE_MAX_PIXELS = 4_000_000;

/** A PNG's width and height as its IHDR says, or null when it has none. */
export function pngSize(png: Uint8Array): { width: number; height: number } | null {
  const data = Buffer.from(png.buffer, png.byteOffset, png.byteLength);
  if (data.length < 24 || data.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
}

/**
 * Whether a PNG shows anything: false when every pixel is the colour of its corner (a pad never
 * drawn on). Reads 8-bit non-interlaced RGB, RGBA, grey and grey-alpha (what a canvas gives);
 * null for a PNG it cannot read.
 */
export function pngHasInk(png: Uint8Array): boolean | null {
  const data = Buffer.from(png);
  let offset = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const idat: Buffer[] = [];
  while (offset + 8 <= data.length) {
    const length = data.readUInt32BE(offset);
    const type = data.toString('latin1', offset + 4, offset + 8);
    const body = data.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      if (body.length < 13) return null;
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      const depth = body[8];
      const colour = body[9];
      const interlace = body[12];
      channels = ({ 0: 1, 2: 3, 4: 2, 6: 4 } as Record<number, number>)[colour ?? -1] ?? 0;
      if (depth !== 8 || interlace !== 0 || channels === 0) return null;
      // The size is checked before anything is inflated (issue 48: a 1×1 PNG whose data inflated
      // to 200 MB): the pixels inflate to exactly height × (stride + 1) bytes, never more.
      if (!width || !height || width > SIGNATURE_MAX_SIDE || height > SIGNATURE_MAX_SIDE)
        return null;
      if (width * height > SIGNATURE_MAX_PIXELS) return null;
    } else if (type === 'IDAT') idat.push(body);
    else if (type === 'IEND') break;
    offset += 12 + length;
  }
  if (!width || !height || idat.length === 0) return null;
  const stride = width * channels;
  let raw: Buffer;
  try {
    // Inflation stops at the first byte past what the image's size allows (a bomb is refused
    // after inflating that much, not all of it).
    raw = inflateSync(Buffer.concat(idat), { maxOutputLength: height * (stride + 1) });
  } catch {
    return null;
  }
  if (raw.length < height * (stride + 1)) return null;
  const previous = Buffer.alloc(stride);
  const line = Buffer.alloc(stride);
  let ground: Buffer | null = null;
  for (let y = 0; y < height; y++) {
    const start = y * (stride + 1);
    const filter = raw[start]!;
    for (let x = 0; x < stride; x++) {
      const value = raw[start + 1 + x]!;
      const a = x >= channels ? line[x - channels]! : 0;
      const b = previous[x]!;
      const c = x >= channels ? previous[x - channels]! : 0;
      let out: number;
      switch (filter) {
        case 0:
          out = value;
          break;
        case 1:
          out = value + a;
          break;
        case 2:
          out = value + b;
          break;
        case 3:
          out = value + ((a + b) >> 1);
          break;
        case 4: {
          const p = a + b - c;
          const pa = Math.abs(p - a);
          const pb = Math.abs(p - b);
          const pc = Math.abs(p - c);
          out = value + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c);
          break;
        }
        default:
          return null;
      }
      line[x] = out & 0xff;
    }
    ground ??= Buffer.from(line.subarray(0, channels));
    for (let x = 0; x < stride; x += channels) {
      if (line.compare(ground, 0, channels, x, x + channels) !== 0) return true;
    }
    line.copy(previous);
  }
  // Every pixel the colour of the corner: nothing was drawn.
  return false;
}
