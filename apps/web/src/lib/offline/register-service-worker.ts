let registered = false;

/**
 * Registers the service worker that keeps the app's shell for opening without a connection, once
 * per page; the signed-in shell calls it when the screen is up (its reads answered, the browser
 * idle), so that the worker's install, which fetches every chunk, never competes with the screen.
 * Only the built app has one (vite-plugin-pwa writes /sw.js at build time).
 */
export function registerServiceWorker(): void {
  if (registered || !import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  registered = true;
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
      // No worker (a private window, a browser that refuses it, no network): the app works online
      // as before, and the next sync asks again.
      registered = false;
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
