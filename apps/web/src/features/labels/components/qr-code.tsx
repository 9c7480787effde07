import QRCode from 'qrcode';
import { useMemo } from 'react';

/** The light margin around the code, in modules: the QR standard's quiet zone. */
const QUIET = 4;

/**
 * A QR code as SVG, drawn from the `qrcode` encoder's modules (error correction M) inside its own
 * quiet zone of 4 modules (the standard's: the label's edge, an outline or text beside the code
 * may not take its place), so that it prints sharp at any size and reads at 150 dpi, a cheap office
 * printer's.
 */
export function QrCode({ value, sizeMm }: { value: string; sizeMm: number }) {
  const { size, path } = useMemo(() => {
    const { modules } = QRCode.create(value, { errorCorrectionLevel: 'M' });
    let d = '';
    for (let row = 0; row < modules.size; row += 1) {
      for (let col = 0; col < modules.size; col += 1) {
        if (modules.get(row, col)) d += `M${col + QUIET} ${row + QUIET}h1v1h-1z`;
      }
    }
    return { size: modules.size + 2 * QUIET, path: d };
  }, [value]);
  return (
    <svg
      role="img"
      aria-label={`QR code of ${value}`}
      viewBox={`0 0 ${size} ${size}`}
      width={`${sizeMm}mm`}
      height={`${sizeMm}mm`}
      shapeRendering="crispEdges"
      className="shrink-0"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
