import { lazy, Suspense, useSyncExternalStore } from 'react';
import { toasterWanted } from '@/lib/toast';

const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

/**
 * The app's toaster, mounted by the first toast (lib/toast.ts), which it then shows: sonner hands a
 * new toaster the toasts already made. A page that shows no toast neither runs sonner's code nor
 * lays its toaster out (decision 074).
 */
export function AppToaster({ theme }: { theme: 'light' | 'dark' }) {
  const wanted = useSyncExternalStore(toasterWanted.subscribe, toasterWanted.get);
  if (!wanted) return null;
  return (
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
  );
}
