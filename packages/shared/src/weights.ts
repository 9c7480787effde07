/**
 * Weights and values of quantities, from the catalogue's per-unit figures. Apart from the catalogue
 * schemas, so that a screen that shows a total weight does not build them (and the money settings
 * they bring) when it loads.
 */

import { formatCount } from './numbers';

/** Weight or value of a quantity: null when the catalogue does not know the unit's. */
export function totalOf(quantity: number, perUnit: number | null, decimals = 3): number | null {
  if (perUnit === null) return null;
  const scale = 10 ** decimals;
  return Math.round(quantity * perUnit * scale) / scale;
}

/** The weight of what a dialog moves, in kg: the known part, and whether some weight is unknown. */
export function weightOf(lines: ReadonlyArray<{ quantity: number; weightKg: number | null }>): {
  kg: number;
  unknown: boolean;
} {
  let kg = 0;
  let unknown = false;
  for (const line of lines) {
    if (line.weightKg === null) unknown = unknown || line.quantity > 0;
    else kg += line.quantity * line.weightKg;
  }
  return { kg: Math.round(kg * 1000) / 1000, unknown };
}

/** "1,234.5 kg", or with " + unknown" when some line's weight is not in the catalogue. */
export function weightLabel(weight: { kg: number; unknown: boolean }): string {
  const kg = `${weight.kg.toLocaleString('en-GB', { maximumFractionDigits: 1 })} kg`;
  return weight.unknown ? `${kg} (some weights unknown)` : kg;
}

/** A line's weight on a note, its screen and its PDF: "12.5 kg", or "-" when it is not known. */
export function lineWeightLabel(kg: number | null): string {
  return kg === null ? '-' : `${formatCount(kg)} kg`;
}
