import {
  IMPORT_COLUMNS,
  IMPORT_KIND_LABELS,
  IMPORT_ROW_MESSAGES,
  type ImportColumn,
  type ImportKind,
  type ImportPreview,
  type ImportResult,
  importColumnRequirement,
  importCountsText,
  importTemplateName,
} from '@stockyard/shared';
import type { AppContext } from '../../context';
import type { Actor } from '../../lib/actor';
import { badRequest, conflict } from '../../lib/app-error';
import type { ListExport } from '../../lib/list-export';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/pg-errors';
import { type ReadSheet, readDate } from '../../lib/sheet-reader';
import {
  count,
  DAY_FORMAT,
  dateCell,
  QUANTITY_FORMAT,
  quantity,
  type SheetValue,
} from '../../lib/spreadsheet';
import { inTransaction } from '../../lib/transaction';
import { readUpload } from '../../lib/upload';
import { recordActivity } from '../activity/activity.service';
import type { ImportKindDefinition } from './import-kind';
import { countsOf, type PlannedRow } from './import-plan';
import { locationsImport } from './locations.import';
import { materialTypesImport } from './material-types.import';
import { staffImport } from './staff.import';
import { stockImport } from './stock.import';

/**
 * Imports: an admin's file of material types, stock, locations or staff. The preview
 * reads and checks every row and writes nothing; the import reads the same file again, checks it
 * again in its transaction, and writes every row that changes something, or nothing at all.
 */

// Each kind's rows are its own; the service only passes them from its plan to its write.
// biome-ignore lint/suspicious/noExplicitAny: a table of kinds whose row types differ
const KINDS: Record<ImportKind, ImportKindDefinition<any>> = {
  'material-types': materialTypesImport,
  stock: stockImport,
  locations: locationsImport,
  staff: staffImport,
};

/**
 * A template's example cell as the column takes it: a number or an amount as a numeric
 * cell, a day as a date cell, anything else as text; so that the sample row shows the file's
 * maker what kind of cell each column wants.
 */
function sampleCell(column: ImportColumn, text: string): SheetValue {
  if (text === '') return null;
  const accepted = column.accepted ?? '';
  if (accepted.startsWith('a date')) {
    const day = readDate(text);
    return day.ok ? dateCell(day.value, DAY_FORMAT) : text;
  }
  const number = Number(text);
  if (!Number.isFinite(number)) return text;
  if (accepted.startsWith('a whole number')) return count(number);
  if (accepted.startsWith('an amount')) return quantity(number, QUANTITY_FORMAT);
  if (accepted.startsWith('a number')) return number;
  return text;
}

/** The kind's template: its header row and one example row, as .xlsx or CSV. */
export function templateOf(kind: ImportKind): ListExport<Record<string, string>> {
  return {
    fileName: importTemplateName(kind),
    sheet: IMPORT_KIND_LABELS[kind],
    columns: (IMPORT_COLUMNS[kind] as readonly ImportColumn[]).map((column) => ({
      header: column.header,
      cell: (row: Record<string, string>) => sampleCell(column, row[column.key] ?? ''),
    })),
    rows: [KINDS[kind].example],
    notes: { sheet: 'Accepted values', rows: acceptedValues(kind) },
  };
}

/**
 * The template's second sheet: each column, whether the file must have it or a new
 * record needs it, and the values it takes, as the Import page lists them.
 */
function acceptedValues(kind: ImportKind): string[][] {
  const columns: readonly ImportColumn[] = IMPORT_COLUMNS[kind];
  return [
    ['Column', 'Required', 'Accepted values'],
    ...columns.map((column) => [
      column.header,
      importColumnRequirement(column),
      column.accepted ?? 'text',
    ]),
  ];
}

const readFile = (kind: ImportKind, body: unknown, fileName: string) =>
  readUpload(body, fileName, IMPORT_COLUMNS[kind]);

/**
 * An error about a column the file lacks has no cell: it names the column to add instead, so
 * that every error points somewhere.
 */
function withMissingColumns(kind: ImportKind, found: Set<string>, rows: PlannedRow<unknown>[]) {
  const columns: readonly ImportColumn[] = IMPORT_COLUMNS[kind];
  for (const row of rows) {
    row.errors = row.errors.map((error) => {
      const column = columns.find((c) => c.key === error.column);
      if (error.cell !== null || !column || found.has(column.key)) return error;
      return {
        ...error,
        message: `${error.message}: ${IMPORT_ROW_MESSAGES.columnMissing(column.header)}`,
      };
    });
  }
  return rows;
}

/** Plans the file's rows, each error naming its cell or the column the file lacks. */
async function planOf(
  kind: ImportKind,
  db: Parameters<ImportKindDefinition<unknown>['plan']>[0],
  sheet: ReadSheet<string>,
  hold: boolean,
) {
  const rows = await KINDS[kind].plan(db, sheet, hold);
  return withMissingColumns(kind, new Set(sheet.columns.map((c) => c.key)), rows);
}

/** The rows as the preview shows them, without what they would write. */
const shown = (rows: PlannedRow<unknown>[]) => rows.map(({ write: _write, ...row }) => row);

/** Every row of the file with its status and errors; nothing is written. */
export async function previewImport(
  ctx: AppContext,
  kind: ImportKind,
  body: unknown,
  fileName: string,
): Promise<ImportPreview> {
  const sheet = await readFile(kind, body, fileName);
  const rows = await planOf(kind, ctx.db, sheet, false);
  const found = new Set(sheet.columns.map((c) => c.key));
  return {
    kind,
    fileName,
    columns: IMPORT_COLUMNS[kind]
      .filter((column) => found.has(column.key))
      .map(({ key, header }) => ({ key, header })),
    ignoredColumns: sheet.ignored.map((column) => ({
      ...column,
      message: IMPORT_ROW_MESSAGES.columnNotImported(column.header),
    })),
    rows: shown(rows),
    counts: countsOf(rows),
  };
}

/** The rows' errors as the API's error list: each with its cell ("C7"), or its row. */
function errorsOf(rows: PlannedRow<unknown>[]) {
  return rows.flatMap((row) =>
    row.errors.map((error) => ({
      path: error.cell ?? `row ${row.rowNumber}`,
      message: `Row ${row.rowNumber}: ${error.message}`,
    })),
  );
}

/**
 * Imports the file in one transaction: any row in error refuses the whole file (400, each error
 * with its cell), and a row that changes nothing writes nothing, so that the same file imported
 * again changes nothing and records nothing. One activity entry tells what an import changed.
 */
export async function importFile(
  ctx: AppContext,
  actor: Actor,
  kind: ImportKind,
  body: unknown,
  fileName: string,
): Promise<ImportResult> {
  const sheet = await readFile(kind, body, fileName);
  const definition = KINDS[kind];
  try {
    return await inTransaction(ctx, async (uow) => {
      const rows = await planOf(kind, uow.tx, sheet, true);
      const counts = countsOf(rows);
      if (counts.error > 0) {
        throw badRequest(
          IMPORT_ROW_MESSAGES.hasErrors(counts.error),
          errorsOf(rows.filter((row) => row.status === 'error')),
        );
      }
      const changing = rows.filter((row) => row.status === 'new' || row.status === 'update');
      if (changing.length > 0) {
        await definition.write(
          ctx,
          uow,
          changing.map((row) => row.write),
          { userId: actor.user.id, fileName },
        );
        await recordActivity(uow.tx, {
          userId: actor.user.id,
          action: 'IMPORT',
          description: `Imported ${IMPORT_KIND_LABELS[kind].toLowerCase()} from ${fileName}: ${importCountsText(counts)}`,
          entityType: 'import',
          entityId: kind,
          locationId: null,
          details: { kind, fileName, counts },
          ip: actor.ip,
        });
      }
      return { kind, fileName, counts };
    });
  } catch (error) {
    // Another write took a name, an e-mail or a location the plan relied on: nothing was written.
    if (isUniqueViolation(error) || isForeignKeyViolation(error)) {
      throw conflict(IMPORT_ROW_MESSAGES.changedMeanwhile);
    }
    throw error;
  }
}
