import { cn } from '@/lib/cn';

export type WizardStep = 'details' | 'items' | 'preview';

const STEPS: { step: WizardStep; label: string }[] = [
  { step: 'details', label: 'Invoice Details' },
  { step: 'items', label: 'Items' },
  { step: 'preview', label: 'Preview' },
];

/** Where the wizard stands: details, items, preview. */
export function WizardSteps({ current }: { current: WizardStep }) {
  const at = STEPS.findIndex((entry) => entry.step === current);
  return (
    <ol aria-label="Steps" className="flex flex-wrap gap-2 text-sm">
      {STEPS.map((entry, index) => (
        <li
          key={entry.step}
          aria-current={index === at ? 'step' : undefined}
          className={cn(
            'flex items-center gap-2 rounded-full border px-3 py-1',
            index === at
              ? 'border-primary bg-accent font-semibold text-primary'
              : index < at
                ? 'border-border text-foreground'
                : 'border-border text-muted-foreground',
          )}
        >
          <span className="tabular-nums">{index + 1}</span>
          {entry.label}
        </li>
      ))}
    </ol>
  );
}
