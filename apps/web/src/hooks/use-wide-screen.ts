import { useSyncExternalStore } from 'react';

/**
 * Tailwind's breakpoints, narrowest first, at which what the app builds changes: from `sm` and
 * `md` a table shows more of its columns (below, a row folds them under its name), from `lg` the
 * shell shows its side navigation.
 */
const BREAKPOINTS = { sm: 640, md: 768, lg: 1024 } as const;
export type Breakpoint = keyof typeof BREAKPOINTS;

let asked: { of: typeof window.matchMedia; lists: MediaQueryList[] } | undefined;

/** The breakpoints' media queries, asked once of the window's matchMedia (a test may replace it). */
function mediaLists(): MediaQueryList[] {
  if (typeof window.matchMedia !== 'function') return [];
  if (asked?.of !== window.matchMedia) {
    asked = {
      of: window.matchMedia,
      lists: Object.values(BREAKPOINTS).map((px) => window.matchMedia(`(min-width: ${px}px)`)),
    };
  }
  return asked.lists;
}

function subscribe(changed: () => void) {
  const lists = mediaLists();
  for (const list of lists) list.addEventListener('change', changed);
  return () => {
    for (const list of lists) list.removeEventListener('change', changed);
  };
}

/** How many of the breakpoints the screen is as wide as (0 on a phone); where the browser cannot say (jsdom), all. */
function breakpointsReached(): number {
  const lists = mediaLists();
  if (lists.length === 0) return Object.keys(BREAKPOINTS).length;
  return lists.filter((list) => list.matches).length;
}

/**
 * How wide the screen is, as the number of Tailwind's breakpoints it reaches, following the window
 * as it resizes; `isAsWideAs` reads it.
 */
export function useScreenWidth(): number {
  return useSyncExternalStore(subscribe, breakpointsReached);
}

/** Whether a screen `width` wide (`useScreenWidth`) is at least as wide as the `from` breakpoint. */
export function isAsWideAs(width: number, from: Breakpoint): boolean {
  return width > Object.keys(BREAKPOINTS).indexOf(from);
}

/**
 * Whether the screen is at least as wide as Tailwind's `from` breakpoint. What only some widths
 * show is built only at those widths: hidden by CSS, it was still made, styled and laid out as a
 * phone drew the page.
 */
export function useWideScreen(from: Breakpoint): boolean {
  return isAsWideAs(useScreenWidth(), from);
}
