import {
  MATERIAL_UNIT_LABELS,
  type MaterialUnit,
  RENTAL_STATUS_LABELS,
  rentalItemFigures,
  rentalNumber,
} from '@stockyard/shared';
import type { ExportColumn } from '../../lib/list-export';
import { count, DAY_FORMAT, dateCell } from '../../lib/spreadsheet';
import type { ExportedRentalItem } from './material-rentals.service';

/** An item's figures in the one balance: rented = returned + lost or damaged + outstanding. */
const figures = ({ item }: ExportedRentalItem) =>
  item ? rentalItemFigures({ items: [item] }) : null;
const figure =
  (key: 'rented' | 'returned' | 'writtenOff' | 'outstanding') => (row: ExportedRentalItem) => {
    const of = figures(row);
    return of ? count(of[key]) : null;
  };

/**
 * The Material Rentals list's export, one line an item: the rental's columns as the list shows
 * them (its period split in two), then the item's material and figures as its expanded row does.
 */
export const RENTAL_COLUMNS: readonly ExportColumn<ExportedRentalItem>[] = [
  { header: 'Rental', cell: ({ rental }) => rentalNumber(rental) },
  { header: 'Location', cell: ({ rental }) => rental.fromLocation.name },
  { header: 'Rented To', cell: ({ rental }) => rental.toLocation.name },
  { header: 'Rental Date', cell: ({ rental }) => dateCell(rental.rentalDate, DAY_FORMAT) },
  {
    header: 'Expected Return',
    cell: ({ rental }) => dateCell(rental.expectedReturnDate, DAY_FORMAT),
  },
  {
    header: 'Returned On',
    cell: ({ rental }) =>
      rental.actualReturnDate ? dateCell(rental.actualReturnDate, DAY_FORMAT) : null,
  },
  {
    header: 'Status',
    cell: ({ rental }) =>
      RENTAL_STATUS_LABELS[rental.status as keyof typeof RENTAL_STATUS_LABELS] ?? rental.status,
  },
  { header: 'Material', cell: ({ item }) => item?.materialName ?? null },
  {
    header: 'Unit',
    cell: ({ item }) =>
      item ? (MATERIAL_UNIT_LABELS[item.unit as MaterialUnit] ?? item.unit) : null,
  },
  { header: 'Quantity', cell: figure('rented') },
  { header: 'Returned', cell: figure('returned') },
  { header: 'Lost or Damaged', cell: figure('writtenOff') },
  { header: 'Outstanding', cell: figure('outstanding') },
  { header: 'Notes', cell: ({ rental }) => rental.notes },
];
