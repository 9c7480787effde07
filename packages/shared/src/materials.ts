/**
 * A material's words, limits and messages, and no schema (decision 074): a screen that shows a unit
 * or a movement's reason imports them without building the materials' zod schemas, which
 * schemas/materials.ts makes from them.
 */

export const MATERIAL_UNITS = ['EACH'] as const;
export type MaterialUnit = (typeof MATERIAL_UNITS)[number];
export const MATERIAL_UNIT_LABELS: Record<MaterialUnit, string> = { EACH: 'Each' };

/** The largest quantity one material can hold (numeric(14,2) leaves ample room for sums). */
export const MAX_MATERIAL_QUANTITY = 1_000_000_000;

export const STOCK_OPERATIONS = ['set', 'add', 'subtract'] as const;
export type StockOperation = (typeof STOCK_OPERATIONS)[number];

/** A transfer's destination must be in use: stock is not sent to an Inactive location. */
export const DESTINATION_LOCATION_INACTIVE = 'Destination location is inactive';

/** The repair stock's messages. */
export const REPAIR_MESSAGES = {
  quantityMin: 'Quantity must be greater than 0',
  overRepair: (available: number) => `Only ${available} in repair`,
  repaired: 'Marked repaired: back in stock',
  scrapped: 'Scrapped: written off',
  confirmScrap: (quantity: number, unit: string, name: string) =>
    `Scrap ${quantity} ${unit} ${name}? They are written off and cannot be repaired afterwards.`,
} as const;

/** The most materials a picker is given: a location holds hundreds. */
export const MAX_MATERIAL_OPTIONS = 2000;

export const STOCK_MOVEMENT_REASON_LABELS = {
  CREATE: 'Created',
  EDIT: 'Edited',
  STOCK_UPDATE: 'Stock update',
  TRANSFER_OUT: 'Transfer out',
  TRANSFER_IN: 'Transfer in',
  RENTAL_OUT: 'Rented out',
  RETURN: 'Returned',
  WRITE_OFF: 'Written off',
  RENTAL_RETURN: 'Rental return',
  RENTAL_LOST: 'Lost on rental',
  RENTAL_DAMAGED: 'Damaged on rental',
  RENTAL_DELETED: 'Rental deleted',
  IMPORT: 'Imported',
  STOCK_TAKE: 'Stock-take',
  // Repair stock: RENTAL_DAMAGED puts a return's damaged units into it.
  REPAIRED: 'Repaired',
  SCRAPPED: 'Scrapped',
} as const;
export type StockMovementReason = keyof typeof STOCK_MOVEMENT_REASON_LABELS;
