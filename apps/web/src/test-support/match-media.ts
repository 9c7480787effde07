/**
 * jsdom has no `matchMedia`. This one answers a `(min-width: Npx)` query as a screen `width` px
 * wide would, and any other query (a colour scheme, reduced motion) with no: 0 is a phone's
 * narrowest screen, `DESKTOP` a wide one. For the components that ask: the toaster (sonner),
 * `useWideScreen`, a table's `from` columns. It does not change: a test that resizes the screen
 * stubs its own.
 */
export function stubMatchMedia(width: number): void {
  window.matchMedia = ((query: string) => ({
    matches: width >= Number(/min-width:\s*(\d+)px/.exec(query)?.[1] ?? Number.POSITIVE_INFINITY),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
}

/** A desktop's screen, wider than every breakpoint the pages use. */
export const DESKTOP = 1920;
