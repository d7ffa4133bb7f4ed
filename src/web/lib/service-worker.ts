/**
 * Registers /sw.js (app shell and static assets only, never API responses) so brokers can add
 * the app to their home screen. Production builds only: in development it would serve stale
 * modules.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () =>
    navigator.serviceWorker.register('/sw.js').catch(() => {
      // Not installable this time (private mode, say): the site works the same.
    });
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', () => void register(), { once: true });
}
