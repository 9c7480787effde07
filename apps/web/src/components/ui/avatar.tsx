import { cn } from '@/lib/cn';

/** Up to two initials of a name, e.g. "Jane Doe" -> "JD". */
export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0], parts[parts.length - 1]] : parts;
  return letters.map((part) => part?.charAt(0).toUpperCase() ?? '').join('') || '?';
}

/** A round badge with a person's initials; the name beside it carries the meaning. */
export function Avatar({ name, className }: { name: string; className?: string }) {
  return (
    <span
      aria-hidden
      className={cn(
        'inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-accent text-xs font-semibold text-primary',
        className,
      )}
    >
      {initials(name)}
    </span>
  );
}
