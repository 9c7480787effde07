import { lazy, Suspense, useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { firstPaint } from '@/lib/first-paint';
import { ErrorBoundary } from './error-boundary';
import { router } from './router';
import { useThemeSync } from './use-theme-sync';

const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

/** Whether the page has painted yet (lib/first-paint.ts). */
function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    void firstPaint().then(() => setPainted(true));
  }, []);
  return painted;
}

export function App() {
  const theme = useThemeSync();
  // The toasts' code is fetched after the first paint, not beside the first code; a toast made
  // before is shown as the toaster mounts (sonner hands a new toaster those already made).
  const painted = usePainted();
  return (
    <ErrorBoundary>
      <RouterProvider router={router} />
      {painted ? (
        <Suspense fallback={null}>
          {/* Below the header, so that a toast never covers the bell or the account menu; in the */}
          {/* middle, so that it never covers a list's Export control either. */}
          {/* In the page's theme: sonner's own default is light whatever the page. */}
          <Toaster
            theme={theme}
            position="top-center"
            offset={{ top: 72 }}
            mobileOffset={{ top: 72, right: 8, left: 8 }}
            visibleToasts={1}
            richColors
            closeButton
          />
        </Suspense>
      ) : null}
    </ErrorBoundary>
  );
}
