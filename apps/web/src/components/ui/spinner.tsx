import { Loader2 } from 'lucide-react';
import { cn } from '@/lib/cn';

export function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return (
    <span role="status" aria-label={label} className="inline-flex">
      <Loader2 className={cn('h-6 w-6 animate-spin text-primary', className)} aria-hidden />
    </span>
  );
}

/** The whole page waiting: its own classes, so that nothing is merged before the first paint. */
export function FullPageSpinner() {
  return (
    <div className="flex min-h-screen items-center justify-center">
      <span role="status" aria-label="Loading" className="inline-flex">
        <Loader2 className="h-10 w-10 animate-spin text-primary" aria-hidden />
      </span>
    </div>
  );
}
