import { AlertDialog as A } from 'radix-ui';
import { Button, buttonVariants } from './button';
import { useOpenedOnce } from './opened-once';
import { useReturnFocus } from './return-focus';

type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel?: string;
  /**
   * Whether the action destroys something (a deletion, the default): its button is red. An action
   * that only moves a record on (Finalize, Convert, Mark Returned) is asked in the primary colour.
   */
  destructive?: boolean;
  /** What the confirm button says while the action runs. */
  pendingLabel?: string;
  pending?: boolean;
  onConfirm: () => void;
};

/** Asks before anything that cannot be undone; focus goes back to what opened it as it closes. */
export function ConfirmDialog({ open, onOpenChange, ...panel }: ConfirmDialogProps) {
  // Not in the page before it first opens (components/ui/opened-once.ts).
  if (!useOpenedOnce(open)) return null;
  return (
    <A.Root open={open} onOpenChange={onOpenChange}>
      <A.Portal>
        <ConfirmPanel {...panel} />
      </A.Portal>
    </A.Root>
  );
}

function ConfirmPanel({
  title,
  description,
  confirmLabel = 'Delete',
  pendingLabel = 'Deleting...',
  destructive = true,
  pending = false,
  onConfirm,
}: Omit<ConfirmDialogProps, 'open' | 'onOpenChange'>) {
  const returnFocus = useReturnFocus();
  return (
    <>
      <A.Overlay className="fixed inset-0 z-50 bg-black/50" />
      <A.Content
        className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg border border-border bg-card p-6 shadow-lg"
        onCloseAutoFocus={returnFocus}
      >
        <A.Title className="text-lg font-semibold">{title}</A.Title>
        <A.Description className="mt-2 text-sm text-muted-foreground">{description}</A.Description>
        <div className="mt-6 flex justify-end gap-2">
          <A.Cancel className={buttonVariants({ variant: 'outline' })}>Cancel</A.Cancel>
          <Button
            variant={destructive ? 'destructive' : 'primary'}
            disabled={pending}
            onClick={onConfirm}
          >
            {pending ? pendingLabel : confirmLabel}
          </Button>
        </div>
      </A.Content>
    </>
  );
}
