import { useState } from 'react';

/**
 * What a dialog opened from: the element that had focus as it opened, or, for an item of a menu
 * (the menu closes as the dialog opens, and its item goes with it), the button that opened the
 * menu (Radix names a menu by its trigger through aria-labelledby).
 */
export function openerOf(active: Element | null): HTMLElement | null {
  if (!(active instanceof HTMLElement) || active === document.body) return null;
  const menu = active.closest('[role="menu"]');
  if (!menu) return active;
  const trigger = document.getElementById(menu.getAttribute('aria-labelledby') ?? '');
  return trigger instanceof HTMLElement ? trigger : null;
}

/**
 * A dialog's onCloseAutoFocus that gives focus back to what opened it. Call it in a component that
 * mounts as the dialog opens (inside its portal): it reads the focus before the dialog takes it.
 * A dialog opened by its own state, not a Radix trigger, would otherwise leave focus on the page's
 * body as it closes. When the opener has gone (its row was deleted), Radix's own choice stands.
 */
export function useReturnFocus(): (event: Event) => void {
  const [opener] = useState(() => openerOf(document.activeElement));
  return (event) => {
    if (!opener?.isConnected) return;
    event.preventDefault();
    opener.focus();
  };
}
