import { lazy, Suspense } from 'react';
import { RouterProvider } from 'react-router';
import { ErrorBoundary } from './error-boundary';
import { router } from './router';
import { useThemeSync } from './use-theme-sync';

const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

export function App() {
  useThemeSync();
  return (
    <ErrorBoundary>
      <RouterProvider router={router} />
      <Suspense fallback={null}>
        <Toaster position="top-right" visibleToasts={1} richColors closeButton />
      </Suspense>
    </ErrorBoundary>
  );
}
