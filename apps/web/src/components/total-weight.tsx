import { weightLabel, weightOf } from '@stockyard/shared';

/** A quantity as a form holds it: typed text, none or not a number counting as nothing moved. */
export function typedQuantity(text: string | undefined): number {
  const quantity = Number((text ?? '').trim());
  return Number.isFinite(quantity) && quantity > 0 ? quantity : 0;
}

/**
 * "Total weight: 1,234.5 kg" of what a dialog moves (a transfer, a rental's items), as the
 * quantities change: what the lorry carries. A line whose weight the catalogue does not know says so.
 */
export function TotalWeight({
  lines,
}: {
  lines: ReadonlyArray<{ quantity: number; weightKg: number | null }>;
}) {
  return (
    <p className="text-sm text-muted-foreground" aria-live="polite">
      Total weight:{' '}
      <span className="font-medium text-foreground" data-testid="total-weight">
        {weightLabel(weightOf(lines))}
      </span>
    </p>
  );
}
