import { Search } from 'lucide-react';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';

/**
 * A list's search box: the magnifier inside the field, the text as typed (the list reads it after
 * a pause, `useSearchInput`). `label` names it for a screen reader when no visible label does.
 */
export function SearchField({
  label,
  placeholder,
  value,
  onChange,
  className,
  id,
  maxLength,
}: {
  label?: string;
  placeholder: string;
  value: string;
  onChange: (text: string) => void;
  className?: string;
  id?: string;
  maxLength?: number;
}) {
  return (
    <div className={cn('relative', className)}>
      <Search
        className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden
      />
      <Input
        id={id}
        type="search"
        aria-label={label}
        placeholder={placeholder}
        className="pl-9"
        value={value}
        maxLength={maxLength}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
