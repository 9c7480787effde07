/**
 * The catalogue's messages, a material type's statuses and their labels, and its limits, and no
 * schema (decision 074): the catalogue's table imports them without building the catalogue's zod
 * schemas, which schemas/catalogue.ts makes from them.
 */

export const CATALOGUE_MESSAGES = {
  nameTaken: (name: string) => `The catalogue already has a material named ${name}.`,
  itemNumberTaken: (itemNumber: string) =>
    `The catalogue already has a material with item number ${itemNumber}.`,
  retired: (name: string) =>
    `${name} is retired in the catalogue and cannot get new stock. Make it active again first.`,
  unitDiffers: (name: string, unit: string) =>
    `${name} is counted in ${unit} in the catalogue: choose that unit.`,
  notFound: 'Material type not found',
} as const;

export const MATERIAL_TYPE_STATUSES = ['active', 'retired'] as const;
export type MaterialTypeStatus = (typeof MATERIAL_TYPE_STATUSES)[number];
export const MATERIAL_TYPE_STATUS_LABELS: Record<MaterialTypeStatus, string> = {
  active: 'Active',
  retired: 'Retired',
};

/** The heaviest unit the catalogue takes, in kg, and the dearest, in the company's currency. */
export const MAX_UNIT_WEIGHT_KG = 100_000;
export const MAX_REPLACEMENT_VALUE = 10_000_000;
