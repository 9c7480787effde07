import { X } from 'lucide-react';
import { Dialog as D } from 'radix-ui';
import { createContext, type ReactNode, useContext } from 'react';
import { cn } from '@/lib/cn';
import { useOpenedOnce } from './opened-once';
import { useReturnFocus } from './return-focus';

const Opened = createContext(true);

/**
 * A dialog, opened and closed by its `open`. Its panel is in the page from the first time it opens
 * and stays there (focus returns to what opened it as it closes). Before that it is not: a closed
 * Radix panel still mounts its presence, whose first effect re-renders it at once, inside the
 * commit that draws the page, for each dialog a page has.
 */
export function Dialog({ open, ...props }: D.DialogProps & { open: boolean }) {
  const opened = useOpenedOnce(open);
  return (
    <Opened.Provider value={opened}>
      <D.Root open={open} {...props} />
    </Opened.Provider>
  );
}

type DialogContentProps = {
  title: string;
  description?: string;
  children: ReactNode;
  className?: string;
};

export function DialogContent(props: DialogContentProps) {
  if (!useContext(Opened)) return null;
  return (
    <D.Portal>
      <DialogPanel {...props} />
    </D.Portal>
  );
}

/**
 * The open dialog: named by its title alone, described by its description when it has one (a
 * screen reader reads the title once), and focus goes back to what opened it as it closes.
 */
function DialogPanel({ title, description, children, className }: DialogContentProps) {
  const returnFocus = useReturnFocus();
  return (
    <>
      <D.Overlay className="fixed inset-0 z-50 bg-black/50" />
      <D.Content
        className={cn(
          'fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg border border-border bg-card p-6 shadow-lg',
          className,
        )}
        // Without a description the dialog is described by nothing (Radix's way of saying so).
        {...(description ? {} : { 'aria-describedby': undefined })}
        onCloseAutoFocus={returnFocus}
      >
        <D.Title className="text-lg font-semibold">{title}</D.Title>
        {description ? (
          <D.Description className="mt-1 text-sm text-muted-foreground">
            {description}
          </D.Description>
        ) : null}
        <div className="mt-4">{children}</div>
        <D.Close
          className="absolute right-4 top-4 rounded-sm opacity-70 hover:opacity-100 focus-visible:ring-2 focus-visible:ring-ring"
          aria-label="Close"
        >
          <X className="h-4 w-4" />
        </D.Close>
      </D.Content>
    </>
  );
}
