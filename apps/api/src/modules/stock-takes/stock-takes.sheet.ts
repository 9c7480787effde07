import type { Readable } from 'node:stream';
import {
  type ExportFormat,
  isoToDisplayDate,
  localToday,
  MATERIAL_UNIT_LABELS,
  type MaterialUnit,
  STOCK_TAKE_HEADERS,
} from '@stockyard/shared';
import { type ExportColumn, listExportFile } from '../../lib/list-export';
import { count, sheetRow, streamedWorkbook, writeSheet } from '../../lib/spreadsheet';
import { materialRef } from './stock-takes.count';
import type { CountedMaterial } from './stock-takes.repository';

/**
 * The count sheet of a location: a heading (the location, the day printed, what to do), then one
 * row per material by name with an empty Counted column; printed on A4 with its header row atop
 * every page. Its Ref column names each material exactly, whatever becomes of its name.
 */

const unitLabel = (unit: string) => MATERIAL_UNIT_LABELS[unit as MaterialUnit] ?? unit;

const COLUMNS: readonly ExportColumn<CountedMaterial>[] = [
  { header: STOCK_TAKE_HEADERS.ref, cell: (material) => materialRef(material.id) },
  { header: STOCK_TAKE_HEADERS.itemNumber, cell: (material) => material.itemNumber },
  { header: STOCK_TAKE_HEADERS.name, cell: (material) => material.name },
  { header: STOCK_TAKE_HEADERS.unit, cell: (material) => unitLabel(material.unit) },
  { header: STOCK_TAKE_HEADERS.expected, cell: (material) => count(material.quantity) },
  { header: STOCK_TAKE_HEADERS.counted, cell: () => null },
];

/** The row of the sheet's column headings (1-based), under the heading and a blank row. */
const COUNT_SHEET_HEADER_ROW = 4;
const HEADER_FILL = 'FFE5E7EB';

export type CountSheet = {
  location: { id: number; name: string };
  materials: CountedMaterial[];
  /** The day printed, yyyy-mm-dd. */
  printedOn?: string;
};

/** `stock-take-North Yard-2026-11-27`: characters a file system refuses become `-`. */
export function countSheetFileName(locationName: string, printedOn = localToday()): string {
  const name = locationName.replace(/[\\/:*?"<>|\p{Cc}]+/gu, '-').trim();
  return `stock-take-${name}-${printedOn}`;
}

function* sheetRows({ location, materials, printedOn = localToday() }: CountSheet) {
  const across: [number, number] = [1, COLUMNS.length];
  yield sheetRow([`Stock-take: ${location.name}`], { bold: true, merge: across });
  yield sheetRow(
    [
      `Printed ${isoToDisplayDate(printedOn)}. Write the quantity counted in the Counted column; leave it empty for an item not counted.`,
    ],
    { merge: across },
  );
  yield sheetRow([]);
  yield sheetRow(
    COLUMNS.map((column) => column.header),
    { bold: true, fill: HEADER_FILL },
  );
  for (const material of materials) {
    yield sheetRow(COLUMNS.map((column) => column.cell(material)));
  }
}

/** The count sheet as an .xlsx, or as CSV (the table alone, its header first). */
export function countSheetFile(format: ExportFormat, sheet: CountSheet): Readable {
  if (format === 'csv') {
    return listExportFile('csv', {
      fileName: countSheetFileName(sheet.location.name, sheet.printedOn),
      sheet: 'Count sheet',
      columns: COLUMNS,
      rows: sheet.materials,
    });
  }
  const { workbook, stream } = streamedWorkbook();
  workbook.creator = 'Stockyard';
  writeSheet(workbook, 'Count sheet', COUNT_SHEET_HEADER_ROW, sheetRows(sheet))
    .then(() => workbook.commit())
    .catch((error: Error) => stream.destroy(error));
  return stream;
}
