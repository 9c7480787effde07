import { THEME_STORAGE_KEY } from '@stockyard/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyTheme, saveTheme } from './theme';

const root = document.documentElement;

afterEach(() => {
  vi.useRealTimers();
  root.className = '';
  root.style.colorScheme = '';
  localStorage.clear();
});

describe('the theme', () => {
  it('swaps the colours with transitions off, and turns them back on after', () => {
    vi.useFakeTimers();
    saveTheme('dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(root.classList.contains('dark')).toBe(true);
    expect(root.style.colorScheme).toBe('dark');
    expect(root.classList.contains('theme-switching')).toBe(true);
    vi.runAllTimers();
    expect(root.classList.contains('theme-switching')).toBe(false);

    saveTheme('light');
    expect(root.classList.contains('dark')).toBe(false);
    expect(root.classList.contains('theme-switching')).toBe(true);
    vi.runAllTimers();
    expect(root.classList.contains('theme-switching')).toBe(false);
  });

  it('turns nothing off when the page is already in the theme', () => {
    applyTheme('light');
    expect(root.classList.contains('theme-switching')).toBe(false);
    expect(root.style.colorScheme).toBe('light');
  });
});
