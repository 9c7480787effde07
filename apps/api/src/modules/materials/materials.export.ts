import {
  displayId,
  MATERIAL_UNIT_LABELS,
  type MaterialDto,
  type MaterialUnit,
  totalOf,
} from '@stockyard/shared';
import { type ExportColumn, instantDay } from '../../lib/list-export';
import { count, kilograms } from '../../lib/spreadsheet';

const unitLabel = (unit: string) => MATERIAL_UNIT_LABELS[unit as MaterialUnit] ?? unit;

/**
 * The Inventory list's export: its columns as the screen shows them (SR as MAT-007, the unit's
 * label, the status the quantity gives), with its weight split in two and the row's notes.
 */
export const INVENTORY_COLUMNS: readonly ExportColumn<MaterialDto>[] = [
  { header: 'SR', cell: (m) => displayId('MAT', m.id) },
  { header: 'Item No.', cell: (m) => m.itemNumber },
  { header: 'Material', cell: (m) => m.name },
  { header: 'Location', cell: (m) => m.location.name },
  { header: 'Quantity', cell: (m) => count(m.quantity) },
  { header: 'Unit', cell: (m) => unitLabel(m.unit) },
  { header: 'Status', cell: (m) => m.status },
  { header: 'Weight per unit (kg)', cell: (m) => kilograms(m.weightKg) },
  { header: 'Total weight (kg)', cell: (m) => kilograms(totalOf(m.quantity, m.weightKg, 3)) },
  { header: 'Notes', cell: (m) => m.notes },
  { header: 'Updated', cell: (m) => instantDay(m.updatedAt) },
];
