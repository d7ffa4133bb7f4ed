// The text and number faces are declared in styles.css (decisions 060 and 065).
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
