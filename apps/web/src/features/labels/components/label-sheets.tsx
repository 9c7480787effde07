import { LABEL_FORMATS, type LabelFormat, MATERIAL_UNIT_LABELS } from '@stockyard/shared';
import type { CSSProperties } from 'react';
import { cn } from '@/lib/cn';
import type { LabelContent } from '../label-layout';
import { QrCode } from './qr-code';

const unitText = (unit: string) =>
  (MATERIAL_UNIT_LABELS as Record<string, string>)[unit] ?? unit.toLowerCase();

/** One label: its QR code at the left, its words beside it; black on white in either theme. */
function Label({
  content,
  format,
  outline,
}: {
  content: LabelContent | null;
  format: LabelFormat;
  outline: boolean;
}) {
  const { width, height } = LABEL_FORMATS[format].label;
  const pad = format === 'a4' ? 2.5 : 2;
  const qr = format === 'a4' ? 28 : 24;
  const style: CSSProperties = {
    width: `${width}mm`,
    height: `${height}mm`,
    padding: `${pad}mm`,
    gap: `${pad}mm`,
  };
  const name = content?.label.name ?? 'Blank label';
  return (
    <div
      className={cn(
        'label-cell box-border flex items-center overflow-hidden bg-white text-black',
        outline && 'label-outline',
      )}
      style={style}
      data-label={content ? name : undefined}
    >
      {content ? (
        <>
          <QrCode value={content.label.address} sizeMm={qr} />
          <div className="min-w-0 flex-1 leading-tight">
            {content.kind === 'material' ? (
              <>
                <p className="font-mono text-[9pt] font-bold break-all">{content.label.code}</p>
                <p className="mt-[1mm] line-clamp-3 text-[9pt] font-semibold break-words">
                  {content.label.name}
                </p>
                <p className="mt-[1mm] text-[7.5pt]">Unit: {unitText(content.label.unit)}</p>
              </>
            ) : (
              <>
                <p className="text-[7.5pt] uppercase tracking-wide">Location</p>
                <p className="mt-[1mm] line-clamp-3 text-[11pt] font-bold break-words">
                  {content.label.name}
                </p>
              </>
            )}
          </div>
        </>
      ) : null}
    </div>
  );
}

/** The pages as they print: A4 sheets of 3 × 8 labels, or one 62 mm label a page. */
export function LabelSheets({
  pages,
  format,
  outline,
}: {
  pages: (LabelContent | null)[][];
  format: LabelFormat;
  outline: boolean;
}) {
  const paper = LABEL_FORMATS[format];
  return (
    <div className="label-print flex flex-col items-start gap-6">
      {pages.map((cells, index) => (
        <section
          // biome-ignore lint/suspicious/noArrayIndexKey: a page is its place in the print
          key={index}
          aria-label={`Page ${index + 1} of ${pages.length}`}
          className={cn('label-page box-border bg-white shadow-md', `label-page-${format}`)}
          style={{
            width: `${paper.page.width}mm`,
            height: `${paper.page.height}mm`,
            paddingTop: `${paper.top}mm`,
            paddingLeft: `${paper.left}mm`,
            display: 'grid',
            gridTemplateColumns: `repeat(${paper.columns}, ${paper.label.width}mm)`,
            gridAutoRows: `${paper.label.height}mm`,
          }}
        >
          {cells.map((cell, at) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a label is its place on the page
            <Label key={at} content={cell} format={format} outline={outline} />
          ))}
        </section>
      ))}
    </div>
  );
}
