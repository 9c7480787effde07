import { ScanLine } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { readScan, scanPath } from '@/lib/scan-rules';
import { ScannerView } from './scanner-view';
import { scanFeedback } from './use-scanner';

const NOT_A_LABEL = 'This is not a Stockyard label.';

/**
 * The header's Scan button (phones): the camera opens, and a label read opens its address in the
 * app (a material at /m/<code>, a location at /l/<id>), whatever origin the label was printed for.
 */
export function ScanButton({ className }: { className?: string }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const onCode = (text: string) => {
    const target = readScan(text);
    scanFeedback(target !== null);
    if (!target) {
      setRefusal(NOT_A_LABEL);
      return;
    }
    setOpen(false);
    navigate(scanPath(target));
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setRefusal(null);
      }}
    >
      <button
        type="button"
        className={className ?? 'rounded-md p-2 hover:bg-muted'}
        onClick={() => setOpen(true)}
        aria-label="Scan"
      >
        <ScanLine className="h-5 w-5" aria-hidden />
      </button>
      <DialogContent title="Scan a label" description="Point the camera at a Stockyard label.">
        <div className="space-y-3">
          {open ? <ScannerView active={open} onCode={onCode} /> : null}
          <p role="status" className="min-h-5 text-sm text-destructive">
            {refusal ?? ''}
          </p>
        </div>
      </DialogContent>
    </Dialog>
  );
}
