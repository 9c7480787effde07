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
