import { MATERIAL_UNIT_LABELS, type MaterialUnit } from '@stockyard/shared';

/** A material's unit as people read it: Each for EACH; a unit the list does not know as it is. */
export function unitLabel(unit: string): string {
  return MATERIAL_UNIT_LABELS[unit as MaterialUnit] ?? unit;
}
