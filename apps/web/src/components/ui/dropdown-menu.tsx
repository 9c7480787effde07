import { DropdownMenu as M, Slot } from 'radix-ui';
import {
  type ComponentProps,
  createContext,
  type KeyboardEvent,
  type PointerEvent,
  useContext,
  useState,
} from 'react';
import { cn } from '@/lib/cn';
import { useOpenedOnce } from './opened-once';

/** Whether the menu has been opened yet, and how its stand-in trigger opens it. */
const Drawn = createContext<{ drawn: boolean; openFirst: () => void }>({
  drawn: true,
  openFirst: () => {},
});

/**
 * A menu. Until it first opens, its trigger is a plain stand-in that looks and reads the same
 * (a button that has a menu, collapsed) and its content is not in the page: Radix's trigger anchors
 * its popper by setting state as it mounts, and its closed content mounts a presence that does too,
 * each a synchronous re-render inside the commit that draws the page (a list with a menu per row
 * has ten). The press or key that opens a Radix menu (DropdownMenuTrigger) draws it, open.
 */
export function DropdownMenu({
  onOpenChange,
  ...props
}: Omit<ComponentProps<typeof M.Root>, 'open' | 'defaultOpen'>) {
  const [open, setOpen] = useState(false);
  const drawn = useOpenedOnce(open);
  const change = (next: boolean) => {
    setOpen(next);
    onOpenChange?.(next);
  };
  const openFirst = () => change(true);
  return (
    <Drawn.Provider value={{ drawn, openFirst }}>
      <M.Root open={open} onOpenChange={change} {...props} />
    </Drawn.Provider>
  );
}

/** Opens as Radix's trigger does: a left press without Ctrl, or Enter, Space or the down arrow. */
export function DropdownMenuTrigger({
  asChild,
  onPointerDown,
  onKeyDown,
  ...props
}: ComponentProps<typeof M.Trigger>) {
  const { drawn, openFirst } = useContext(Drawn);
  if (drawn)
    return (
      <M.Trigger asChild={asChild} onPointerDown={onPointerDown} onKeyDown={onKeyDown} {...props} />
    );
  const StandIn = asChild ? Slot.Root : 'button';
  return (
    <StandIn
      {...(asChild ? {} : { type: 'button' as const })}
      aria-haspopup="menu"
      aria-expanded={false}
      data-state="closed"
      {...props}
      onPointerDown={(event: PointerEvent<HTMLButtonElement>) => {
        onPointerDown?.(event);
        if (event.defaultPrevented || props.disabled) return;
        if (event.button === 0 && !event.ctrlKey) {
          // As Radix's: the menu, not the trigger, takes the focus.
          event.preventDefault();
          openFirst();
        }
      }}
      onKeyDown={(event: KeyboardEvent<HTMLButtonElement>) => {
        onKeyDown?.(event);
        if (event.defaultPrevented || props.disabled) return;
        if (['Enter', ' ', 'ArrowDown'].includes(event.key)) {
          event.preventDefault();
          openFirst();
        }
      }}
    />
  );
}

export function DropdownMenuContent({ className, ...props }: ComponentProps<typeof M.Content>) {
  if (!useContext(Drawn).drawn) return null;
  return (
    <M.Portal>
      <M.Content
        align="end"
        sideOffset={6}
        className={cn(
          'z-50 min-w-48 rounded-md border border-border bg-card p-1 shadow-md',
          className,
        )}
        {...props}
      />
    </M.Portal>
  );
}

export function DropdownMenuItem({ className, ...props }: ComponentProps<typeof M.Item>) {
  return (
    <M.Item
      className={cn(
        'flex cursor-pointer select-none items-center gap-2 rounded-sm px-2 py-1.5 text-sm outline-none data-[highlighted]:bg-muted',
        className,
      )}
      {...props}
    />
  );
}

export function DropdownMenuLabel({ className, ...props }: ComponentProps<typeof M.Label>) {
  return <M.Label className={cn('px-2 py-1.5 text-sm font-semibold', className)} {...props} />;
}

export function DropdownMenuSeparator() {
  return <M.Separator className="my-1 h-px bg-border" />;
}

export const DropdownMenuRadioGroup = M.RadioGroup;

export function DropdownMenuRadioItem({
  className,
  children,
  ...props
}: ComponentProps<typeof M.RadioItem>) {
  return (
    <M.RadioItem
      className={cn(
        'flex cursor-pointer select-none items-center gap-2 rounded-sm py-1.5 pl-7 pr-2 text-sm outline-none relative data-[highlighted]:bg-muted',
        className,
      )}
      {...props}
    >
      <M.ItemIndicator className="absolute left-2 inline-flex">
        <span className="h-2 w-2 rounded-full bg-primary" />
      </M.ItemIndicator>
      {children}
    </M.RadioItem>
  );
}
