// The app's text face (decision 065), then the styles with the number face (decision 060).
import './fonts.css';
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
