import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import QRCode from 'qrcode';

/**
 * A video of labels for Chromium's fake camera (--use-file-for-fake-video-capture): YUV4MPEG2,
 * 4:2:0, each label's QR code drawn from its modules straight into the luma plane, a blank gap
 * after each so that a label comes into view afresh. Chromium plays it in a loop.
 */

const WIDTH = 640;
const HEIGHT = 480;
const FPS = 10;

function frameOf(text: string | null): Buffer {
  const luma = Buffer.alloc(WIDTH * HEIGHT, 255);
  if (text !== null) {
    const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
    const scale = Math.floor(Math.min(WIDTH, HEIGHT) / (modules.size + 8));
    const left = Math.floor((WIDTH - modules.size * scale) / 2);
    const top = Math.floor((HEIGHT - modules.size * scale) / 2);
    for (let row = 0; row < modules.size; row += 1) {
      for (let column = 0; column < modules.size; column += 1) {
        if (!modules.get(row, column)) continue;
        for (let y = 0; y < scale; y += 1) {
          luma.fill(
            0,
            (top + row * scale + y) * WIDTH + left + column * scale,
            (top + row * scale + y) * WIDTH + left + (column + 1) * scale,
          );
        }
      }
    }
  }
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  return Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
}

/** Writes the video: each text shown for `seconds`, then a blank second; its path. */
export function labelVideo(name: string, texts: string[], seconds = 3): string {
  const file = path.join(os.tmpdir(), `${name}-${process.pid}.y4m`);
  const blank = frameOf(null);
  const frames: Buffer[] = [
    Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F${FPS}:1 Ip A1:1 C420jpeg\n`),
  ];
  for (const text of texts) {
    const frame = frameOf(text);
    for (let i = 0; i < seconds * FPS; i += 1) frames.push(frame);
    for (let i = 0; i < FPS; i += 1) frames.push(blank);
  }
  fs.writeFileSync(file, Buffer.concat(frames));
  return file;
}
