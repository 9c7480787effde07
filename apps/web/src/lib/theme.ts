import { DEFAULT_THEME, THEME_STORAGE_KEY, THEMES, type Theme } from '@stockyard/shared';

export function readTheme(): Theme {
  const stored = localStorage.getItem(THEME_STORAGE_KEY);
  return (THEMES as readonly string[]).includes(stored ?? '') ? (stored as Theme) : DEFAULT_THEME;
}

function resolveTheme(theme: Theme): 'light' | 'dark' {
  if (theme !== 'system') return theme;
  return window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/**
 * Puts the page in the theme, all at once: while the colours swap, transitions are off (the
 * `theme-switching` class, index.css), so that no button or link fades through the other theme's
 * colours for its 150 ms, unreadable meanwhile.
 */
export function applyTheme(theme: Theme): void {
  const resolved = resolveTheme(theme);
  const root = document.documentElement;
  if (root.classList.contains('dark') === (resolved === 'dark')) {
    root.style.colorScheme = resolved;
    return;
  }
  root.classList.add('theme-switching');
  root.classList.toggle('dark', resolved === 'dark');
  root.style.colorScheme = resolved;
  // The new colours computed now, with transitions off, so that nothing transitions to them after.
  window.getComputedStyle(root).getPropertyValue('color');
  setTimeout(() => root.classList.remove('theme-switching'), 0);
}

export function saveTheme(theme: Theme): void {
  localStorage.setItem(THEME_STORAGE_KEY, theme);
  applyTheme(theme);
}
