import { createAvatar } from '@dicebear/core';
import * as initialsStyle from '@dicebear/initials';
import { useMemo } from 'react';
import { cn } from '@/lib/cn';

/** Up to two initials of a name, e.g. "Jane Doe" -> "JD". */
export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0], parts[parts.length - 1]] : parts;
  return letters.map((part) => part?.charAt(0).toUpperCase() ?? '').join('') || '?';
}

/**
 * A person's avatar, generated in the browser from their name (DiceBear's initials style), so
 * that no name leaves the company for an avatar service; the name beside it carries the meaning.
 */
export function Avatar({ name, className }: { name: string; className?: string }) {
  const src = useMemo(() => createAvatar(initialsStyle, { seed: name }).toDataUri(), [name]);
  return (
    <img
      src={src}
      alt=""
      aria-hidden
      data-initials={initials(name)}
      className={cn('h-9 w-9 shrink-0 rounded-full', className)}
    />
  );
}
