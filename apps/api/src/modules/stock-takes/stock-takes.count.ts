import {
  displayId,
  MAX_MATERIAL_QUANTITY,
  STOCK_TAKE_HEADERS,
  type StockTakeCountInput,
  type StockTakeCounts,
  type StockTakeError,
  type StockTakeRow,
  textKey,
} from '@stockyard/shared';
import { type KnownColumn, type ReadSheet, readNumber } from '../../lib/sheet-reader';
import type { CountedMaterial } from './stock-takes.repository';

/**
 * A counted sheet read against the location's stock now: each row matched to its material by Ref
 * (the material's id, as the sheet writes it: MAT-007), or by Item No. when a typed row has no
 * Ref; its Counted read as a whole number; the difference from the quantity in stock now.
 */

export const COUNT_SHEET_COLUMNS = [
  { key: 'ref', header: STOCK_TAKE_HEADERS.ref, aliases: ['Reference', 'Material ref'] },
  { key: 'itemNumber', header: STOCK_TAKE_HEADERS.itemNumber, aliases: ['Item number', 'SKU'] },
  { key: 'name', header: STOCK_TAKE_HEADERS.name, aliases: ['Name'] },
  { key: 'unit', header: STOCK_TAKE_HEADERS.unit },
  { key: 'expected', header: STOCK_TAKE_HEADERS.expected },
  {
    key: 'counted',
    header: STOCK_TAKE_HEADERS.counted,
    aliases: ['Count', 'Quantity counted'],
    required: true,
  },
] as const satisfies readonly KnownColumn<string>[];

type CountSheetKey = (typeof COUNT_SHEET_COLUMNS)[number]['key'];

/** A material's reference on the count sheet. */
export const materialRef = (id: number) => displayId('MAT', id);

/** MAT-007, MAT7 or 7, as a material id; anything else null. */
function readRef(text: string): number | null {
  const match = /^(?:MAT-?)?0*(\d{1,10})$/i.exec(text.trim());
  const id = match ? Number(match[1]) : Number.NaN;
  return Number.isSafeInteger(id) && id >= 1 && id <= 2_147_483_647 ? id : null;
}

export type CountedSheet = { rows: StockTakeRow[]; counts: StockTakeCounts };

/** What a count is read from: a sheet's rows, or a count made in the app as rows of its own. */
export type CountLines = Pick<ReadSheet<CountSheetKey>, 'rows' | 'decimalSeparator'>;

/**
 * A count made in the app as the rows of a sheet: row n is counts[n - 1], naming its material by
 * Ref and its faults by the body's path (counts.0.counted), so that one evaluation reads both.
 */
export function countLinesOf(counts: StockTakeCountInput['counts']): CountLines {
  return {
    decimalSeparator: '.',
    rows: counts.map((count, index) => ({
      rowNumber: index + 1,
      cells: {
        ref: materialRef(count.materialId),
        itemNumber: '',
        name: '',
        unit: '',
        expected: '',
        counted: String(count.counted),
      },
      refs: { ref: `counts.${index}.materialId`, counted: `counts.${index}.counted` },
    })),
  };
}

export function evaluateCount(
  sheet: CountLines,
  stock: CountedMaterial[],
  locationName: string,
): CountedSheet {
  const byId = new Map(stock.map((material) => [material.id, material]));
  const byItemNumber = new Map(
    stock
      .filter((material) => material.itemNumber)
      .map((material) => [textKey(material.itemNumber!), material]),
  );
  const seenOn = new Map<number, number>();
  const rows = sheet.rows.map((row): StockTakeRow => {
    const { cells, refs } = row;
    const errors: StockTakeError[] = [];
    const fault = (key: CountSheetKey, message: string) =>
      errors.push({ cell: refs[key] ?? null, message });

    let material: CountedMaterial | undefined;
    if (cells.ref !== '') {
      const id = readRef(cells.ref);
      material = id === null ? undefined : byId.get(id);
      if (!material) fault('ref', `Ref ${cells.ref} is not a material at ${locationName}`);
    } else if (cells.itemNumber !== '') {
      material = byItemNumber.get(textKey(cells.itemNumber));
      if (!material) {
        fault('itemNumber', `Item No. ${cells.itemNumber} is not a material at ${locationName}`);
      }
    } else {
      errors.push({
        cell: refs.ref ?? refs.itemNumber ?? null,
        message: 'The row names no material: keep its Ref from the count sheet',
      });
    }
    if (material) {
      const first = seenOn.get(material.id);
      if (first === undefined) seenOn.set(material.id, row.rowNumber);
      else {
        fault(
          cells.ref !== '' ? 'ref' : 'itemNumber',
          `${material.name} is counted twice: also on row ${first}`,
        );
      }
    }

    const counted = readCounted(cells.counted, sheet.decimalSeparator);
    if (!counted.ok) fault('counted', counted.message);
    const expected = readNumber(cells.expected, sheet.decimalSeparator);
    const countedValue = counted.ok ? counted.value : null;
    const current = material?.quantity ?? null;
    const difference = countedValue !== null && current !== null ? countedValue - current : null;
    return {
      rowNumber: row.rowNumber,
      materialId: material?.id ?? null,
      itemNumber: material ? material.itemNumber : cells.itemNumber || null,
      name: material?.name ?? cells.name,
      unit: material?.unit ?? (cells.unit || null),
      sheetExpected: cells.expected !== '' && expected.ok ? expected.value : null,
      currentQuantity: current,
      counted: countedValue,
      difference,
      status:
        errors.length > 0
          ? 'ERROR'
          : countedValue === null
            ? 'NOT_COUNTED'
            : difference === 0
              ? 'SAME'
              : 'CHANGE',
      errors,
    };
  });
  const counting = (status: StockTakeRow['status']) =>
    rows.filter((row) => row.status === status).length;
  return {
    rows,
    counts: {
      rows: rows.length,
      changed: counting('CHANGE'),
      unchanged: counting('SAME'),
      notCounted: counting('NOT_COUNTED'),
      errors: counting('ERROR'),
      notOnSheet: stock.filter((material) => !seenOn.has(material.id)).length,
    },
  };
}

type Counted = { ok: true; value: number | null } | { ok: false; message: string };

/** An empty Counted is not counted; anything else is a whole number from 0. */
function readCounted(
  text: string,
  decimalSeparator: ReadSheet<string>['decimalSeparator'],
): Counted {
  if (text === '') return { ok: true, value: null };
  const read = readNumber(text, decimalSeparator);
  if (!read.ok) return { ok: false, message: `Counted must be a number, not "${text}"` };
  if (!Number.isInteger(read.value)) {
    return { ok: false, message: `Counted must be a whole number, not ${text}` };
  }
  if (read.value < 0) return { ok: false, message: 'Counted cannot be negative' };
  if (read.value > MAX_MATERIAL_QUANTITY) {
    return { ok: false, message: `Counted must be at most ${MAX_MATERIAL_QUANTITY}` };
  }
  return { ok: true, value: read.value };
}
