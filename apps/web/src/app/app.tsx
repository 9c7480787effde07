import { RouterProvider } from 'react-router';
import { AppToaster } from './app-toaster';
import { ErrorBoundary } from './error-boundary';
import { router } from './router';
import { useThemeSync } from './use-theme-sync';

export function App() {
  const theme = useThemeSync();
  return (
    <ErrorBoundary>
      <RouterProvider router={router} />
      <AppToaster theme={theme} />
    </ErrorBoundary>
  );
}
