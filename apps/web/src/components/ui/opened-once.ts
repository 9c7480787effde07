import { useState } from 'react';

/**
 * Whether `open` has been true yet: a dialog's or menu's panel is drawn from its first opening on,
 * not while the page it belongs to first draws (each closed Radix panel re-renders once as it
 * mounts, inside that commit).
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  // Set while rendering (React's way for state derived from props): the opening render draws it.
  if (open && !opened) setOpened(true);
  return opened || open;
}
