import { lazy, Suspense } from 'react';
import { RouterProvider } from 'react-router';
import { ErrorBoundary } from './error-boundary';
import { router } from './router';
import { useThemeSync } from './use-theme-sync';

const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

export function App() {
  const theme = useThemeSync();
  return (
    <ErrorBoundary>
      <RouterProvider router={router} />
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
    </ErrorBoundary>
  );
}
