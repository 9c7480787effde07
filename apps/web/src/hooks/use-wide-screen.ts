import { useSyncExternalStore } from 'react';

/** Tailwind's `lg` breakpoint, from which the shell shows its side navigation. */
const WIDE = '(min-width: 1024px)';

function media(): MediaQueryList | null {
  return typeof window.matchMedia === 'function' ? window.matchMedia(WIDE) : null;
}

/**
 * Whether the screen is as wide as Tailwind's `lg`, following it as the window resizes. Where
 * the browser cannot say (jsdom), wide. What only a wide screen shows is then not built at all on
 * a phone, where hiding it with CSS still made its elements as the page drew.
 */
export function useWideScreen(): boolean {
  return useSyncExternalStore(
    (changed) => {
      const list = media();
      list?.addEventListener('change', changed);
      return () => list?.removeEventListener('change', changed);
    },
    () => media()?.matches ?? true,
  );
}
