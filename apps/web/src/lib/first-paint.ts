let painted: Promise<void> | null = null;

/**
 * Resolves once the page has first painted something (the browser's first-contentful-paint mark),
 * or at once when it has. A signed-in visit fetches the shell's and the page's code only then: a
 * request made before that paint is counted by a phone's metrics as part of its wait, and on a slow
 * network it would share the line with the first code. Without paint timing, the task after the
 * next animation frame.
 */
export function firstPaint(): Promise<void> {
  painted ??= new Promise<void>((resolve) => {
    const done = () => performance.getEntriesByName('first-contentful-paint').length > 0;
    if (done()) {
      resolve();
      return;
    }
    if (typeof PerformanceObserver === 'undefined') {
      requestAnimationFrame(() => setTimeout(resolve, 0));
      return;
    }
    const observer = new PerformanceObserver(() => {
      if (!done()) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: 'paint' });
  });
  return painted;
}
