// The landing page's script: its styles, the service worker, and React hydrating the header
// (the page's one interactive part; the rest stays the static HTML prerendered by
// scripts/prerender.mjs). React loads once the page has loaded and the main thread is idle,
// keeping it off the first paint on a phone's connection; a tap on the header before then is
// not lost: it hydrates at once and the tap is replayed.
import './styles.css';
import { registerServiceWorker } from '#lib/service-worker';

const header = document.getElementById('landing-header');
let hydration: Promise<void> | null = null;
let replay: HTMLButtonElement | null = null;

const hydrate = () => {
  hydration ??= import('./landing-hydrate')
    .then((m) => {
      // From here on React sees (and replays) the header's events itself.
      header?.removeEventListener('click', tapBeforeHydration);
      m.hydrateHeader();
      replay?.click();
    })
    .catch(() => {
      // A lost download on a weak connection: the next tap tries again.
      hydration = null;
    });
  return hydration;
};

/**
 * A tap before React is there starts it at once, and is replayed once when it is: the user
 * who tapped again because nothing happened still wanted the menu open.
 */
function tapBeforeHydration(event: MouseEvent): void {
  const control = event.target instanceof Element ? event.target.closest('button') : null;
  if (!control) return;
  replay = control;
  hydrate();
}

header?.addEventListener('click', tapBeforeHydration);
// Safari has no requestIdleCallback: a short timeout stands in.
const whenIdle = () =>
  typeof window.requestIdleCallback === 'function'
    ? window.requestIdleCallback(hydrate, { timeout: 1000 })
    : setTimeout(hydrate, 200);
if (document.readyState === 'complete') whenIdle();
else window.addEventListener('load', whenIdle, { once: true });
registerServiceWorker();
