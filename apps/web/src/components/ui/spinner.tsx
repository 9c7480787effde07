import { Loader2 } from 'lucide-react';
import { cn } from '@/lib/cn';

const SPINNER = 'h-6 w-6 animate-spin text-primary';

/**
 * The loading spinner, a status named "Loading" (or `label`). Without a `className` nothing is
 * merged: the frame shows it in the first paint, before tailwind-merge has built its class map.
 */
export function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return (
    <span role="status" aria-label={label} className="inline-flex">
      <Loader2 className={className ? cn(SPINNER, className) : SPINNER} aria-hidden />
    </span>
  );
}
