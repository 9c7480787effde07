import { labelOf } from '@stockyard/shared';

/** A material's unit as people read it: Each for EACH; a unit the list does not know as it is. */
export function unitLabel(unit: string): string {
  return labelOf(unit);
}

/**
 * A return's units with their unit and, when not all came back good, by condition:
 * "6 Each", or "100 Each (95 good, 3 damaged, 2 lost)".
 */
export function returnConditions(
  entry: { returnedQuantity: number; damagedQuantity?: number; lostQuantity?: number },
  unit: string,
): string {
  const damaged = entry.damagedQuantity ?? 0;
  const lost = entry.lostQuantity ?? 0;
  const total = `${entry.returnedQuantity + damaged + lost} ${unitLabel(unit)}`;
  if (damaged === 0 && lost === 0) return total;
  const parts = [
    entry.returnedQuantity > 0 ? `${entry.returnedQuantity} good` : null,
    damaged > 0 ? `${damaged} damaged` : null,
    lost > 0 ? `${lost} lost` : null,
  ];
  return `${total} (${parts.filter(Boolean).join(', ')})`;
}
