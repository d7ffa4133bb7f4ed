// The landing page's only script: its styles, the phone menu, the service worker. Its HTML is
// complete without it, fonts included (prerendered at build time by scripts/prerender.mjs).
import './styles.css';
import { enhanceLandingMenu } from './features/landing/menu';
import { registerServiceWorker } from './lib/service-worker';

enhanceLandingMenu(document);
registerServiceWorker();
