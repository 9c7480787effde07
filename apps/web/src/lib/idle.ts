/**
 * Runs `task` when the browser is idle after the next paint (at most 2 s later), answering a
 * cancel; where requestIdleCallback is missing (Safari, jsdom), after a short timeout.
 */
export function whenIdle(task: () => void, timeout = 2_000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(task, { timeout });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(task, 50);
  return () => window.clearTimeout(id);
}
