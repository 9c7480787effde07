import {
  DEFAULT_BILLING_TERMS,
  importHeader,
  MATERIAL_TYPE_STATUS_LABELS,
  MATERIAL_UNIT_LABELS,
  type MaterialTypeDto,
  type MaterialUnit,
} from '@stockyard/shared';
import type { ExportColumn } from '../../lib/list-export';
import { count, kilograms, money as moneyCell, type SheetValue } from '../../lib/spreadsheet';

/**
 * The Catalogue list's export: its columns as the screen heads and shows them, by name; the
 * import reads each back (`IMPORT_COLUMNS`) or names it as not imported. Money in the company's
 * currency with its 2 decimals.
 */
export function catalogueColumns(currency: string): readonly ExportColumn<MaterialTypeDto>[] {
  /** Money as the catalogue keeps it, or an empty cell where it is not set. */
  const money = (value: number | null): SheetValue => moneyCell(value, currency);
  /** A rate in cents as money, or an empty cell where there is none. */
  const cents = (value: number | null): SheetValue => money(value === null ? null : value / 100);
  return [
    { header: 'Item No.', cell: (t) => t.itemNumber },
    { header: 'Name', cell: (t) => t.name },
    { header: 'Category', cell: (t) => t.category },
    { header: 'Unit', cell: (t) => MATERIAL_UNIT_LABELS[t.unit as MaterialUnit] ?? t.unit },
    { header: importHeader('material-types', 'weightKg'), cell: (t) => kilograms(t.weightKg) },
    { header: 'Replacement value', cell: (t) => money(t.replacementValue) },
    { header: 'In stock', cell: (t) => count(t.totalQuantity) },
    { header: 'Total weight (kg)', cell: (t) => kilograms(t.totalWeightKg) },
    { header: 'Total value', cell: (t) => money(t.totalValue) },
    { header: 'Hire rate per day', cell: (t) => cents(t.hireDayCents) },
    { header: 'Hire rate per week', cell: (t) => cents(t.hireWeekCents) },
    { header: 'Minimum hire (days)', cell: (t) => count(t.minimumHireDays) },
    { header: 'Status', cell: (t) => MATERIAL_TYPE_STATUS_LABELS[t.status] },
  ];
}

/** The columns' headers and cells in the default currency (what reads only the headers uses). */
export const CATALOGUE_COLUMNS = catalogueColumns(DEFAULT_BILLING_TERMS.currency);
