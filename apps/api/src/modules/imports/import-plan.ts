import {
  IMPORT_ROW_MESSAGES,
  type ImportCounts,
  type ImportRow,
  type ImportRowError,
  type ImportRowStatus,
} from '@stockyard/shared';
import type { z } from 'zod';
import type { DecimalSeparator, ReadRow } from '../../lib/sheet-reader';
import { readDate, readNumber } from '../../lib/sheet-reader';

/**
 * What an import makes of each row of a file (its plan): the row's status and errors as the
 * preview shows them, and for a row that writes, what it writes. The preview and the import make
 * the same plan from the same file; the import writes it only when no row has an error.
 */
export type PlannedRow<W> = ImportRow & { write?: W };

/** A row being checked: its cells, and the errors found so far, each with its cell. */
export class RowCheck<K extends string> {
  readonly errors: ImportRowError[] = [];

  constructor(readonly row: ReadRow<K>) {}

  cell(key: K): string {
    return this.row.cells[key] ?? '';
  }

  has(key: K): boolean {
    return this.cell(key) !== '';
  }

  /**
   * An error about a column's cell (the cell is null when the file lacks the column): the first
   * found for a column is its one, as a form shows one message under a field.
   */
  error(column: K | null, message: string): void {
    const cell = column === null ? null : (this.row.refs[column] ?? null);
    const said = this.errors.some(
      (e) => e.column === column && (column !== null || e.message === message),
    );
    if (!said) this.errors.push({ column, cell, message });
  }

  /** A number cell, read as people type it; undefined when blank or wrong (then an error). */
  number(
    key: K,
    label: string,
    decimalSeparator: DecimalSeparator | undefined,
  ): number | undefined {
    if (!this.has(key)) return undefined;
    const read = readNumber(this.cell(key), decimalSeparator);
    if (read.ok) return read.value;
    this.error(key, `${label} ${read.message}`);
    return undefined;
  }

  /** A date cell (dd/mm/yyyy) as yyyy-mm-dd; undefined when blank or wrong (then an error). */
  date(key: K, label: string): string | undefined {
    if (!this.has(key)) return undefined;
    const read = readDate(this.cell(key));
    if (read.ok) return read.value;
    this.error(key, `${label} ${read.message}`);
    return undefined;
  }

  /**
   * The values checked by a shared schema (the form's rules and messages); each issue becomes an
   * error on the column its field is read from. Undefined when any issue was found.
   */
  parse<S extends z.ZodType>(
    schema: S,
    input: unknown,
    columnOf: (field: string) => K | null,
  ): z.infer<S> | undefined {
    const result = schema.safeParse(input);
    if (result.success) return result.data;
    for (const issue of result.error.issues) {
      this.error(columnOf(String(issue.path[0] ?? '')), issue.message);
    }
    return undefined;
  }

  /** The row as the preview shows it, with what it writes. */
  planned<W>(status: Exclude<ImportRowStatus, 'error'>, write?: W): PlannedRow<W> {
    const values: Record<string, string> = { ...this.row.cells };
    if (this.errors.length > 0) {
      return { rowNumber: this.row.rowNumber, status: 'error', values, errors: this.errors };
    }
    return { rowNumber: this.row.rowNumber, status, values, errors: [], write };
  }
}

/**
 * The rows of a file seen so far by a key (a name, an e-mail): a later row with the key of an
 * earlier one is an error naming that row.
 */
export class KeysSeen<K extends string> {
  private readonly first = new Map<string, number>();

  /** Records the key; false (and an error on `column`) when an earlier row had it. */
  once(check: RowCheck<K>, key: string, column: K): boolean {
    const earlier = this.first.get(key);
    if (earlier !== undefined) {
      check.error(column, IMPORT_ROW_MESSAGES.duplicate(earlier));
      return false;
    }
    this.first.set(key, check.row.rowNumber);
    return true;
  }
}

export function countsOf(rows: readonly Pick<ImportRow, 'status'>[]): ImportCounts {
  const counts: ImportCounts = { total: rows.length, new: 0, update: 0, unchanged: 0, error: 0 };
  for (const row of rows) counts[row.status] += 1;
  return counts;
}

/** The text of a cell, or undefined when it is blank: a blank cell leaves a field as it is. */
export const given = (text: string): string | undefined => (text === '' ? undefined : text);

/** A value given as one of a field's labels ("On Leave") or its value ("ON_LEAVE"), as the value. */
export function valueOfLabel<V extends string>(
  text: string | undefined,
  labels: Record<V, string>,
): string | undefined {
  if (text === undefined) return undefined;
  const plain = (s: string) => s.toLowerCase().replace(/[\s_()-]/g, '');
  const found = (Object.entries(labels) as Array<[V, string]>).find(
    ([value, label]) =>
      plain(value) === plain(text) ||
      plain(label) === plain(text) ||
      plain(label.split('(')[0]!) === plain(text),
  );
  return found ? found[0] : text;
}

/** Whether two records hold the same values in these fields. */
export function sameValues<F extends string>(
  a: Record<F, unknown>,
  b: Record<F, unknown>,
  fields: readonly F[],
): boolean {
  return fields.every((field) => (a[field] ?? null) === (b[field] ?? null));
}
