import type { InputHTMLAttributes, Ref } from 'react';
import { cn } from '@/lib/cn';

/** A native checkbox with its label beside it: keyboard and screen readers work as usual. */
export function Checkbox({
  id,
  label,
  className,
  ref,
  ...props
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  id: string;
  label: string;
  ref?: Ref<HTMLInputElement>;
}) {
  return (
    <div className={cn('flex items-center gap-2', className)}>
      <input
        ref={ref}
        id={id}
        type="checkbox"
        className="h-4 w-4 shrink-0 cursor-pointer rounded border-input accent-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        {...props}
      />
      <label htmlFor={id} className="cursor-pointer select-none text-sm">
        {label}
      </label>
    </div>
  );
}
