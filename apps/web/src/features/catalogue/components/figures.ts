import { formatCount, labelOf, weightLabel } from '@stockyard/shared';

export function unitLabel(unit: string): string {
  return labelOf(unit);
}

/** "1,234.5 kg", or "Not set" when the catalogue does not know the weight. */
export function kgText(kg: number | null): string {
  return kg === null ? 'Not set' : weightLabel({ kg, unknown: false });
}

/** A replacement value with two decimals ("1,250.00"), or "Not set". */
export function valueText(value: number | null): string {
  return value === null
    ? 'Not set'
    : value.toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/** A quantity as every screen shows it ("2,000"): the one formatter, `formatCount`. */
export function quantityText(quantity: number): string {
  return formatCount(quantity);
}
