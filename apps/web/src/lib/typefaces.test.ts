import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { prepareTypefaces, useCodeTypefaces } from './typefaces';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.documentElement.style.removeProperty('--font-sans');
  document.documentElement.style.removeProperty('--font-mono');
});

/** A canvas that writes down the font of each word measured on it. */
function measuringCanvas() {
  const measured: string[] = [];
  vi.stubGlobal(
    'OffscreenCanvas',
    class {
      getContext() {
        let font = '';
        return {
          set font(value: string) {
            font = value;
          },
          measureText: () => {
            measured.push(font);
            return { width: 30 };
          },
        };
      }
    },
  );
  return measured;
}

describe('prepareTypefaces', () => {
  it("readies each typeface in the stylesheet's families, one per task, off the page (issue 52)", async () => {
    vi.useFakeTimers();
    document.documentElement.style.setProperty('--font-sans', 'Test Sans, sans-serif');
    document.documentElement.style.setProperty('--font-mono', 'Test Mono, monospace');
    const measured = measuringCanvas();
    const elements = document.body.childElementCount;
    const done = prepareTypefaces([
      ['mono', 12, 400],
      ['sans', 24, 600],
    ]);
    expect(measured).toEqual([]);
    vi.runOnlyPendingTimers();
    expect(measured).toEqual(['400 12px Test Mono, monospace']);
    vi.runOnlyPendingTimers();
    expect(measured).toEqual(['400 12px Test Mono, monospace', '600 24px Test Sans, sans-serif']);
    vi.runOnlyPendingTimers();
    await done;
    expect(document.body.childElementCount).toBe(elements);
  });

  it('does nothing where the browser has no canvas', async () => {
    await expect(prepareTypefaces()).resolves.toBeUndefined();
  });
});

describe('useCodeTypefaces', () => {
  it("readies the codes' monospace, and not the pages' other typefaces, once for every list that shows codes", () => {
    vi.useFakeTimers();
    document.documentElement.style.setProperty('--font-mono', 'Test Mono, monospace');
    const measured = measuringCanvas();
    renderHook(() => useCodeTypefaces());
    renderHook(() => useCodeTypefaces());
    vi.runAllTimers();
    expect(measured).toEqual(['400 12px Test Mono, monospace', '400 14px Test Mono, monospace']);
  });
});
