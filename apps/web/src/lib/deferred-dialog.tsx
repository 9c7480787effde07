import { NETWORK_ERROR_MESSAGE } from '@stockyard/shared';
import { Component, type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { notifyToast } from './toast';

type DialogProps = { onOpenChange: (open: boolean) => void };

/** The dialog's code could not be fetched (no network, or a deploy replaced it). */
class DialogCodeMissing extends Error {}

type BoundaryProps = { onFailed: () => void; children: ReactNode };

/**
 * Closes the dialog, saying why, when its code could not be fetched; the next opening fetches it
 * again. Any other failure goes on to the page's boundary.
 */
class DialogCodeBoundary extends Component<BoundaryProps, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error): void {
    if (!(error instanceof DialogCodeMissing)) return;
    notifyToast.error('Network Error', { description: NETWORK_ERROR_MESSAGE });
    this.props.onFailed();
  }

  override render() {
    const { error } = this.state;
    if (error && !(error instanceof DialogCodeMissing)) throw error;
    return error ? null : this.props.children;
  }
}

function DialogFrame<P extends DialogProps>({
  dialog: Dialog,
  props,
}: {
  dialog: ComponentType<P>;
  props: P;
}) {
  return (
    <DialogCodeBoundary onFailed={() => props.onOpenChange(false)}>
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    </DialogCodeBoundary>
  );
}

/**
 * A dialog whose code, and the zod schemas its form builds, is fetched and run the first time it
 * opens, not with the page that has it (decision 074). A page renders its dialogs only while they
 * are open, so nothing changes for its first paint but what its chunk no longer evaluates: on a
 * phone the inventory's and the rentals' schemas were one task of 40 to 100 ms after that paint.
 * The service worker keeps every chunk, so a dialog opens offline too; while the code loads the
 * page stays as it is, and when it cannot be fetched the dialog closes with the network's toast
 * and its next opening fetches it again.
 */
export function deferredDialog<P extends DialogProps>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  const fetched = (): ComponentType<P> =>
    lazy(() =>
      load().then(
        (component) => ({ default: component }),
        (error: unknown) => {
          // React.lazy keeps a failure for good: the next opening gets a lazy component of its own.
          Dialog = fetched();
          throw new DialogCodeMissing(String(error));
        },
      ),
    );
  let Dialog = fetched();
  return (props: P) => <DialogFrame dialog={Dialog} props={props} />;
}
