import { useSyncExternalStore } from 'react';

/**
 * Whether the server holds this session to setting up two-factor sign-in first (the company
 * requires it of admins): set by the API client when a call is refused with
 * TWO_FACTOR_SETUP_REQUIRED; the shell then shows the setup instead of the page.
 */
let required = false;
const listeners = new Set<() => void>();

export const twoFactorGate = {
  required: () => required,
  set(value: boolean): void {
    if (required === value) return;
    required = value;
    for (const listener of listeners) listener();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useTwoFactorGate(): boolean {
  return useSyncExternalStore(twoFactorGate.subscribe, twoFactorGate.required);
}
