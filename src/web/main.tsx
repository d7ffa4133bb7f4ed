// The regular and bold faces carry their unicode-range: a page downloads only the scripts it
// shows, the Arabic face first, instead of trying the Latin face and then the Arabic one. The
// medium weight is the Arabic face alone, as before: the Latin medium face's full stop is
// 0.150 em tall, and the zero must stay 1.5 times the full stop (decision 060).
import '@fontsource/ibm-plex-sans-arabic/400.css';
import '@fontsource/ibm-plex-sans-arabic/arabic-500.css';
import '@fontsource/ibm-plex-sans-arabic/700.css';
import './styles.css';
import '#lib/effects-as-react-runs-them';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { registerServiceWorker } from '#lib/service-worker';
import { App } from './app/App';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
registerServiceWorker();
