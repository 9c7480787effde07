// sonner loads on the first toast, which keeps it out of the sign-in page's bundle, and the app
// mounts its toaster then too (app.tsx): a page that shows no toast neither runs sonner's code nor
// lays out its toaster (one or two tasks of 10 to 30 ms at 1x after a phone's first paint).
type ToastOptions = { id?: string; description?: string };

let wanted = false;
const listeners = new Set<() => void>();

function want(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

/** Whether a toast has been made yet, for useSyncExternalStore: the app mounts its toaster then. */
export const toasterWanted = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: (): boolean => wanted,
};

export const notifyToast = {
  error(title: string, options?: ToastOptions): void {
    want();
    void import('sonner').then(({ toast }) => toast.error(title, options));
  },
  success(title: string, options?: ToastOptions): void {
    want();
    void import('sonner').then(({ toast }) => toast.success(title, options));
  },
  info(title: string, options?: ToastOptions): void {
    want();
    void import('sonner').then(({ toast }) => toast(title, options));
  },
};
