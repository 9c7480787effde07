// sonner loads on the first toast, which keeps it out of the sign-in page's bundle.
type ToastOptions = { id?: string; description?: string };

export const notifyToast = {
  error(title: string, options?: ToastOptions): void {
    void import('sonner').then(({ toast }) => toast.error(title, options));
  },
  success(title: string, options?: ToastOptions): void {
    void import('sonner').then(({ toast }) => toast.success(title, options));
  },
  info(title: string, options?: ToastOptions): void {
    void import('sonner').then(({ toast }) => toast(title, options));
  },
};
