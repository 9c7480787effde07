import QRCode from 'qrcode';
import { useMemo } from 'react';

/**
 * A QR code as SVG, drawn from the `qrcode` encoder's modules (error correction M, no quiet zone:
 * the label's own margin is one), so that it prints sharp at any size.
 */
export function QrCode({ value, sizeMm }: { value: string; sizeMm: number }) {
  const { size, path } = useMemo(() => {
    const { modules } = QRCode.create(value, { errorCorrectionLevel: 'M' });
    let d = '';
    for (let row = 0; row < modules.size; row += 1) {
      for (let col = 0; col < modules.size; col += 1) {
        if (modules.get(row, col)) d += `M${col} ${row}h1v1h-1z`;
      }
    }
    return { size: modules.size, path: d };
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
