import '@fontsource/ibm-plex-sans-arabic/arabic-400.css';
import '@fontsource/ibm-plex-sans-arabic/arabic-700.css';
import '@fontsource/ibm-plex-sans-arabic/latin-400.css';
import '@fontsource/ibm-plex-sans-arabic/latin-700.css';
import './styles.css';
import { hydrateRoot } from 'react-dom/client';
import { LandingPage } from './features/landing/LandingPage';
import { BRAND } from './lib/brand';
import { registerServiceWorker } from './lib/service-worker';

// The page's HTML was rendered at build time; this only attaches the menu button's behaviour.
const root = document.getElementById('root');
if (root) hydrateRoot(root, <LandingPage brand={BRAND} />);
registerServiceWorker();
