import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useWideScreen } from './use-wide-screen';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A window of `width` px whose media queries answer as a browser's would, and can be resized. */
function windowOf(width: number) {
  const listeners = new Set<() => void>();
  const query = (text: string) => Number(/min-width: (\d+)px/.exec(text)?.[1] ?? 0);
  vi.stubGlobal(
    'matchMedia',
    vi.fn((text: string) => ({
      get matches() {
        return width >= query(text);
      },
      addEventListener: (_: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
    })),
  );
  return {
    resize(to: number) {
      width = to;
      for (const listener of listeners) listener();
    },
    listeners,
  };
}

describe('useWideScreen', () => {
  it("is false on a phone, true from Tailwind's lg, and follows the window as it resizes", () => {
    const screen = windowOf(412);
    const { result, unmount } = renderHook(() => useWideScreen('lg'));
    expect(result.current).toBe(false);
    act(() => screen.resize(1280));
    expect(result.current).toBe(true);
    act(() => screen.resize(1023));
    expect(result.current).toBe(false);
    unmount();
    expect(screen.listeners.size).toBe(0);
  });

  it("from Tailwind's sm, where a table shows its columns, is its own breakpoint", () => {
    const screen = windowOf(412);
    const { result } = renderHook(() => [useWideScreen('sm'), useWideScreen('lg')]);
    expect(result.current).toEqual([false, false]);
    act(() => screen.resize(640));
    expect(result.current).toEqual([true, false]);
    act(() => screen.resize(1024));
    expect(result.current).toEqual([true, true]);
  });
});
