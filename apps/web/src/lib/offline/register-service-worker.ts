/**
 * Registers the service worker that keeps the app's shell for opening without a connection,
 * once the page has loaded so that it never competes with the first paint; called
 * by the signed-in shell. Only the built app has one (vite-plugin-pwa writes /sw.js at build time).
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
      // No worker (a private window, a browser that refuses it): the app works online as before.
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
