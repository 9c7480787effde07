import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

/** Where the spec only logs a failed fetch, the user sees it and can try again. */
export function FetchErrorLine({
  onRetry,
  className,
}: {
  onRetry: () => void;
  className?: string;
}) {
  return (
    <div
      role="alert"
      className={cn('flex flex-wrap items-center justify-center gap-3 text-sm', className)}
    >
      <span className="text-destructive">Failed to fetch notifications</span>
      <Button variant="outline" size="sm" onClick={onRetry}>
        Retry
      </Button>
    </div>
  );
}
