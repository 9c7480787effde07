import { type ClassValue, clsx } from 'clsx';
import { twMerge } from 'tailwind-merge';

/**
 * A component's classes with those it is given, the given ones winning where they conflict
 * (tailwind-merge). Most calls give nothing to merge (a component's own classes and no
 * `className`): those are returned as they are, since tailwind-merge's first call builds its
 * whole class map, about 90 ms of a phone's main thread at start.
 */
export function cn(...inputs: ClassValue[]): string {
  const given = inputs.filter(Boolean);
  if (given.length === 0) return '';
  if (given.length === 1 && typeof given[0] === 'string') return given[0];
  return twMerge(clsx(inputs));
}
