import { type ComponentType, createElement, lazy } from 'react';

type Module<P> = { default: ComponentType<P> };

export type Preloadable<P extends object = object> = ComponentType<P> & {
  /** Starts fetching the component's code (once); resolves when it is loaded. */
  preload: () => Promise<unknown>;
};

/**
 * A lazy component whose code can be fetched ahead of its first render, and which then renders at
 * once. `React.lazy` over a plain `import()` suspends on its first render even when the module is
 * already loaded (a new promise is pending until a later task), so the Suspense fallback is
 * committed and painted, and React holds the revealed content back for its fallback throttle
 * (300 ms): on a phone the page appeared a beat after its frame, and that beat was its Largest
 * Contentful Paint. A loaded module is handed to React as a thenable that answers at once (React
 * accepts any thenable from a lazy factory), so the frame and the page commit together.
 */
export function preloadable<P extends object = object>(
  load: () => Promise<Module<P>>,
): Preloadable<P> {
  let loaded: Module<P> | null = null;
  let loading: Promise<Module<P>> | null = null;
  const preload = () => {
    loading ??= load().then(
      (module) => {
        loaded = module;
        return module;
      },
      (error: unknown) => {
        // A failed fetch (offline, a new deploy) is tried again by the next render or preload.
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  // React.lazy keeps a failed load for good: the error boundary's Try Again rendered the same
  // failure. A failure inside a render gives the next render a lazy component of its own.
  const fresh = () =>
    lazy<ComponentType<P>>(() => {
      const module = loaded;
      // biome-ignore lint/suspicious/noThenProperty: React takes a thenable; this one answers at once.
      if (module) return { then: (resolve: (m: Module<P>) => void) => resolve(module) } as never;
      return preload().catch((error: unknown) => {
        Current = fresh();
        throw error;
      });
    });
  let Current = fresh();
  const page = (props: P) => createElement(Current, props);
  return Object.assign(page, { preload });
}
