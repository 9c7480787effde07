/** Derived values, computed the same way on the server and in the browser. */

export const MATERIAL_STATUSES = ['Available', 'Low Stock', 'Out of Stock'] as const;
export type MaterialStatus = (typeof MATERIAL_STATUSES)[number];

/** Quantity at or below which a material is Low Stock (0 is Out of Stock). */
export const LOW_STOCK_THRESHOLD = 10;

export function materialStatus(quantity: number): MaterialStatus {
  if (quantity <= 0) return 'Out of Stock';
  if (quantity <= LOW_STOCK_THRESHOLD) return 'Low Stock';
  return 'Available';
}

/**
 * An invoice item's units (02 section 9). SQM and Running MTR are areas and lengths; CUM (M3) and
 * its height bands are volumes.
 */
export const INVOICE_UOMS = [
  'SQM (M2)',
  'CUM (M3)',
  'Running MTR',
  'CUM (M3) (0-6m)',
  'CUM (M3) (6-12m)',
  'CUM (M3) (12-18m)',
  'CUM (M3) (18-24m)',
  'CUM (M3) (24-30m)',
] as const;
export type InvoiceUom = (typeof INVOICE_UOMS)[number];

/**
 * An invoice's job types. Here, beside the units, rather than with the invoice schemas: the money
 * settings name them too, and a screen with a rate field should not build every invoice schema.
 */
export const JOB_TYPES = ['Erection', 'Dismantling', 'Rental'] as const;
export type JobType = (typeof JOB_TYPES)[number];

const isVolume = (uom: string) => uom.startsWith('CUM (M3');

/** Which dimensions a unit uses (the wizard hides the others, the item list shows '-'). */
export function uomDimensions(uom: string): { length: boolean; width: boolean; height: boolean } {
  if (uom === 'SQM (M2)') return { length: true, width: true, height: false };
  if (uom === 'Running MTR') return { length: true, width: false, height: false };
  if (isVolume(uom)) return { length: true, width: true, height: true };
  return { length: false, width: false, height: false };
}

/** A quantity as the screens and the documents show it, and as the server stores it: 2 decimals. */
export function roundQuantity(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.round((value + Math.sign(value) * Number.EPSILON) * 100) / 100 || 0;
}

export type MeasuredItem = {
  uom: string;
  quantity?: number | null;
  length?: number | null;
  width?: number | null;
  height?: number | null;
};

/**
 * An invoice item's calculated quantity (02 section 5, 03 section 5): SQM (M2) quantity x length x
 * width; Running MTR quantity x length; CUM (M3) and its bands quantity x length x width x height;
 * any other unit 0. A missing value counts as 0; the result is rounded to 2 decimals.
 */
export function itemCalculatedQuantity(item: MeasuredItem): number {
  const n = (value: number | null | undefined) => (Number.isFinite(value) ? Number(value) : 0);
  const quantity = n(item.quantity);
  const length = n(item.length);
  if (item.uom === 'SQM (M2)') return roundQuantity(quantity * length * n(item.width));
  if (item.uom === 'Running MTR') return roundQuantity(quantity * length);
  if (isVolume(item.uom)) return roundQuantity(quantity * length * n(item.width) * n(item.height));
  return 0;
}

/** An invoice's grand total: the sum of its items' calculated quantities, to 2 decimals. */
export function grandTotalQuantity(items: readonly MeasuredItem[]): number {
  return roundQuantity(items.reduce((sum, item) => sum + itemCalculatedQuantity(item), 0));
}
