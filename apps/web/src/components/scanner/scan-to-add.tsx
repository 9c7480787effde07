import { ScanLine } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import type { ScanOutcome } from '@/lib/scan-rules';
import { ScannerView } from './scanner-view';
import { scanFeedback } from './use-scanner';

/**
 * "Scan to add" inside a form: the camera stays open, and each label read is handed to `onScan`,
 * whose outcome is said (and beeped, or buzzed) until the next read.
 */
export function ScanToAdd({
  onScan,
  className,
}: {
  onScan: (text: string) => ScanOutcome | Promise<ScanOutcome>;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const [last, setLast] = useState<ScanOutcome | null>(null);
  const onCode = async (text: string) => {
    const outcome = await onScan(text);
    scanFeedback(outcome.ok);
    setLast(outcome);
  };
  return (
    <div className={cn('space-y-2', className)}>
      <Button
        variant="outline"
        aria-pressed={open}
        onClick={() => {
          setOpen((was) => !was);
          setLast(null);
        }}
      >
        <ScanLine className="h-4 w-4" aria-hidden />
        {open ? 'Stop scanning' : 'Scan to add'}
      </Button>
      {open ? <ScannerView active={open} onCode={(text) => void onCode(text)} /> : null}
      {open ? (
        <p
          role="status"
          data-testid="scan-outcome"
          className={cn(
            'min-h-5 text-sm',
            last?.ok === false ? 'text-destructive' : 'text-foreground',
          )}
        >
          {last?.message ?? ''}
        </p>
      ) : null}
    </div>
  );
}
