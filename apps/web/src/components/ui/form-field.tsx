import type { ReactNode } from 'react';
import { Label } from './label';

/** A label, its control and the message under it. */
export function FormField({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      <ErrorLine id={`${id}-error`}>{error}</ErrorLine>
    </div>
  );
}

/** The id and ARIA state of a field's control, tied to the message FormField shows under it. */
export function controlProps(id: string, invalid: boolean) {
  return {
    id,
    'aria-invalid': invalid ? true : undefined,
    'aria-describedby': invalid ? `${id}-error` : undefined,
  } as const;
}

/** An error said where it happened, read out as it appears; nothing when there is none. */
export function ErrorLine({ id, children }: { id?: string; children?: ReactNode }) {
  if (children === undefined || children === null || children === false || children === '') {
    return null;
  }
  return (
    <p id={id} role="alert" className="text-sm text-destructive">
      {children}
    </p>
  );
}
