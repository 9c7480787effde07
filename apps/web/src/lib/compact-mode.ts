import { COMPACT_MODE_STORAGE_KEY } from '@stockyard/shared';

/** Compact Mode, kept on this device: every table's rows are tightened (index.css, `.compact`). */
export function readCompactMode(): boolean {
  return localStorage.getItem(COMPACT_MODE_STORAGE_KEY) === 'true';
}

export function applyCompactMode(on: boolean): void {
  document.documentElement.classList.toggle('compact', on);
}

export function saveCompactMode(on: boolean): void {
  if (on) localStorage.setItem(COMPACT_MODE_STORAGE_KEY, 'true');
  else localStorage.removeItem(COMPACT_MODE_STORAGE_KEY);
  applyCompactMode(on);
}
